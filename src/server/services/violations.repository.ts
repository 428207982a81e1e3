import { eq, inArray, sql } from 'drizzle-orm';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Message } from '../../core/i18n/messages.ts';
import type { Violation } from '../../core/rules/engine.ts';
import type { Db } from '../db/client.ts';
import { violations } from '../db/schema.ts';
import type { History } from './history.ts';
import { queueViolationEmails } from './notifications.ts';
import { findViolations, judgingFacts } from './pitching-history.ts';

/**
 * Where violations are created, changed and withdrawn: every write of the pitch record judges its
 * pitchers again here, in its own transaction. What they read (the pitcher's history, the league's
 * rule) and what the engine finds are pitching-history.ts's.
 */

const keyOf = (outingId: string, code: string) => `${outingId}/${code}`;

/** Whether a stored violation says what the engine found now: by its message's id and values, else its English. */
function saysTheSame(stored: { message: string; said: Message | null }, found: Violation): boolean {
  if (stored.said) return canonicalJson(stored.said) === canonicalJson(found.said);
  return stored.message === found.message;
}

/**
 * Stores what the rules found: a new violation as open, a stored one whose message changed (or
 * that was withdrawn and is found again) brought up to date. Answers the new ones' ids and the
 * keys of everything found. One stored before messages were kept by id gets its `said` when it is
 * judged again, its version unchanged if its words are.
 */
async function storeFound(
  tx: Db,
  found: ReturnType<typeof findViolations>,
  stored: Awaited<ReturnType<typeof judgingFacts>>['stored'],
  now: Date,
): Promise<{ added: string[]; seen: Set<string> }> {
  const storedByKey = new Map(stored.map((v) => [keyOf(v.outingId, v.code), v]));
  const seen = new Set<string>();
  const added: string[] = [];
  for (const list of found.values()) {
    for (const { outing, violation } of list) {
      const { code, said } = violation;
      const k = keyOf(outing.id, code);
      if (seen.has(k)) continue;
      seen.add(k);
      const existing = storedByKey.get(k);
      if (!existing) {
        const [row] = await tx
          .insert(violations)
          .values({
            organizationId: outing.organizationId,
            leagueId: outing.leagueId,
            seasonId: outing.seasonId,
            teamId: outing.teamId,
            playerId: outing.playerId,
            gameId: outing.gameId,
            outingId: outing.id,
            date: outing.date,
            code,
            message: violation.message,
            said,
          })
          .returning({ id: violations.id });
        if (row) added.push(row.id);
      } else if (!saysTheSame(existing, violation) || existing.withdrawnAt !== null) {
        await tx
          .update(violations)
          .set({
            message: violation.message,
            said,
            withdrawnAt: null,
            withdrawnReason: null,
            version: sql`${violations.version} + 1`,
            updatedAt: now,
          })
          .where(eq(violations.id, existing.id));
      } else if (!existing.said) {
        await tx.update(violations).set({ said }).where(eq(violations.id, existing.id));
      }
    }
  }
  return { added, seen };
}

/** A violation a change took back: said so in its history and on the violation. */
const WITHDRAWN_BECAUSE = 'The outing no longer breaks the rule after a change to the record';

/**
 * Brings the stored violations of these players in line with their history, in the caller's
 * transaction and history: new ones are added as open (and their league's admins emailed through
 * the outbox), changed messages updated, and ones a change made lawful kept as withdrawn, with the
 * change's reason (never deleted: a league can see what was found and why it went). Returns how
 * many were added.
 */
export async function recomputeViolations(
  tx: Db,
  playerIds: readonly string[],
  history: History,
  reason: string | null = null,
): Promise<number> {
  const unique = [...new Set(playerIds)];
  if (unique.length === 0) return 0;
  const now = history.at;
  const withdrawnReason = reason ?? WITHDRAWN_BECAUSE;
  return history.track(
    'violation',
    { playerIds: unique },
    {
      reason,
      action: (before, after) =>
        !before
          ? 'found'
          : after?.record.withdrawn && !before.record.withdrawn
            ? 'withdrawn'
            : !after?.record.withdrawn && before.record.withdrawn
              ? 'found again'
              : 'changed',
    },
    async () => {
      const facts = await judgingFacts(tx, unique);
      const found = findViolations(facts);
      const { stored } = facts;
      const { added, seen } = await storeFound(tx, found, stored, now);
      const gone = stored
        .filter((v) => !seen.has(keyOf(v.outingId, v.code)) && v.withdrawnAt === null)
        .map((v) => v.id);
      if (gone.length) {
        await tx
          .update(violations)
          .set({
            withdrawnAt: now,
            withdrawnReason,
            version: sql`${violations.version} + 1`,
            updatedAt: now,
          })
          .where(inArray(violations.id, gone));
      }
      // The league's admins hear of each new one, when this transaction commits.
      await queueViolationEmails(tx, added);
      return added.length;
    },
  );
}
