import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { firstProblem } from '../../../core/admin-inputs.ts';
import { AdminModal } from './admin-modal.tsx';

export interface NameModalProps {
  /** Whether the modal shows; the field starts from `initialName` each time it opens. */
  opened: boolean;
  /** E.g. 'Add Organization' or 'Edit League'. */
  title: string;
  /** The name now ('' when adding). */
  initialName: string;
  /** The core schema that checks (and trims) the name, e.g. organizationNameSchema. */
  schema: z.ZodType<string, string>;
  /** From useAdminModal. */
  busy: boolean;
  /** From useAdminModal: the server's message. */
  error: string | null;
  onClose: () => void;
  /** Called with the checked, trimmed name. */
  onSave: (name: string) => void;
}

/**
 * Add or Edit of a named thing: one 'Name' field checked with the core schema before anything is sent
 * (docs/screens.md, Validation).
 */
export function NameModal(props: NameModalProps) {
  // Remounting the form on each opening starts it from the current name with no stale message.
  return props.opened ? <NameForm {...props} /> : null;
}

function NameForm({ title, initialName, schema, busy, error, onClose, onSave }: NameModalProps) {
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);

  const onConfirm = () => {
    const parsed = schema.safeParse(name);
    if (!parsed.success) {
      setProblem(firstProblem(parsed.error));
      return;
    }
    setProblem(null);
    onSave(parsed.data);
  };

  return (
    <AdminModal opened title={title} onClose={onClose} onConfirm={onConfirm} busy={busy} error={error}>
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          if (problem) setProblem(null);
        }}
        error={problem}
        required
        data-autofocus
        disabled={busy}
        maxLength={200}
      />
    </AdminModal>
  );
}
