import { Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { formatDate, withLocalDates } from '../../../lib/format.ts';
import { translatorNow } from '../../../lib/i18n.ts';
import type { Violation } from '../api/list-violations.ts';
import { type ViolationState, violationLabel } from '../violation-labels.ts';

export const NOTE_REQUIRED = 'Add a note: what was done about it';
export const NOTE_MAX = 1000;
export const UPDATE_FAILED = 'Failed to update violation';

export type ViolationAction = 'acknowledge' | 'resolve' | 'reopen';

/** What each action does: the state it sets, the modal's title and its confirm button. */
export const VIOLATION_ACTIONS: Record<ViolationAction, { state: ViolationState; title: string; button: string }> = {
  acknowledge: { state: 'acknowledged', title: 'Acknowledge violation', button: 'Acknowledge' },
  resolve: { state: 'resolved', title: 'Resolve violation', button: 'Resolve' },
  reopen: { state: 'open', title: 'Reopen violation', button: 'Reopen' },
};

/** '#7 Ava Garcia', or the name alone without a jersey number. */
export function playerLabel(violation: Pick<Violation, 'jerseyNumber' | 'playerName'>): string {
  return violation.jerseyNumber ? `#${violation.jerseyNumber} ${violation.playerName}` : violation.playerName;
}

/**
 * Acknowledge, resolve or reopen one violation: a required note (what was done about it), checked
 * before sending; the server's refusal shows in the modal's error box.
 */
export function ViolationNoteModal({
  opened,
  violation,
  action,
  busy,
  error,
  onClose,
  onSave,
}: {
  opened: boolean;
  violation: Violation | null;
  action: ViolationAction;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  /** Called with the trimmed note. */
  onSave: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The violation and action stay on screen while the modal fades out.
  const [shown, setShown] = useState<{ violation: Violation; action: ViolationAction } | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      // Each opening starts with an empty note and no stale message.
      setNote('');
      setProblem(null);
    }
  }
  if (opened && violation && (shown?.violation !== violation || shown.action !== action)) {
    setShown({ violation, action });
  }

  const texts = VIOLATION_ACTIONS[shown?.action ?? action];
  const onConfirm = () => {
    const trimmed = note.trim();
    if (!trimmed) {
      setProblem(NOTE_REQUIRED);
      return;
    }
    onSave(trimmed);
  };

  return (
    <AdminModal
      opened={opened}
      title={texts.title}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
      confirmLabel={texts.button}
    >
      {shown ? (
        <Stack gap={2}>
          <Text fw={600}>
            {playerLabel(shown.violation)}, {formatDate(shown.violation.date)}
          </Text>
          <Text size="sm">
            {violationLabel(shown.violation.code)}:{' '}
            {withLocalDates(translatorNow().said(shown.violation.said ?? shown.violation.message))}
          </Text>
        </Stack>
      ) : null}
      <Textarea
        label="Note"
        description="What was done about it"
        required
        data-autofocus
        rows={4}
        maxLength={NOTE_MAX}
        disabled={busy}
        value={note}
        error={problem}
        onChange={(event) => {
          setNote(event.currentTarget.value);
          if (problem) setProblem(null);
        }}
      />
    </AdminModal>
  );
}
