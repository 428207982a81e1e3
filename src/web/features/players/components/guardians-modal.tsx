import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { emailSchema, userNameSchema } from '../../../../core/admin-inputs.ts';
import { DoneFooter } from '../../../components/admin/admin-modal.tsx';
import { type ShownPassword, TemporaryPasswordModal } from '../../../components/admin/temporary-password-modal.tsx';
import { useOneByOne } from '../../../components/admin/use-one-by-one.ts';
import { userName } from '../../../components/admin/user-summary.ts';
import { useT } from '../../../lib/i18n.ts';
import { useLinkGuardian, useUnlinkGuardian } from '../api/guardians.ts';
import type { Player } from '../api/list-players.ts';

// Names are asked every time, as the server does: the answer never tells whether the email has an account.
const linkSchema = z.object({ email: emailSchema }).and(userNameSchema);

/**
 * A player's parents: unlink one, or link one by email (an account is created and a temporary
 * password emailed when the email is new). A linked parent sees this child and no other.
 */
export function GuardiansModal({ player, onClose }: { player: Player | null; onClose: () => void }) {
  const t = useT();
  const link = useLinkGuardian();
  const unlink = useUnlinkGuardian();
  const form = useOneByOne({ email: '', givenName: '', familyName: '' }, t('players.guardians.failed'));
  // A new parent's generated temporary password, shown once; closing forgets it.
  const [shownPassword, setShownPassword] = useState<ShownPassword | null>(null);
  // Someone with an account elsewhere is invited, not linked: told in the names typed (decision 0049).
  const [pending, setPending] = useState<{ email: string; givenName: string; familyName: string } | null>(null);
  const busy = link.isPending || unlink.isPending;
  if (!player) return null;
  const current =
    (link.data?.id === player.id ? link.data : null) ?? (unlink.data?.id === player.id ? unlink.data : null) ?? player;

  const onLink = () => {
    const input = form.checked(linkSchema);
    if (!input) return;
    void form.run(async () => {
      const linked = await link.mutateAsync({ playerId: player.id, ...input });
      if (linked.invitedTemporaryPassword) {
        setShownPassword({ email: input.email, password: linked.invitedTemporaryPassword });
      }
      setPending(linked.invitedPending ?? null);
    }, true);
  };

  const field = (key: 'email' | 'givenName' | 'familyName') => form.field(key, busy);

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={t('players.parentsOf', { name: `${player.firstName} ${player.lastName}` })}
    >
      <Stack gap="md">
        {current.guardians.length === 0 ? <Text size="sm">{t('players.guardians.none')}</Text> : null}
        {pending ? <Text size="sm">{t('players.guardians.pending', { ...pending })}</Text> : null}
        {current.guardians.map((guardian) => (
          <Group key={guardian.id} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {userName(guardian)}{' '}
              <Text span c="dimmed">
                ({guardian.email})
              </Text>
            </Text>
            <Button
              size="xs"
              variant="default"
              color="red"
              disabled={busy}
              aria-label={t('players.guardians.unlinkNamed', { name: userName(guardian) })}
              onClick={() => form.run(() => unlink.mutateAsync({ playerId: player.id, userId: guardian.id }), false)}
            >
              {t('players.guardians.unlink')}
            </Button>
          </Group>
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onLink();
          }}
          noValidate
        >
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('players.guardians.linkHeading')}
            </Text>
            <TextInput label={t('players.guardians.email')} type="email" required {...field('email')} />
            <Group grow>
              <TextInput label={t('players.field.firstName')} required {...field('givenName')} />
              <TextInput label={t('players.field.lastName')} required {...field('familyName')} />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={link.isPending} disabled={busy}>
                {t('players.guardians.link')}
              </Button>
            </Group>
          </Stack>
        </form>
        <DoneFooter error={form.error} busy={busy} onDone={onClose} />
      </Stack>
      <TemporaryPasswordModal shown={shownPassword} onClose={() => setShownPassword(null)} />
    </Modal>
  );
}
