import { Alert, Select, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RefusedTaps } from '../../../components/refused-taps.tsx';
import { useT } from '../../../lib/i18n.ts';
import { currentTeamLabel, useCurrentTeams } from '../../../lib/team-options.ts';
import { useGames } from '../api/list-games.ts';
import { GamePanel } from './game-panel.tsx';
import { GamesSection } from './games-section.tsx';

// The live view (and the offline store it brings) loads when a game is first counted live.
const LiveCountScreen = lazy(() => import('./live-count.tsx').then((m) => ({ default: m.LiveCountScreen })));

/**
 * /tracker, Log Pitch Outing: a team's games, and for the open game its outings and the
 * form a coach fills in from the paper pitch log, with the rest the entry owes as they type.
 */
export function TrackerPage() {
  const t = useT();
  const teams = useCurrentTeams();
  // ?team=&game= open a game; &live=1 counts it live (&pitcher= the pitcher), so a reload keeps the view.
  const [params, setParams] = useSearchParams();
  const [teamId, setTeamId] = useState<string | null>(() => params.get('team'));
  const [gameId, setGameId] = useState<string | null>(() => params.get('game'));
  const team = teams.data?.find((option) => option.id === teamId) ?? teams.data?.[0] ?? null;
  const games = useGames(team?.id ?? null);
  const game = games.data?.find((g) => g.id === gameId) ?? null;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a game moves the focus to its heading (and scrolls it into view on a phone).
  const [focusGame, setFocusGame] = useState(false);
  const settled = !games.isFetching;
  useEffect(() => {
    // Once the games are read again (ending a game refetches them), so the list above does not
    // change height under the scroll; and once the panel's heading is drawn (back from the live
    // count it mounts after this effect may first run).
    if (!focusGame || !game || !settled) return;
    let frame = 0;
    let tries = 0;
    const go = () => {
      const target = heading.current;
      if (!target) {
        if (tries++ < 300) frame = requestAnimationFrame(go);
        return;
      }
      // Taken to the game's heading, below the list of games (on a phone the panel starts far down);
      // the scroll margin keeps it clear of the sticky header.
      target.scrollIntoView?.({ block: 'start' });
      target.focus({ preventScroll: true });
      setFocusGame(false);
    };
    go();
    return () => cancelAnimationFrame(frame);
  }, [focusGame, game, settled]);

  const liveTeam = params.get('team');
  const liveGame = params.get('game');
  if (params.get('live') === '1' && liveTeam && liveGame) {
    const open = (changes: Record<string, string | null>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      );
    return (
      <Suspense fallback={<PageLoader label={t('games.page.loadingLiveCount')} />}>
        <LiveCountScreen
          teamId={liveTeam}
          gameId={liveGame}
          pitcherId={params.get('pitcher')}
          team={teams.data?.find((option) => option.id === liveTeam) ?? null}
          game={team?.id === liveTeam ? (games.data?.find((g) => g.id === liveGame) ?? null) : null}
          onPitcher={(pitcher) => open({ pitcher }, true)}
          onBack={() => {
            setTeamId(liveTeam);
            setGameId(liveGame);
            setFocusGame(true);
            open({ live: null, pitcher: null });
          }}
        />
      </Suspense>
    );
  }

  if (teams.isPending) return <Page>{<PageLoader label={t('games.page.loadingTeams')} />}</Page>;
  if (teams.isError) {
    return (
      <Page>
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(teams.error, t('games.page.teamsLoadFailed'))}
        </Alert>
      </Page>
    );
  }
  if (!team) {
    return (
      <Page>
        <Text>{t('games.page.noTeam')}</Text>
      </Page>
    );
  }

  return (
    <Page>
      <Select
        label={t('games.page.team')}
        data={teams.data.map((option) => ({ value: option.id, label: currentTeamLabel(option) }))}
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
      {game ? (
        <GamePanel
          key={game.id}
          team={team}
          game={game}
          headingRef={heading}
          onCountLive={() => setParams({ team: team.id, game: game.id, live: '1' })}
        />
      ) : null}
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('games.page.title')}</Title>
      <RefusedTaps />
      {children}
    </Stack>
  );
}
