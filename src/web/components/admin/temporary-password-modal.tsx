import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

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
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title="Temporary Password"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {shown ? (
        <Stack gap="md">
          <Text size="sm">
            The temporary password of {shown.email}. It is shown only now: write it down or copy it before you close
            this dialog. It works for their first sign-in only, where they choose their own password.
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Code fz="lg" aria-label="Temporary password">
              {shown.password}
            </Code>
            <CopyButton value={shown.password}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
