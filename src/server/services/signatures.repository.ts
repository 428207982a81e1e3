import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Translate } from '../../core/i18n/translator.ts';
import { type ConfirmedCounts, type SignedCounts, signedCountsOf } from '../../core/official-count.ts';
import type { Db } from '../db/client.ts';
import { games, pitchOutings, players } from '../db/schema.ts';

/**
 * What a signature covers and when a change voids it (docs/decisions/0050-officials-are-people-the-league-knows.md):
 * each team's confirmation and the official's signature keep the counts they saw and their digest; the history says
 * who changed them first after. The official count reads these (official-count.repository.ts), the signatures'
 * service gives and tells of them (signatures.service.ts), and a closed game's correction says the same
 * (notifications.ts).
 */

/** One pitcher's count as a signature covered it. */
export interface SignedPitcher {
  pitcherId: string;
  pitcherName: string;
  pitches: number;
  intentionalWalks: number;
}

/** Who changed the counts first after a signature, and when: the signature is void from then. */
export interface ChangeAfterSigning {
  byName: string;
  at: Date;
}

export interface ConfirmationRecord {
  teamId: string;
  teamName: string;
  confirmedByName: string;
  confirmedAt: Date;
  /** Whether it still matches the record (a later change makes it stale). */
  current: boolean;
  /** The counts it covered. */
  signedCounts: SignedPitcher[];
  /** When stale: the first change after it. */
  changedAfter: ChangeAfterSigning | null;
}

/** The official's signature: who (one of the league's officials), when, over which counts, and whether it holds. */
export interface OfficialSignatureRecord {
  officialId: string | null;
  name: string;
  signedAt: Date;
  /** The counts it covered (empty for a signature from before they were kept). */
  signedCounts: SignedPitcher[];
  /** False once the counts or the game's day changed after it: it needs a new signature. */
  current: boolean;
  changedAfter: ChangeAfterSigning | null;
}

/** A signature's digest: the SHA-256 of what it covers, as canonical JSON. */
export const digestOf = (signed: SignedCounts) =>
  createHash('sha256')
    .update(`bullpen signature ${canonicalJson(signed)}`)
    .digest('hex');

/** The history's entries that may change what a signature covers: the game's outings, its taps, the game itself. */
export const VOIDING_ENTITIES = ['outing', 'pitch-event', 'game'] as const;
const voidingEntities = sql.raw(VOIDING_ENTITIES.map((e) => `'${e}'`).join(', '));

/** The counts a stored signature covers: a SignedCounts (kept since signatures carry a digest) or older bare counts. */
export function countsOfSigned(stored: unknown): ConfirmedCounts {
  if (!stored || typeof stored !== 'object') return {};
  const counts = 'counts' in stored && 'date' in stored ? (stored as SignedCounts).counts : stored;
  return counts && typeof counts === 'object' ? (counts as ConfirmedCounts) : {};
}

export function signedPitchersOf(stored: unknown, nameOf: Map<string, string>): SignedPitcher[] {
  return Object.entries(countsOfSigned(stored))
    .map(([pitcherId, c]) => ({
      pitcherId,
      pitcherName: nameOf.get(pitcherId) ?? '',
      pitches: Number(c?.pitches ?? 0),
      intentionalWalks: Number(c?.intentionalWalks ?? 0),
    }))
    .sort((a, b) => a.pitcherName.localeCompare(b.pitcherName));
}

/**
 * Each void signature's first change after it (who and when), from the history: the game's outings, taps and the game
 * itself (moved, withdrawn), in one query for all of them.
 */
