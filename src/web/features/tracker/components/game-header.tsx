import { Badge, Button, Group, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { pitchLogPath, plateCardPath } from '../../../../core/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import type { Game } from '../api/list-games.ts';
import { GAME_STATE_LABELS, gameTitle } from './labels.ts';

/** A game's heading: who played whom and when, its state, and the pitch log, plate card and Count live. */
export function GameHeader({
  team,
  game,
  headingRef,
  onCountLive,
  can,
  childrenOnly,
}: {
  team: CurrentTeam;
  game: Game;
  headingRef?: Ref<HTMLHeadingElement>;
  onCountLive?: () => void;
  /** Whether the user may call an operation ('Query.plateCard'). */
  can: (operation: string) => boolean;
  /** A parent, who reads their own children's outings only. */
  childrenOnly: boolean;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <div>
        <Title
          order={2}
          id="game-heading"
          ref={headingRef}
          tabIndex={-1}
          style={{ outline: 'none', scrollMarginTop: 72 }}
        >
          Game of {gameTitle(game, team.id)}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {formatDate(game.date)}
            {game.startTime ? ` at ${game.startTime}` : ''} · {team.name} ({team.leagueName})
          </Text>
          <Badge
            variant="light"
            color={game.state === 'final' ? 'dark' : 'blue'}
            aria-label={`State: ${GAME_STATE_LABELS[game.state]}`}
          >
            {GAME_STATE_LABELS[game.state]}
          </Badge>
        </Group>
      </div>
      <Group gap="sm">
        {can('Query.gamePitchLog') ? (
          <Button
            size="md"
            variant="default"
            component={Link}
            to={`${pitchLogPath(game.id)}?${new URLSearchParams({ team: team.id })}`}
            aria-label={`Pitch log of ${gameTitle(game, team.id)}`}
          >
            Pitch log
          </Button>
        ) : null}
        {can('Query.plateCard') && !childrenOnly ? (
          <Button
            size="md"
            variant="default"
            component={Link}
            to={plateCardPath(team.id)}
            aria-label={`Plate card of ${team.name}`}
          >
            Plate card
          </Button>
        ) : null}
        {onCountLive && game.state !== 'final' && can('Mutation.submitPitchEvents') ? (
          <Button size="md" onClick={onCountLive}>
            Count live
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
