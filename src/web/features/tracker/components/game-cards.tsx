import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import type { Game } from '../api/list-games.ts';
import { gameStateLabel, opponentOf } from './game-words.ts';

/** The games on a phone: one card a game, everything a coach needs in sight (a table hid the opponent and the actions). */
export function GameCards({
  team,
  games,
  none,
  selectedId,
  openButton,
  actions,
}: {
  team: CurrentTeam;
  /** The games shown. */
  games: Game[];
  /** The team has no games at all. */
  none: boolean;
  selectedId: string | null;
  openButton: (game: Game) => ReactNode;
  /** Edit and Delete, when the user may. */
  actions: ((game: Game) => ReactNode) | null;
}) {
  const t = useT();
  return (
    <Stack gap="xs" component="ul" aria-label={t('games.list.title')} p={0} m={0} style={{ listStyle: 'none' }}>
      {none ? (
        <Text component="li" size="sm" c="dimmed">
          {t('games.list.none', { team: team.name })}
        </Text>
      ) : null}
      {games.map((game) => (
        <Paper
          key={game.id}
          component="li"
          withBorder
          p="sm"
          bg={game.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} size="h5">
                {formatDate(game.date)}
                {game.startTime ? ` · ${t.clock(game.startTime)}` : ''}
              </Title>
              <Text size="sm">{opponentOf(t, game, team.id).label}</Text>
              <Text size="sm" c="dimmed">
                {t('games.list.outingCount', { count: game.outingCount })} · {gameStateLabel(t, game.state)}
              </Text>
              {game.withdrawnAt ? (
                <Text size="sm">{t('games.list.withdrawnBecause', { reason: game.withdrawnReason ?? '' })}</Text>
              ) : null}
            </Stack>
            {openButton(game)}
          </Group>
          {actions ? <Group mt="xs">{actions(game)}</Group> : null}
        </Paper>
      ))}
    </Stack>
  );
}
