import { Button, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { firstProblem } from '../../../../core/admin-inputs.ts';
import { outsideOutingDateProblem, outsideOutingSchema } from '../../../../core/outing-inputs.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { ErrorAlert, LoadFailed } from '../../../components/admin/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { localToday } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useMyChildren } from '../api/my-children.ts';
import { useCreateOutsideOuting, useOutsideOutings } from '../api/outside-outings.ts';
import { ReportedOutings } from './reported-outings.tsx';

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
  const t = useT();
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
    if (!playerId) return setProblem(t('status.log.chooseChild'));
    const wrongDate = outsideOutingDateProblem(date, { today, birthDate: child?.birthDate ?? null });
    if (wrongDate) return setProblem(t.said(wrongDate));
    const parsed = outsideOutingSchema.safeParse({
      date,
      description: draft.description,
      pitches: asNumber(draft.pitches),
      innings: asNumber(draft.innings),
      pitchesBeforeLastBatter: draft.pitchesBeforeLastBatter === '' ? null : asNumber(draft.pitchesBeforeLastBatter),
    });
    if (!parsed.success) return setProblem(t.said(firstProblem(parsed.error)));
    try {
      await create.mutateAsync({ id: draftId, playerId, ...parsed.data });
      setSaved(child ? t('status.log.saved', { name: child.firstName }) : t('status.log.savedNoName'));
      setDraft(emptyDraft(draft.playerId));
      setDraftId(crypto.randomUUID());
    } catch (error) {
      setProblem(adminErrorMessage(error, t('status.log.saveFailed')));
    }
  };

  if (children.isPending) return <PageLoader label={t('status.children.loading')} />;
  if (children.isError) return <LoadFailed error={children.error} fallback={t('status.children.loadFailed')} />;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('status.log.title')}</Title>
      <Text>{t('status.log.intro')}</Text>
      {children.data.length === 0 ? (
        <Text>{t('status.log.noChild')}</Text>
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
              label={t('status.log.child')}
              required
              data={children.data.map((c) => ({ value: c.id, label: `${c.firstName} ${c.lastName}` }))}
              value={playerId}
              onChange={(value) => edit({ playerId: value })}
              allowDeselect={false}
            />
            <Group grow align="flex-start">
              <TextInput
                label={t('status.log.date')}
                type="date"
                required
                max={today}
                value={date}
                onChange={(e) => edit({ date: e.currentTarget.value })}
              />
              <TextInput
                label={t('status.log.where')}
                required
                placeholder={t('status.log.wherePlaceholder')}
                value={draft.description}
                onChange={(e) => edit({ description: e.currentTarget.value })}
              />
            </Group>
            <Group grow align="flex-start">
              <NumberInput
                label={t('status.log.pitches')}
                min={0}
                allowDecimal={false}
                clampBehavior="none"
                value={draft.pitches}
                onChange={(pitches) => edit({ pitches })}
              />
              <NumberInput
                label={t('status.log.innings')}
                min={0}
                allowDecimal={false}
                clampBehavior="none"
                value={draft.innings}
                onChange={(innings) => edit({ innings })}
              />
            </Group>
            <NumberInput
              label={t('status.log.pitchesBeforeLastBatter')}
              description={t('status.log.pitchesBeforeLastBatterHint')}
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
                {t('status.log.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      <ReportedOutings
        outings={outings}
        onDeleteFailed={(error) => setProblem(adminErrorMessage(error, t('status.log.deleteFailed')))}
      />
    </Stack>
  );
}
