import { eq, sql } from 'drizzle-orm';
import type { OutingCounts } from '../../core/outing-inputs.ts';
import type { Db } from '../db/client.ts';
import { outingCorrections, pitchOutings } from '../db/schema.ts';
import type { History } from './history.ts';
import { recomputeViolations } from './violations.repository.ts';

/**
 * Outings as the services answer with them and events carry them, and the writes of outings other
 * services share (a game's move or withdrawal, the official count correct them).
 */

export interface CorrectionRecord {
  id: string;
  changedByName: string;
  changedAt: Date;
  reason: string;
  before: OutingCounts;
  /** Null for a deletion. */
  after: OutingCounts | null;
}

export interface OutingRecord extends OutingCounts {
  id: string;
  gameId: string;
  organizationId: string;
  leagueId: string;
  seasonId: string;
  playerId: string;
  playerName: string;
  jerseyNumber: string | null;
  teamId: string;
  teamName: string;
  date: string;
  /** The other side, as the log names it: the other team or the outside opponent. */
  opponent: string;
  recordedByName: string;
  recordedAt: Date;
  updatedAt: Date;
  version: number;
  deleted: boolean;
  corrections: CorrectionRecord[];
}

const COUNT_KEYS = [
  'pitches',
  'pitchesBeforeLastBatter',
  'pitchedInnings',
  'caughtInnings',
  'outs',
  'intentionalWalks',
] as const satisfies readonly (keyof OutingCounts)[];

/** The counts of an outing as its correction history keeps them (before and after). */
export const countsOf = (o: OutingCounts): OutingCounts =>
  Object.fromEntries(COUNT_KEYS.map((k) => [k, o[k]])) as unknown as OutingCounts;

/**
 * Changes an outing's counts (or deletes it: counts null) in the caller's transaction and history:
 * the correction (who, when, why, before and after) is kept with the outing and in the history,
 * its version goes up, and the pitcher's violations are judged again.
 */
export async function correctOuting(
  tx: Db,
  history: History,
  current: OutingCounts & { id: string; playerId: string; version: number },
  change: { counts: OutingCounts | null; reason: string; changedByName?: string },
): Promise<void> {
  const now = history.at;
  await history.track(
    'outing',
    { ids: [current.id] },
    { action: change.counts ? 'corrected' : 'deleted', reason: change.reason },
    async () => {
      await tx.insert(outingCorrections).values({
        outingId: current.id,
        changedBy: history.writer?.userId ?? null,
        changedByName: change.changedByName ?? (await history.nameOfWriter()),
        changedAt: now,
        reason: change.reason,
        before: countsOf(current),
        after: change.counts ? countsOf({ ...current, ...change.counts }) : null,
      });
      await tx
        .update(pitchOutings)
        .set({
          ...(change.counts ?? { deletedAt: now }),
          version: sql`${pitchOutings.version} + 1`,
          updatedAt: now,
        })
        .where(eq(pitchOutings.id, current.id));
    },
  );
  await recomputeViolations(tx, [current.playerId], history, change.reason);
}
