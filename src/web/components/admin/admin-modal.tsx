import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../../lib/i18n.ts';
import { ErrorAlert } from './admin-page.tsx';

export interface AdminModalProps {
  /** Whether the modal shows. */
  opened: boolean;
  /** The modal's heading, e.g. 'Add Organization'. */
  title: string;
  /** Cancel, Escape or a click outside; ignored while busy. */
  onClose: () => void;
  /** Save (or Delete) pressed, or Enter in a field. */
  onConfirm: () => void;
  /** 'save': a Save button; 'delete': a red Delete button. */
  kind?: 'save' | 'delete';
  /** While the server works: buttons disabled, the modal cannot be closed, nothing is sent twice. */
  busy?: boolean;
  /** The error box's message (docs/screens.md, Messages: it shows inside the modal, which stays open). */
  error?: string | null;
  /** The fields, or the confirmation text. */
  children?: ReactNode;
  /** The confirm button's text when Save or Delete would not say what happens (e.g. 'Roll Season'). */
  confirmLabel?: string;
  /** Wider for a form with tables (the whole rest rule); 'md' otherwise. */
  size?: 'md' | 'lg' | 'xl';
}

/** What a screen's form modal takes: whether it shows, `modal.props` ({ busy, error, onClose }), and what Save sends. */
export interface AdminFormProps<Value> {
  opened: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (value: Value) => void;
}

/** The Name field of an Add or Edit modal: required, focused first, 200 characters at most. */
export function NameField({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <TextInput
      label={label ?? t('common.name')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      required
      data-autofocus
      disabled={disabled}
      maxLength={200}
    />
  );
}

/** The end of a dialog whose changes are sent one by one (a player's teams, parents): the error box and Done. */
export function DoneFooter({ error, busy, onDone }: { error: string | null; busy: boolean; onDone: () => void }) {
  const t = useT();
  return (
    <>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={busy}>
          {t('admin.modal.done')}
        </Button>
      </Group>
    </>
  );
}

/** The modal of every admin screen: title, content, error box, and Save/Cancel or Delete/Cancel. */
export function AdminModal({
  opened,
  title,
  onClose,
  onConfirm,
  kind = 'save',
  busy = false,
  error,
  children,
  confirmLabel,
  size = 'md',
}: AdminModalProps) {
  const t = useT();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      closeButtonProps={{ 'aria-label': t('common.close'), disabled: busy }}
      size={size}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <Group justify="flex-end" gap="sm">
            <Button type="button" variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            {/* red.9: white on Mantine's red.8 falls just short of AA's 4.5:1 (axe's color-contrast). */}
            <Button type="submit" color={kind === 'delete' ? 'red.9' : undefined} loading={busy} disabled={busy}>
              {confirmLabel ?? (kind === 'delete' ? t('common.delete') : t('common.save'))}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