export async function changesAfterSigning(
  from: Db,
  records: readonly {
    game: { id: string };
    official: OfficialSignatureRecord | null;
    confirmations: readonly ConfirmationRecord[];
  }[],
): Promise<void> {
  const stale: { gameId: string; since: Date; set: (change: ChangeAfterSigning | null) => void }[] = [];
  for (const r of records) {
    if (r.official && !r.official.current) {
      const official = r.official;
      stale.push({ gameId: r.game.id, since: official.signedAt, set: (c) => (official.changedAfter = c) });
    }
    for (const c of r.confirmations) {
      if (!c.current) stale.push({ gameId: r.game.id, since: c.confirmedAt, set: (x) => (c.changedAfter = x) });
    }
  }
  if (stale.length === 0) return;
  const values = sql.join(
    stale.map((s, i) => sql`(${i}::int, ${s.gameId}::uuid, ${s.since.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = (await from.execute(sql`
    select v.i, first.actor_name as by_name, first.at
    from (values ${values}) as v(i, game_id, since)
    left join lateral (
      select a.actor_name, a.at from audit_entries a
      where a.game_id = v.game_id and a.at > v.since and a.entity in (${voidingEntities})
      order by a.at, a.id limit 1
    ) first on true`)) as unknown as { rows: { i: number; by_name: string | null; at: string | Date | null }[] };
  for (const row of result.rows) {
    const target = stale[Number(row.i)];
    if (target && row.by_name && row.at) target.set({ byName: row.by_name, at: new Date(row.at) });
  }
}

/**
 * The history appended entries of these games at `at`: a game the official signed before then is marked for the
 * minute's job (signatures.service.ts tellOfVoidedSignatures), which reads only marked games and unmarks each as it
 * looks at it. Called by History for each write, in its transaction: a game nobody signed matches nothing.
 */
export async function markSignedGamesChanged(tx: Db, gameIds: readonly string[], at: Date): Promise<void> {
  if (gameIds.length === 0) return;
  await tx
    .update(games)
    .set({ signatureChangedAt: at })
    .where(
      and(
        inArray(games.id, [...gameIds]),
        isNull(games.signatureChangedAt),
        sql`${games.officialDigest} is not null`,
        lt(games.officialSignedAt, at),
      ),
    );
}

/** A void official's signature as the emails tell it. */
export interface VoidedSignature {
  /** The game's title ("Tigers vs Cubs") and day. */
  game: string;
  date: string;
  official: string;
  counts: readonly SignedPitcher[];
  /** Who changed the counts first after the signature, when the history says. */
  by: string | null;
}

/** "Ana Diaz 45, Ben Ruiz 30 + 1 intentional walk": the counts a signature covered, as an email or a log says them. */
export function signedCountsText(t: Translate, pitchers: readonly SignedPitcher[]): string {
  if (pitchers.length === 0) return t('email.signatureVoided.noCounts');
  return t.list(
    pitchers.map((p) =>
      t('email.signatureVoided.pitcher', { name: p.pitcherName, pitches: p.pitches, walks: p.intentionalWalks }),
    ),
  );
}

/**
 * The one wording of a void official's signature, in the reader's language: the minute job's email to the league's
 * admins, and the paragraph a closed game's correction adds to its email.
 */
export function voidedSignatureEmail(t: Translate, voided: VoidedSignature): { subject: string; lines: string[] } {
  const values = {
    game: voided.game,
    date: t.day(voided.date),
    official: voided.official,
    counts: signedCountsText(t, voided.counts),
    by: voided.by ?? t('email.signatureVoided.someone'),
  };
  return {
    subject: t('email.signatureVoided.subject', values),
    lines: [t('email.signatureVoided.what', values), '', t('email.signatureVoided.next', values)],
  };
}

/**
 * The official's signature of a game, when the game's counts as they are now (in this transaction) no longer match
 * it; null when nobody signed, it still holds, or it is from before digests were kept (it stays as it was).
 */
export async function voidedSignatureOf(tx: Db, game: { id: string; title: string }): Promise<VoidedSignature | null> {
  const [signed] = await tx
    .select({
      date: games.date,
      name: games.officialName,
      signedAt: games.officialSignedAt,
      counts: games.officialCounts,
      digest: games.officialDigest,
    })
    .from(games)
    .where(eq(games.id, game.id));
  if (!signed?.signedAt || !signed.digest) return null;
  const outings = await tx
    .select({
      pitcherId: pitchOutings.playerId,
      teamId: pitchOutings.teamId,
      pitches: pitchOutings.pitches,
      intentionalWalks: pitchOutings.intentionalWalks,
    })
    .from(pitchOutings)
    .where(and(eq(pitchOutings.gameId, game.id), isNull(pitchOutings.deletedAt)));
  if (digestOf(signedCountsOf(game.id, signed.date, outings)) === signed.digest) return null;
  const ids = Object.keys(countsOfSigned(signed.counts));
  const names = ids.length
    ? await tx
        .select({ id: players.id, firstName: players.firstName, lastName: players.lastName })
        .from(players)
        .where(inArray(players.id, ids))
    : [];
  const official: OfficialSignatureRecord = {
    officialId: null,
    name: signed.name ?? '',
    signedAt: signed.signedAt,
    signedCounts: signedPitchersOf(signed.counts, new Map(names.map((p) => [p.id, `${p.firstName} ${p.lastName}`]))),
    current: false,
    changedAfter: null,
  };
  await changesAfterSigning(tx, [{ game, official, confirmations: [] }]);
  return {
    game: game.title,
    date: signed.date,
    official: official.name,
    counts: official.signedCounts,
    by: official.changedAfter?.byName ?? null,
  };
}
