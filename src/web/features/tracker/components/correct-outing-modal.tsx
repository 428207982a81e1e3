import { List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { OutingCounts } from '../../../../core/outing-inputs.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
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
  const [values, setValues] = useState<CountValues>(() => countValuesOf(outing));
  const [reason, setReason] = useState('');

  const onConfirm = () => {
    const counts = parseCounts(values);
    if (!counts.success) {
      onProblem(counts.error.issues[0]?.message ?? 'Check the counts');
      return;
    }
    const why = checkedReason(reason, onProblem);
    if (why !== null) onSave({ ...counts.data, reason: why });
  };

  return (
    <AdminModal opened title="Correct outing" onClose={onClose} onConfirm={onConfirm} busy={busy} error={error}>
      <Text fw={600}>{playerLabel(outing.jerseyNumber, outing.playerName)}</Text>
      <CountFields values={values} onChange={setValues} disabled={busy} autoFocus />
      <ReasonField
        description="What was wrong, as the log will keep it"
        disabled={busy}
        value={reason}
        onChange={setReason}
      />
      <CorrectionHistory outing={outing} />
    </AdminModal>
  );
}

/** Who changed the outing, when, why, and its pitches before and after. */
export function CorrectionHistory({ outing }: { outing: Outing }) {
  return (
    <Stack gap={4} component="section" aria-label="Correction history">
      <Title order={3} size="h5">
        Correction history
      </Title>
      {outing.corrections.length === 0 ? (
        <Text size="sm">
          Recorded by {outing.recordedByName} on {formatDateTime(outing.recordedAt)}; not corrected since.
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {outing.corrections.map((c) => (
            <List.Item key={c.id}>
              {c.changedByName}, {formatDateTime(c.changedAt)}: {c.reason} (pitches {c.before.pitches} →{' '}
              {c.after ? c.after.pitches : 'deleted'})
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
