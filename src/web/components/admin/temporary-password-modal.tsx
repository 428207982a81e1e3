import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../lib/i18n.ts';

export interface ShownPassword {
  /** Whose account it is. */
  email: string;
  /** The temporary password the server generated, as it answered it (once). */
  password: string;
}

/**
 * A temporary password the server generated, shown once to the admin who created the account so
 * they can hand it over if the email does not arrive. Kept in the page's state only, never stored;
 * closing the dialog forgets it (docs/decisions/0026).
 */
export function TemporaryPasswordModal({ shown, onClose }: { shown: ShownPassword | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={t('admin.temporaryPassword.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {shown ? (
        <Stack gap="md">
          <Text size="sm">{t('admin.temporaryPassword.text', { email: shown.email })}</Text>
          <Group gap="sm" wrap="nowrap">
            <Code fz="lg" aria-label={t('admin.temporaryPassword.label')}>
              {shown.password}
            </Code>
            <CopyButton value={shown.password}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy}>
                  {copied ? t('admin.temporaryPassword.copied') : t('admin.temporaryPassword.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('admin.modal.done')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
