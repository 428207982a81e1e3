import { and, eq, ne, sql } from 'drizzle-orm';
import { todayIn } from '../../core/local-date.ts';
import type { Db } from '../db/client.ts';
import { auditEntries, auditHeads, leagues, organizationAdmins, organizations, users } from '../db/schema.ts';
import { translatorFor } from '../i18n.ts';
import { sealChains } from './history.ts';
import { adminsOfLeagues } from './notifications.ts';
import { queueEmails } from './outbox.ts';

/**
 * A history's head kept outside the database (docs/reliability.md, "The pitch record"): a hash chain shows an entry
 * edited, but not one edited with every hash after it computed again. The head's digest, '<chain>:<seq>:<hash>', is
 * emailed each day to the organization's admins (its own chain, which seals its games' and children's) and printed on
 * every pitch log (the game's chain); `bullpen audit verify --head
 * <digest>` then finds the entry at that place changed, whatever the database says of itself.
 */

export interface HeadDigest {
  chain: string;
  seq: number;
  hash: string;
}

export const headDigestText = (d: HeadDigest) => `${d.chain}:${d.seq}:${d.hash}`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An organization's chain, a game's or a child's under it (gameChain, playerChain), or 'global'. */
const DIGEST = new RegExp(`^(${UUID}(?:/(?:game|player)/${UUID})?|global):(\\d{1,9}):([0-9a-f]{64})$`);

/**
 * A digest as copied from an email or a printout, or null. Case and spaces do not matter: a printout breaks the long
 * digest of a game's history across lines.
 */
export function parseHeadDigest(text: string): HeadDigest | null {
  const match = DIGEST.exec(text.replace(/\s+/g, '').toLowerCase());
  if (!match) return null;
  return { chain: match[1] as string, seq: Number(match[2]), hash: match[3] as string };
}

/** A chain's newest entry now, or null before its first. */
export async function headOf(db: Db, chain: string): Promise<HeadDigest | null> {
  const [head] = await db.select().from(auditHeads).where(eq(auditHeads.chain, chain));
  return head && head.seq > 0 ? { chain: head.chain, seq: head.seq, hash: head.hash } : null;
}

/**
 * Each kept digest against the history as it is: the entry at that place must still have that hash (or, for a digest
 * kept before its chain was converted to commitments, have had it). One sentence per digest that does not hold.
 */
export async function checkHeads(db: Db, heads: readonly HeadDigest[]): Promise<string[]> {
  const problems: string[] = [];
  for (const head of heads) {
    const [entry] = await db
      .select({ hash: auditEntries.hash, legacyHash: auditEntries.legacyHash })
      .from(auditEntries)
      .where(and(eq(auditEntries.chain, head.chain), eq(auditEntries.seq, head.seq)));
    if (!entry) {
      problems.push(
        `entry ${head.seq} of history ${head.chain} is gone: the history was cut back after the digest you kept`,
      );
    } else if (entry.hash !== head.hash && entry.legacyHash !== head.hash) {
      problems.push(
        `entry ${head.seq} of history ${head.chain} no longer has the hash you kept (${head.hash.slice(0, 12)}…): ` +
          'the history up to it was rewritten after that digest',
      );
    }
  }
  return problems;
}

/**
 * Seals the chains that grew into their organizations' (sealChains: the sequencer runs here, every minute), then
 * emails each organization's admins, and its leagues' admins, the head of its history once a day when it grew since
 * the last digest (run every minute with the deadlines; the claim in `settings` makes it once across servers).
 * Answers how many organizations were sent one.
 */
export async function sendDailyDigests(db: Db, now: Date): Promise<number> {
  const day = todayIn('UTC', now);
  // The organization's head vouches for its games' and children's chains only once they are sealed into it.
  await sealChains(db, now);
  const heads = await db
    .select({ chain: auditHeads.chain, seq: auditHeads.seq, hash: auditHeads.hash, name: organizations.name })
    .from(auditHeads)
    .innerJoin(organizations, sql`${organizations.id}::text = ${auditHeads.chain}`)
    .where(and(ne(auditHeads.chain, 'global'), sql`${auditHeads.seq} > 0`));
  let sent = 0;
  for (const head of heads) {
    const key = `record-digest:${head.chain}`;
    const value = JSON.stringify({ day, seq: head.seq });
    const done = await db.transaction(async (tx) => {
      // Claimed once a day, and only when the history grew since the last digest.
      const claimed = await tx.execute(sql`
        insert into settings (key, value) values (${key}, ${value})
        on conflict (key) do update set value = excluded.value
        where (settings.value::jsonb ->> 'day') < ${day} and (settings.value::jsonb ->> 'seq')::int < ${head.seq}
        returning key`);
      if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) return false;
      const leagueIds = (
        await tx.select({ id: leagues.id }).from(leagues).where(eq(leagues.organizationId, head.chain))
      ).map((l) => l.id);
      const [ofLeagues, ofOrganization] = await Promise.all([
        adminsOfLeagues(tx, leagueIds),
        tx
          .select({ email: users.email, language: users.language })
          .from(organizationAdmins)
          .innerJoin(users, eq(users.id, organizationAdmins.userId))
          .where(and(eq(organizationAdmins.organizationId, head.chain), eq(users.disabled, false))),
      ]);
      const recipients = new Map([...ofLeagues, ...ofOrganization].map((r) => [r.email, r.language]));
      const digest = headDigestText(head);
      await queueEmails(
        tx,
        [...recipients].map(([to, language]) => {
          const t = translatorFor(language);
          const values = { organization: head.name, seq: head.seq, digest, date: t.day(day) };
          return {
            to,
            subject: t('email.recordDigest.subject', values),
            body: [
              t('email.recordDigest.where', values),
              '',
              digest,
              '',
              t('email.recordDigest.keep', values),
              '',
              `npx bullpen audit verify --head ${digest}`,
            ].join('\n'),
            kind: 'record-digest' as const,
          };
        }),
      );
      return true;
    });
    if (done) sent++;
  }
  return sent;
}
