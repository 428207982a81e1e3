import { List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { OutingCounts } from '../../../../core/outing-inputs.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { Outing } from '../api/list-pitch-outings.ts';
import { CountFields, type CountValues, countValuesOf, parseCounts } from './count-fields.tsx';
import { playerLabel } from './labels.ts';
import { checkedReason, ReasonField } from './reason-field.tsx';

/** The full counts as they should be, and why. */
export type CorrectOutingInput = OutingCounts & { reason: string };

export interface OutingModalProps {
  outing: Outing | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onProblem: (message: string) => void;
}

/** 'Correct outing': the counts as they should be and a required reason; the history below. */
export function CorrectOutingModal(props: OutingModalProps & { onSave: (input: CorrectOutingInput) => void }) {
  return props.outing ? <CorrectOutingForm {...props} outing={props.outing} /> : null;
}

function CorrectOutingForm({
  outing,
  busy,
  error,
  onClose,
  onProblem,
  onSave,
}: Parameters<typeof CorrectOutingModal>[0] & { outing: Outing }) {
  const t = useT();
  const [values, setValues] = useState<CountValues>(() => countValuesOf(outing));
  const [reason, setReason] = useState('');

  const onConfirm = () => {
    const counts = parseCounts(values);
    if (!counts.success) {
      const issue = counts.error.issues[0]?.message;
      onProblem(issue ? t.said(issue) : t('games.correct.checkCounts'));
      return;
    }
    const why = checkedReason(reason, onProblem);
    if (why !== null) onSave({ ...counts.data, reason: why });
  };

  return (
    <AdminModal
      opened
      title={t('games.correct.title')}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <Text fw={600}>{playerLabel(outing.jerseyNumber, outing.playerName)}</Text>
      <CountFields values={values} onChange={setValues} disabled={busy} autoFocus />
      <ReasonField description={t('games.correct.reasonHelp')} disabled={busy} value={reason} onChange={setReason} />
      <CorrectionHistory outing={outing} />
    </AdminModal>
  );
}

/** Who changed the outing, when, why, and its pitches before and after. */
export function CorrectionHistory({ outing }: { outing: Outing }) {
  const t = useT();
  return (
    <Stack gap={4} component="section" aria-label={t('games.correct.history')}>
      <Title order={3} size="h5">
        {t('games.correct.history')}
      </Title>
      {outing.corrections.length === 0 ? (
        <Text size="sm">
          {t('games.correct.notCorrected', { name: outing.recordedByName, when: t.moment(outing.recordedAt) })}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {outing.corrections.map((c) => (
            <List.Item key={c.id}>
              {c.after
                ? t('games.correct.entry', {
                    name: c.changedByName,
                    when: t.moment(c.changedAt),
                    reason: c.reason,
                    before: c.before.pitches,
                    after: c.after.pitches,
                  })
                : t('games.correct.entryDeleted', {
                    name: c.changedByName,
                    when: t.moment(c.changedAt),
                    reason: c.reason,
                    before: c.before.pitches,
                  })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
