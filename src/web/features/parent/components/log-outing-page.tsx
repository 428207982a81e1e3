import { Button, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { firstProblem } from '../../../../core/admin-inputs.ts';
import { OUTING_MESSAGES, outsideOutingSchema } from '../../../../core/outing-inputs.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { ErrorAlert, LoadFailed } from '../../../components/admin/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { localToday } from '../../../lib/format.ts';
import { useMyChildren } from '../api/my-children.ts';
import { useCreateOutsideOuting, useOutsideOutings } from '../api/outside-outings.ts';
import { ReportedOutings } from './reported-outings.tsx';

export const LOG_TEXT = {
  title: 'Log Outing for My Child',
  intro:
    'Pitching outside the league (a travel team, school) counts for rest too. Record it here: your child’s coaches and league admins see it, marked as reported by a parent.',
  saveFailed: 'Failed to save the outing',
  deleteFailed: 'Failed to delete the outing',
  loadFailed: 'Failed to load your children',
  noChild: 'No child is linked to your account yet. Ask your league’s administrator to link you.',
  chooseChild: 'Choose your child',
} as const;

interface Draft {
  playerId: string | null;
  date: string;
  description: string;
  pitches: number | string;
  innings: number | string;
  pitchesBeforeLastBatter: number | string;
}

const emptyDraft = (playerId: string | null): Draft => ({
  playerId,
  // Empty: the child's organization's today until the parent picks a day (dates are the league's calendar days).
  date: '',
  description: '',
  pitches: '',
  innings: '',
  pitchesBeforeLastBatter: '',
});
const asNumber = (value: number | string) => (typeof value === 'number' ? value : value === '' ? 0 : Number.NaN);

/**
 * /parent/log: a parent records their child's pitching outside the league. The outing's
 * id is made once per draft, so sending again after a lost answer stores it once.
 */
export function LogOutingPage() {
  const children = useMyChildren();
  const outings = useOutsideOutings();
  const create = useCreateOutsideOuting();
  const onlyChild = children.data?.length === 1 ? (children.data[0]?.id ?? null) : null;
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(null));
  const [draftId, setDraftId] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const playerId = draft.playerId ?? onlyChild;
  const child = children.data?.find((c) => c.id === playerId) ?? children.data?.[0];
  // The league's today, not this browser's (a parent abroad is a day ahead or behind); the server checks it too.
  const today = child?.organizationToday ?? localToday();
  const date = draft.date || today;

  const edit = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    // A changed entry is a new outing: a new id, so the server never takes it for a retry of the old one.
    setDraftId(crypto.randomUUID());
    setSaved(null);
    // A refusal spoke of the entry as it was: an edit makes it stale.
    setProblem(null);
  };

  const save = async () => {
    setProblem(null);
    if (!playerId) return setProblem(LOG_TEXT.chooseChild);
    if (date > today) return setProblem(OUTING_MESSAGES.afterToday(today));
    const parsed = outsideOutingSchema.safeParse({
      date,
      description: draft.description,
      pitches: asNumber(draft.pitches),
      innings: asNumber(draft.innings),
      pitchesBeforeLastBatter: draft.pitchesBeforeLastBatter === '' ? null : asNumber(draft.pitchesBeforeLastBatter),
    });
    if (!parsed.success) return setProblem(firstProblem(parsed.error));
    try {
      await create.mutateAsync({ id: draftId, playerId, ...parsed.data });
      setSaved(`Saved. It counts for ${child?.firstName ?? 'your child'}’s rest everywhere they play.`);
      setDraft(emptyDraft(draft.playerId));
      setDraftId(crypto.randomUUID());
    } catch (error) {
      setProblem(adminErrorMessage(error, LOG_TEXT.saveFailed));
    }
  };

  if (children.isPending) return <PageLoader label="Loading your children" />;
  if (children.isError) return <LoadFailed error={children.error} fallback={LOG_TEXT.loadFailed} />;

  return (
    <Stack gap="lg">
      <Title order={1}>{LOG_TEXT.title}</Title>
      <Text>{LOG_TEXT.intro}</Text>
      {children.data.length === 0 ? (
        <Text>{LOG_TEXT.noChild}</Text>
      ) : (
        <form
          style={{ maxWidth: 560 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="md">
            <Select
              label="Child"
              required
              data={children.data.map((c) => ({ value: c.id, label: `${c.firstName} ${c.lastName}` }))}
              value={playerId}
              onChange={(value) => edit({ playerId: value })}
              allowDeselect={false}
            />
            <Group grow align="flex-start">
              <TextInput
                label="Date"
                type="date"
                required
                max={today}
                value={date}
                onChange={(e) => edit({ date: e.currentTarget.value })}
              />
              <TextInput
                label="Where"
                required
                placeholder="Travel team vs Eagles"
                value={draft.description}
                onChange={(e) => edit({ description: e.currentTarget.value })}
              />
            </Group>
            <Group grow align="flex-start">
              <NumberInput
                label="Pitches"
                min={0}
                allowDecimal={false}
                clampBehavior="none"
                value={draft.pitches}
                onChange={(pitches) => edit({ pitches })}
              />
              <NumberInput
                label="Innings pitched"
                min={0}
                allowDecimal={false}
                clampBehavior="none"
                value={draft.innings}
                onChange={(innings) => edit({ innings })}
              />
            </Group>
            <NumberInput
              label="Pitches before last batter"
              description="Optional: the count when the last batter came up"
              min={0}
              allowDecimal={false}
              clampBehavior="none"
              value={draft.pitchesBeforeLastBatter}
              onChange={(pitchesBeforeLastBatter) => edit({ pitchesBeforeLastBatter })}
            />
            {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
            {saved ? (
              <Text role="status" fw={600}>
                {saved}
              </Text>
            ) : null}
            <Group>
              <Button type="submit" size="md" loading={create.isPending}>
                Save outing
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      <ReportedOutings
        outings={outings}
        onDeleteFailed={(error) => setProblem(adminErrorMessage(error, LOG_TEXT.deleteFailed))}
      />
    </Stack>
  );
}
