import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import type { OfficialCount } from '../../../lib/official-count.ts';
import { useLeagueOfficials, useSendOfficialLink } from '../api/official-link.ts';

/**
 * The third signature: that the league asks it and the official has not signed yet (once signed, the confirmations
 * list says by whom, over which counts, and whether a later change voided it); on the home coach's phone, the league's officials to choose from and a button that has Bullpen email the
 * chosen one a one-time signing link (docs/decisions/0050-officials-are-people-the-league-knows.md).
 */
export function OfficialSignaturePart({ count, teamId }: { count: OfficialCount; teamId: string }) {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const { game, official } = count;
  const home = (game.homeTeamId ?? game.awayTeamId) === teamId;
  const mayAsk = home && hasAbility(me.data, 'Mutation.sendOfficialLink') && !official?.current;
  const officials = useLeagueOfficials(game.leagueId, mayAsk);
  const send = useSendOfficialLink(count.gameId);
  const [chosen, setChosen] = useState<string | null>(null);
  // Where the league asks it, always; else once signed, or for the home coach of a league that lists officials.
  const shown = game.requiresOfficial || official !== null || (mayAsk && (officials.data?.length ?? 0) > 0);
  // A signature that holds is read in the confirmations list; nothing is left to say or do here.
  if (!shown || (official?.current && !send.data)) return null;
  // The official who signed before (to sign again after a change), or the league's only one, is chosen already.
  const signer = officials.data?.find((o) => o.id === official?.officialId)?.id;
  const choice = chosen ?? signer ?? (officials.data?.length === 1 ? (officials.data[0]?.id ?? null) : null);
  return (
    <Stack gap={6} component="section" aria-label={t('games.official.signature')}>
      {/* Once given, the signature is read with the teams' confirmations above it (ConfirmationsList). */}
      {official ? null : (
        <Text size="sm" fw={600}>
          {game.requiresOfficial ? t('games.official.notSigned') : t('games.official.notAsked')}
        </Text>
      )}
      {mayAsk && officials.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('games.official.noOfficials')}
        </Text>
      ) : null}
      {mayAsk && officials.data && officials.data.length > 0 ? (
        <Stack gap={6}>
          <Select
            label={t('games.official.chooseOfficial')}
            placeholder={t('games.official.choosePlaceholder')}
            data={officials.data.map((o) => ({ value: o.id, label: o.name }))}
            value={choice}
            onChange={(value) => {
              setChosen(value);
              send.reset();
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            variant="default"
            onClick={() => choice && send.mutate(choice)}
            disabled={!choice}
            loading={send.isPending}
            style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {send.data || official ? t('games.official.sendAgain') : t('games.official.sendLink')}
          </Button>
        </Stack>
      ) : null}
      {send.data ? (
        <Alert color="green" variant="light" role="status">
          {t('games.official.linkSent', { name: send.data.officialName, when: t.moment(send.data.expiresAt) })}
        </Alert>
      ) : null}
      {send.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(send.error, t('games.official.sendFailed'))}
        </Alert>
      ) : null}
    </Stack>
  );
}
