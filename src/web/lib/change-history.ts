import { queryOptions, useQuery } from '@tanstack/react-query';
import { describeChange } from '../../core/change-words.ts';
import { execute } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import type { Translate } from './i18n.ts';
import { readAllPages } from './read-all-pages.ts';

/** What a change of the pitch record makes stale (the tracker's and the players' refresh lists hold it). */
export const HISTORY_KEY = ['changeHistory'] as const;

// The page size is written into the document (100: SMALL_PAGE_LIMIT's value): the server counts a document's cost by
// its limit.
export const CHANGE_HISTORY = graphql(`
  query ChangeHistory($gameId: ID, $playerId: ID, $leagueId: ID, $nextToken: String) {
    changeHistory(gameId: $gameId, playerId: $playerId, leagueId: $leagueId, limit: 100, nextToken: $nextToken) {
      items { id seq at actorName session entity action reason playerName teamName before after hash }
      nextToken
    }
  }
`);

/**
 * One change to the pitch record as a game's or a player's page shows it: who, what, and the record before and
 * after (JSON), which `changeWords` puts in plain words.
 */
export type ChangeEntry = ResultOf<typeof CHANGE_HISTORY>['changeHistory']['items'][number];

/** A record of an entry as JSON text (an object), or null. */
function record(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  const value: unknown = JSON.parse(json);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The change in plain words in the reader's language (the core's describeChange, as the server writes it in English). */
export function changeWords(entry: ChangeEntry, t: Translate): string {
  return describeChange(
    {
      entity: entry.entity,
      action: entry.action,
      actorName: entry.actorName,
      reason: entry.reason,
      before: record(entry.before),
      after: record(entry.after),
      playerName: entry.playerName,
      teamName: entry.teamName,
    },
    t,
  );
}

export type HistorySubject = { gameId: string } | { playerId: string } | { leagueId: string };

export const changeHistoryQuery = (subject: HistorySubject) =>
  queryOptions({
    queryKey: [...HISTORY_KEY, subject],
    queryFn: () => {
      const page = (nextToken: string | null) =>
        execute(CHANGE_HISTORY, { ...subject, nextToken }).then((d) => d.changeHistory);
      // A game's or a player's history is short; a league's, the newest page (its CSV holds it all).
      return 'leagueId' in subject ? page(null).then((p) => p.items) : readAllPages(page);
    },
  });

/** A game's, a player's or a league's change history, newest first (the league's admins; the teams' coaches). */
export function useChangeHistory(subject: HistorySubject, enabled: boolean) {
  return useQuery({ ...changeHistoryQuery(subject), enabled });
}

/** The CSV of the same history (every tap included), for a download link. */
export function changeHistoryCsvUrl(subject: HistorySubject): string {
  return `/api/reports/history.csv?${new URLSearchParams(subject as Record<string, string>)}`;
}

/**
 * Changes to the counts made after the game was signed (both teams' confirmations): what the other
 * dugout must see flagged. Entries are newest first; the game's last confirmation entry marks the signing.
 */
export function changedAfterSigning(entries: readonly ChangeEntry[]): ChangeEntry[] {
  const lastSignature = entries.findIndex((e) => e.entity === 'confirmation');
  if (lastSignature < 0) return [];
  return entries.slice(0, lastSignature).filter((e) => e.entity === 'outing' && e.action !== 'counted live');
}
