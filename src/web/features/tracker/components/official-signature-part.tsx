import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatOfficialCode } from '../../../../core/official-signature.ts';
import { paths } from '../../../../core/paths.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import type { OfficialCount } from '../../../lib/official-count.ts';
import { useOfficialCode } from '../api/official-code.ts';

/**
 * The third signature: whether the game's official signed its counts, and on the home
 * coach's phone a one-time code the official enters on their own phone at /official.
 */
export function OfficialSignaturePart({ count, teamId }: { count: OfficialCount; teamId: string }) {
  const me = useQuery(meQueryOptions);
  const code = useOfficialCode(count.gameId);
  const { game } = count;
  if (!game.requiresOfficial && !game.officialName) return null;
  const home = (game.homeTeamId ?? game.awayTeamId) === teamId;
  const mayShow = home && hasAbility(me.data, 'Mutation.createOfficialCode') && !game.officialSignedAt;
  return (
    <Stack gap={4} component="section" aria-label="The official’s signature">
      <Text size="sm" fw={600}>
        {game.officialName
          ? `Official: signed by ${game.officialName}, ${formatDateTime(game.officialSignedAt)}`
          : 'Official: not signed yet (the league asks for it)'}
      </Text>
      {mayShow ? (
        code.data ? (
          <Alert color="blue" variant="light" title="Code for the official" role="status">
            <Text fz={32} fw={800} ff="monospace" aria-label={`Code ${code.data.code.split('').join(' ')}`}>
              {formatOfficialCode(code.data.code)}
            </Text>
            <Text size="sm">
              The official opens {window.location.origin}
              {paths.official} on their own phone and enters it. It works once, until{' '}
              {formatDateTime(code.data.expiresAt)}.
            </Text>
          </Alert>
        ) : (
          <Button
            variant="default"
            onClick={() => code.mutate()}
            loading={code.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Show a code for the official
          </Button>
        )
      ) : null}
      {code.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(code.error, 'Could not make a code')}
        </Alert>
      ) : null}
    </Stack>
  );
}
