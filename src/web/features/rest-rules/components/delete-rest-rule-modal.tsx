import { Text } from '@mantine/core';
import { useState } from 'react';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { RestRule } from '../api/list-rest-rules.ts';

/** Asks before deleting; the server refuses while leagues use the rule, and its message shows here. */
export function DeleteRestRuleModal({
  opened,
  rule,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  rule: RestRule | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  // The name stays on screen while the modal fades out.
  // Two rules may share a name ('Little League Baseball'), so the age group is shown too.
  const label = rule ? `${rule.name} (${rule.ageGroup})` : '';
  const [name, setName] = useState(label);
  if (opened && rule && label !== name) setName(label);
  return (
    <AdminModal
      opened={opened}
      title={t('restRules.delete.title')}
      kind="delete"
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <Text>{t('restRules.delete.question')}</Text>
      <Text fw={600}>{name}</Text>
    </AdminModal>
  );
}
