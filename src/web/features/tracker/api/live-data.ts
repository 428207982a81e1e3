import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { RECORD_FIELDS } from '../../../lib/answer.ts';
import { execute } from '../../../lib/api.ts';
import { watchGameCounts } from '../../../lib/game-counts.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { meQueryOptions } from '../../../lib/me.ts';
import { appSync, knownUser, offlineStore, rememberUser } from '../../../lib/offline/app-sync.ts';
import type { SyncState } from '../../../lib/offline/sync.ts';
import type { GameSnapshot } from '../../../lib/offline/types.ts';
import { PAGE_LIMIT, readAllPages } from '../../../lib/read-all-pages.ts';
import { RULE_FIELDS } from '../../../lib/rule-of-wire.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import type { Game } from './list-games.ts';
import { LIST_ROSTER, type RosterPlayer } from './list-roster.ts';

/**
 * What the live view reads, each answer kept in the browser (IndexedDB, per user) so the view opens
 * offline once it was opened online: the game and team, both rosters, the rule, the game's counts.
 */

/** The signed-in user: the server's answer, else the one this device last saw (offline). */
export function useLiveUser(): { userId: string | null; known: boolean } {
  const me = useQuery(meQueryOptions);
  const [last, setLast] = useState<{ id: string | null } | null>(null);
  useEffect(() => {
    let active = true;
    knownUser()
      .then((id) => active && setLast({ id }))
      .catch(() => active && setLast({ id: null }));
    return () => {
      active = false;
    };
  }, []);
  const id = me.data?.id;
  useEffect(() => {
    if (id) void rememberUser(id).catch(() => undefined);
  }, [id]);
  return { userId: id ?? last?.id ?? null, known: id !== undefined || last !== null };
}

/**
 * A query answered from the network when it can be and from the browser's copy otherwise: the
 * copy shows at once, the network's answer replaces it and is kept for next time.
 */
