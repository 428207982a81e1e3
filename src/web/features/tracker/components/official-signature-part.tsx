import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatOfficialCode } from '../../../../core/official-signature.ts';
import { paths } from '../../../../core/paths.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import type { OfficialCount } from '../../../lib/official-count.ts';
import { useOfficialCode } from '../api/official-code.ts';

/**
 * The third signature: whether the game's official signed its counts, and on the home
 * coach's phone a one-time code the official enters on their own phone at /official.
 */
export function OfficialSignaturePart({ count, teamId }: { count: OfficialCount; teamId: string }) {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const code = useOfficialCode(count.gameId);
  const { game } = count;
  if (!game.requiresOfficial && !game.officialName) return null;
  const home = (game.homeTeamId ?? game.awayTeamId) === teamId;
  const mayShow = home && hasAbility(me.data, 'Mutation.createOfficialCode') && !game.officialSignedAt;
  return (
    <Stack gap={4} component="section" aria-label={t('games.official.signature')}>
      <Text size="sm" fw={600}>
        {game.officialName
          ? t('games.official.signedBy', { name: game.officialName, when: t.moment(game.officialSignedAt) })
          : t('games.official.notSigned')}
      </Text>
      {mayShow ? (
        code.data ? (
          <Alert color="blue" variant="light" title={t('games.official.codeTitle')} role="status">
            <Text
              fz={32}
              fw={800}
              ff="monospace"
              aria-label={t('games.official.codeLabel', { code: code.data.code.split('').join(' ') })}
            >
              {formatOfficialCode(code.data.code)}
            </Text>
            <Text size="sm">
              {t('games.official.codeHowTo', {
                address: `${window.location.origin}${paths.official}`,
                when: t.moment(code.data.expiresAt),
              })}
            </Text>
          </Alert>
        ) : (
          <Button
            variant="default"
            onClick={() => code.mutate()}
            loading={code.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('games.official.showCode')}
          </Button>
        )
      ) : null}
      {code.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(code.error, t('games.official.codeFailed'))}
        </Alert>
      ) : null}
    </Stack>
  );
}
