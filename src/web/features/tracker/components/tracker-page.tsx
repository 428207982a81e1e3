import { Alert, Select, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { currentTeamLabel, useCurrentTeams } from '../../../lib/team-options.ts';
import { useGames } from '../api/list-games.ts';
import { GamePanel } from './game-panel.tsx';
import { GamesSection } from './games-section.tsx';
import { TRACKER_TEXT } from './labels.ts';

/**
 * /tracker, Log Pitch Outing (issue 5): a team's games, and for the open game its outings and the
 * form a coach fills in from the paper pitch log, with the rest the entry owes as they type.
 */
export function TrackerPage() {
  const teams = useCurrentTeams();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [gameId, setGameId] = useState<string | null>(null);
  const team = teams.data?.find((t) => t.id === teamId) ?? teams.data?.[0] ?? null;
  const games = useGames(team?.id ?? null);
  const game = games.data?.find((g) => g.id === gameId) ?? null;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a game moves the focus to its heading (and scrolls it into view on a phone).
  const [focusGame, setFocusGame] = useState(false);
  useEffect(() => {
    if (focusGame && game) {
      heading.current?.focus();
      setFocusGame(false);
    }
  }, [focusGame, game]);

  if (teams.isPending) return <Page>{<PageLoader label="Loading teams" />}</Page>;
  if (teams.isError) {
    return (
      <Page>
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(teams.error, 'Failed to load teams')}
        </Alert>
      </Page>
    );
  }
  if (!team) {
    return (
      <Page>
        <Text>{TRACKER_TEXT.noTeam}</Text>
      </Page>
    );
  }

  return (
    <Page>
      <Select
        label="Team"
        data={teams.data.map((t) => ({ value: t.id, label: currentTeamLabel(t) }))}
        value={team.id}
        onChange={(value) => {
          if (!value) return;
          setTeamId(value);
          setGameId(null);
        }}
        allowDeselect={false}
        size="md"
        maw={480}
      />
      <GamesSection
        team={team}
        games={games}
        selectedId={game?.id ?? null}
        onOpen={(id) => {
          setGameId(id);
          setFocusGame(true);
        }}
        onDeleted={(id) => setGameId((current) => (current === id ? null : current))}
      />
      {game ? <GamePanel key={game.id} team={team} game={game} headingRef={heading} /> : null}
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Title order={1}>Log Pitch Outing</Title>
      {children}
    </Stack>
  );
}
