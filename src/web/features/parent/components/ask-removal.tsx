import { Button, Text } from '@mantine/core';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { formatDayOf } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import type { Child } from '../api/my-children.ts';
import { useRequestPlayerRemoval } from '../api/request-removal.ts';

/**
 * The parent's way to have their child removed from Bullpen (docs/decisions/0047-a-parent-asks-to-remove-a-child.md):
 * the league is asked, and its admin removes the child; once asked, the card says when and by whom.
 */
export function AskRemoval({ child }: { child: Child }) {
  const t = useT();
  const modal = useAdminModal<Child>();
  const ask = useRequestPlayerRemoval();
  const name = `${child.firstName} ${child.lastName}`;
  if (child.removalRequest) {
    return (
      <Text size="sm" c="dimmed">
        {t('status.children.removalAsked', {
          name: child.removalRequest.requestedByName,
          date: formatDayOf(child.removalRequest.requestedAt),
          firstName: child.firstName,
        })}
      </Text>
    );
  }
  return (
    <>
      <Button
        variant="default"
        size="xs"
        style={{ alignSelf: 'flex-start' }}
        aria-label={t('status.children.askRemovalOf', { name })}
        onClick={() => modal.open('delete', child)}
      >
        {t('status.children.askRemoval')}
      </Button>
      <AdminModal
        opened={modal.mode === 'delete'}
        title={t('status.children.askRemovalTitle', { name })}
        onClose={modal.close}
        onConfirm={() => modal.run(() => ask.mutateAsync(child.id), t('status.children.askRemovalFailed'))}
        busy={modal.busy}
        error={modal.error}
        confirmLabel={t('status.children.askRemovalConfirm')}
      >
        <Text>{t('status.children.askRemovalWhat', { firstName: child.firstName })}</Text>
        <Text size="sm">{t('status.children.askRemovalAfter', { firstName: child.firstName })}</Text>
      </AdminModal>
    </>
  );
}
