import { Badge, Button, Group, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { pitchLogPath, plateCardPath } from '../../../../core/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import type { Game } from '../api/list-games.ts';
import { gameStateLabel, gameTitle } from './game-words.ts';

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
  const t = useT();
  const title = gameTitle(t, game, team.id);
  const state = gameStateLabel(t, game.state);
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
          {t('games.game.heading', { game: title })}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {game.startTime
              ? t('games.game.dateAtTime', { date: formatDate(game.date), time: t.clock(game.startTime) })
              : formatDate(game.date)}{' '}
            · {team.name} ({team.leagueName})
          </Text>
          <Badge
            variant="light"
            color={game.state === 'final' ? 'dark' : 'blue'}
            aria-label={t('games.game.stateLabel', { state })}
          >
            {state}
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
            aria-label={t('games.game.pitchLogOf', { game: title })}
          >
            {t('games.game.pitchLog')}
          </Button>
        ) : null}
        {can('Query.plateCard') && !childrenOnly ? (
          <Button
            size="md"
            variant="default"
            component={Link}
            to={plateCardPath(team.id)}
            aria-label={t('games.game.plateCardOf', { team: team.name })}
          >
            {t('games.game.plateCard')}
          </Button>
        ) : null}
        {onCountLive && game.state !== 'final' && !game.withdrawnAt && can('Mutation.submitPitchEvents') ? (
          <Button size="md" onClick={onCountLive}>
            {t('games.game.countLive')}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