export function useKeptQuery<T>(options: {
  userId: string | null;
  name: string;
  fetch: () => Promise<T>;
  enabled: boolean;
}): { data: T | undefined; error: unknown; pending: boolean } {
  const { userId, name, enabled } = options;
  const network = useQuery({
    queryKey: ['live', name, userId],
    queryFn: async () => {
      const data = await options.fetch();
      if (userId) await offlineStore().writeCache(userId, name, data);
      return data;
    },
    enabled: enabled && userId !== null,
  });
  const kept = useQuery({
    queryKey: ['live-kept', name, userId],
    queryFn: async () => (await offlineStore().readCache<T>(userId ?? '', name)) ?? null,
    enabled: enabled && userId !== null,
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const data = network.data ?? kept.data ?? undefined;
  return {
    data,
    error: data === undefined && kept.isFetched ? network.error : null,
    pending: data === undefined && (network.isPending || kept.isPending) && !network.isError,
  };
}

export function useLiveRoster(userId: string | null, teamId: string | null) {
  return useKeptQuery<RosterPlayer[]>({
    userId,
    name: `roster:${teamId}`,
    enabled: teamId !== null,
    fetch: () =>
      readAllPages(async (nextToken) => {
        const data = await execute(LIST_ROSTER, {
          filter: { teamId: { eq: teamId } },
          limit: PAGE_LIMIT,
          nextToken,
        });
        return data.listPlayers;
      }),
  });
}

export const GAME_ROSTER = graphql(`
  query GameRoster($gameId: ID!) {
    gameRoster(gameId: $gameId) { teamId players { id firstName lastName jerseyNumber } }
  }
`);

type GameRoster = ResultOf<typeof GAME_ROSTER>['gameRoster'];

/** A game's player as a dugout counts them: no birth date (the other team's are not the coach's to read). */
export type GameRosterPlayer = GameRoster[number]['players'][number];

/** Both teams' players of the game, kept for a reload without a connection. */
export function useGameRoster(userId: string | null, gameId: string) {
  return useKeptQuery<GameRoster>({
    userId,
    name: `gameRoster:${gameId}`,
    enabled: true,
    fetch: async () => (await execute(GAME_ROSTER, { gameId })).gameRoster,
  });
}

export const LIVE_RULE = graphql(
  `
  query LiveRule($teamId: ID, $date: String) {
    pitcherStatus(teamId: $teamId, date: $date) {
      ruleName seasonStart
      rule { ...RuleFields }
      pitchers { playerId record { ...RecordFields } }
    }
  }
`,
  [RULE_FIELDS, RECORD_FIELDS],
);

/** The team's report on the game's date, as the live count reads it: the rule, and each pitcher's record. */
export type LiveReport = ResultOf<typeof LIVE_RULE>['pitcherStatus'];

/**
 * The rule the team plays by on the game's date (null: the league has none), and each of its
 * pitchers' records up to that day: the live count adds its own count to them (lib/answer.ts).
 */
export function useLiveRule(userId: string | null, teamId: string, date: string) {
  return useKeptQuery<LiveReport>({
    userId,
    name: `liveStatus:${teamId}:${date}`,
    enabled: true,
    fetch: async () => (await execute(LIVE_RULE, { teamId, date })).pitcherStatus,
  });
}

interface LiveContext {
  team: CurrentTeam;
  game: Game;
}

/**
 * The team and game of the live view: from the tracker's lists when they loaded, else the copy kept
 * when the view was last opened online (a reload without a connection).
 */
export function useLiveContext(
  userId: string | null,
  teamId: string,
  gameId: string,
  fresh: { team: CurrentTeam | null; game: Game | null },
): { context: LiveContext | null; pending: boolean } {
  const name = `live:${teamId}:${gameId}`;
  const [kept, setKept] = useState<{ value: LiveContext | null } | null>(null);
  const { team, game } = fresh;
  useEffect(() => {
    if (!userId) return;
    let active = true;
    if (team && game) {
      void offlineStore()
        .writeCache(userId, name, { team, game })
        .catch(() => undefined);
    } else {
      offlineStore()
        .readCache<LiveContext>(userId, name)
        .then((value) => active && setKept({ value: value ?? null }))
        .catch(() => active && setKept({ value: null }));
    }
    return () => {
      active = false;
    };
  }, [userId, name, team, game]);
  if (team && game) return { context: { team, game }, pending: false };
  return { context: kept?.value ?? null, pending: kept === null };
}

/** This user's taps, queue and kept counts for the game, read again after every change. */
export function useGameSnapshot(
  userId: string | null,
  gameId: string,
): { snapshot: GameSnapshot | null; error: unknown } {
  const [state, setState] = useState<{ snapshot: GameSnapshot | null; error: unknown }>({
    snapshot: null,
    error: null,
  });
  useEffect(() => {
    if (!userId) return;
    const store = offlineStore();
    let active = true;
    let loading = false;
    let again = false;
    const load = async () => {
      if (loading) {
        again = true;
        return;
      }
      loading = true;
      try {
        do {
          again = false;
          const snapshot = await store.snapshot(userId, gameId);
          if (active) setState({ snapshot, error: null });
        } while (again && active);
      } catch (error) {
        if (active) setState((current) => ({ ...current, error }));
      } finally {
        loading = false;
      }
    };
    void load();
    const stop = store.subscribe(() => void load());
    return () => {
      active = false;
      stop();
    };
  }, [userId, gameId]);
  return state;
}

/**
 * Keeps the game's counts current: read once (and again on reconnecting), then each book as it
 * changes from the subscription, so the other dugout's taps show within a second.
 */
export function useGameCountsFeed(userId: string | null, gameId: string): void {
  useEffect(() => {
    if (!userId) return;
    const store = offlineStore();
    // Offline, a read fails and the kept counts stay.
    return watchGameCounts(gameId, {
      all: (counts) => void store.putCounts(userId, gameId, counts, true).catch(() => undefined),
      one: (count) => void store.putCounts(userId, gameId, [count], false).catch(() => undefined),
    });
  }, [userId, gameId]);
}

const sync = () => appSync();

/** The sync loop's state: sending, offline, signed out... */
export function useSyncState(): SyncState {
  return useSyncExternalStore(
    (listener) => sync().subscribe(listener),
    () => sync().getState(),
  );
}
