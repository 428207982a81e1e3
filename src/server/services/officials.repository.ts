import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError, errors } from '../../core/errors.ts';
import { readMessage } from '../../core/i18n/messages.ts';
import { OFFICIAL_LINK_TRIES, OFFICIAL_MESSAGES, officialLinkParts } from '../../core/official-signature.ts';
import type { Db } from '../db/client.ts';
import { officialLinks, officials } from '../db/schema.ts';
import type { ThrottleService } from './throttle.service.ts';

/**
 * The one-time links that let one of a league's officials sign one game
 * (docs/decisions/0050-officials-are-people-the-league-knows.md): made by the officials service, opened and used by
 * the official count's.
 */

/** A link's secret is kept as its SHA-256: the database never holds one that signs. */
export const linkSecretHash = (secret: string) =>
  createHash('sha256').update(`bullpen official ${secret}`).digest('hex');

export interface OpenedLink {
  linkId: string;
  gameId: string;
  official: { id: string; name: string; email: string };
  usedAt: Date | null;
  expiresAt: Date;
}

/**
 * The link a token names, when its secret is right: with its game and its official. Anything else is the same
 * invalid link; a used or expired one says so (only the link's holder, who has the secret, learns it).
 */
export async function openLink(from: Db, token: string): Promise<OpenedLink> {
  const parts = officialLinkParts(token);
  if (!parts) throw errors.badInput(OFFICIAL_MESSAGES.linkInvalid);
  const [row] = await from
    .select({
      linkId: officialLinks.id,
      gameId: officialLinks.gameId,
      secretHash: officialLinks.secretHash,
      usedAt: officialLinks.usedAt,
      expiresAt: officialLinks.expiresAt,
      officialId: officials.id,
      name: officials.name,
      email: officials.email,
    })
    .from(officialLinks)
    .innerJoin(officials, eq(officials.id, officialLinks.officialId))
    .where(eq(officialLinks.id, parts.id));
  if (!row || row.secretHash !== linkSecretHash(parts.secret)) {
    throw new AppError('BAD_USER_INPUT', OFFICIAL_MESSAGES.linkInvalid, { linkId: row ? row.linkId : null });
  }
  return {
    linkId: row.linkId,
    gameId: row.gameId,
    official: { id: row.officialId, name: row.name, email: row.email },
    usedAt: row.usedAt,
    expiresAt: row.expiresAt,
  };
}

/**
 * Runs a step that opens a link with its wrong tries counted, per device and per link (so per game): past the limit
 * (OFFICIAL_LINK_TRIES) it is refused, RATE_LIMITED, before the link is read. Outside any transaction.
 */
const INVALID_ID = readMessage(OFFICIAL_MESSAGES.linkInvalid)?.id;

export async function triesCounted<T>(
  throttle: ThrottleService,
  client: string | null,
  token: string,
  run: () => Promise<T>,
): Promise<T> {
  const windowMs = OFFICIAL_LINK_TRIES.windowMinutes * 60_000;
  const keys = [`official-link:${client ?? 'unknown'}`];
  const linkId = officialLinkParts(token)?.id;
  if (linkId) keys.push(`official-link-id:${linkId}`);
  for (const key of keys) {
    const now = await throttle.peek(key, OFFICIAL_LINK_TRIES.wrong, windowMs);
    if (!now.allowed) {
      throw new AppError('RATE_LIMITED', OFFICIAL_MESSAGES.tooManyTries(Math.ceil(now.retryAfterSeconds / 60)), {
        retryAfterSeconds: now.retryAfterSeconds,
      });
    }
  }
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.said?.id === INVALID_ID) {
      for (const key of keys) await throttle.hit(key, OFFICIAL_LINK_TRIES.wrong, windowMs);
    }
    throw error;
  }
}

/** Marks a link used, once: false when another signing used it first. */
export async function spendLink(tx: Db, linkId: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(officialLinks)
    .set({ usedAt: now })
    .where(and(eq(officialLinks.id, linkId), isNull(officialLinks.usedAt)))
    .returning({ id: officialLinks.id });
  return used.length === 1;
}
