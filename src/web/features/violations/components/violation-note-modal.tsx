import { Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { formatDate, withLocalDates } from '../../../lib/format.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import type { Violation } from '../api/list-violations.ts';
import { type ViolationState, violationLabel } from '../violation-labels.ts';

export const NOTE_MAX = 1000;

export type ViolationAction = 'acknowledge' | 'resolve' | 'reopen';

/** The state each action sets. */
export const VIOLATION_ACTIONS: Record<ViolationAction, { state: ViolationState }> = {
  acknowledge: { state: 'acknowledged' },
  resolve: { state: 'resolved' },
  reopen: { state: 'open' },
};

/** An action's words: the modal's title and its confirm button ('Acknowledge violation', 'Acknowledge'). */
export function actionWords(t: Translate, action: ViolationAction): { title: string; button: string } {
  return { title: t(`status.violations.${action}.title`), button: t(`status.violations.${action}.button`) };
}

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
  const t = useT();
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

  const texts = actionWords(t, shown?.action ?? action);
  const onConfirm = () => {
    const trimmed = note.trim();
    if (!trimmed) {
      setProblem(t('status.violations.noteRequired'));
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
            {violationLabel(t, shown.violation.code)}:{' '}
            {withLocalDates(t.said(shown.violation.said ?? shown.violation.message))}
          </Text>
        </Stack>
      ) : null}
      <Textarea
        label={t('status.violations.note')}
        description={t('status.violations.noteHint')}
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
