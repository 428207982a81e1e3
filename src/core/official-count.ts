import { z } from 'zod';
import { encoded } from './i18n/messages.ts';
import { addDays, type LocalDate } from './local-date.ts';

/**
 * One official count. Both dugouts may count the same pitcher; the pitcher's own team's
 * count is the outing on record. At the end each team confirms the final counts, as the two
 * managers sign the paper pitch log. Until both have, a pitcher whose two counts differ makes the
 * game disputed; after the league's deadline its setting decides whose count stands.
 */

export const COUNT_STATUSES = ['none', 'unconfirmed', 'disputed', 'confirmed', 'settled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];

/** How the status reads on screens and the printed log. */
export const COUNT_STATUS_LABELS: Record<CountStatus, string> = {
  none: 'Nothing recorded',
  unconfirmed: 'Unconfirmed',
  disputed: 'Disputed',
  confirmed: 'Confirmed',
  settled: 'Settled',
};

export const COUNT_DEADLINE_RULES = ['home', 'own_team'] as const;
export type CountDeadlineRule = (typeof COUNT_DEADLINE_RULES)[number];

export const COUNT_DEADLINE_RULE_LABELS: Record<CountDeadlineRule, string> = {
  home: 'The home team’s count',
  own_team: 'Each pitcher’s own team’s count',
};

/** What a count says: the pitches and the intentional walks granted. */
export interface Tallied {
  pitches: number;
  intentionalWalks: number;
}

export interface CountFacts {
  /** The game's teams of the league (an outside opponent has none and confirms nothing). */
  teamIds: readonly string[];
  homeTeamId: string | null;
  /** The outings on record: each pitcher's official count and team. */
  outings: readonly (Tallied & { pitcherId: string; teamId: string })[];
  /** Every book's totals: each team's count of each pitcher (and the team the pitcher is on). */
  books: readonly (Tallied & { pitcherId: string; pitcherTeamId: string; bookTeamId: string })[];
  confirmations: readonly { teamId: string; counts: unknown; digest?: string | null }[];
  settled: boolean;
  /**
   * The digest of what a signature covers now (the game's date and counts, signedCountsOf), made by the server: a
   * signature whose stored digest differs was given to other counts, or another day, and is void.
   */
  digest?: string;
}

export interface PitcherComparison {
  pitcherId: string;
  teamId: string;
  /** The outing on record, or null when the pitcher's own team recorded none. */
  official: Tallied | null;
  /** The other dugout's count, or null when it did not count this pitcher. */
  otherBook: Tallied | null;
  /** The other dugout counted this pitcher and does not agree with the record. */
  differs: boolean;
}

export interface CountState {
  status: CountStatus;
  pitchers: PitcherComparison[];
  /** Each team's confirmation: whether it still matches the record (a later change makes it stale). */
  confirmations: { teamId: string; current: boolean }[];
}

/** The record as a confirmation keeps it: { pitcherId: { pitches, intentionalWalks } }. */
export type ConfirmedCounts = Record<string, Tallied>;

export function confirmedCountsOf(outings: CountFacts['outings']): ConfirmedCounts {
  const counts: ConfirmedCounts = {};
  for (const o of [...outings].sort((a, b) => (a.pitcherId < b.pitcherId ? -1 : 1))) {
    counts[o.pitcherId] = { pitches: o.pitches, intentionalWalks: o.intentionalWalks };
  }
  return counts;
}

const confirmedCountsSchema = z.record(
  z.string(),
  z.object({ pitches: z.number().int(), intentionalWalks: z.number().int() }),
);

/**
 * What a signature covers (an official's or a team's): the game's day and each pitcher's count as signed. Its digest
 * (the server's SHA-256 of canonicalJson) is kept with the signature; a moved game, a correction or a late tap makes
 * another one, and the signature is void until given again.
 */
export interface SignedCounts {
  gameId: string;
  date: string;
  counts: ConfirmedCounts;
}

export function signedCountsOf(gameId: string, date: string, outings: CountFacts['outings']): SignedCounts {
  return { gameId, date, counts: confirmedCountsOf(outings) };
}

/** Whether a stored signature still covers the record: by digest where it has one, else (older ones) its counts. */
export function signatureHolds(stored: { counts: unknown; digest?: string | null }, facts: CountFacts): boolean {
  if (stored.digest && facts.digest) return stored.digest === facts.digest;
  return sameCounts(stored.counts, confirmedCountsOf(facts.outings));
}

export function sameCounts(stored: unknown, current: ConfirmedCounts): boolean {
  const parsed = confirmedCountsSchema.safeParse(stored);
  if (!parsed.success) return false;
  const a = parsed.data;
  const keys = Object.keys(current);
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every(
    (k) => a[k]?.pitches === current[k]?.pitches && a[k]?.intentionalWalks === current[k]?.intentionalWalks,
  );
}

const same = (a: Tallied | null, b: Tallied | null) =>
  a?.pitches === b?.pitches && a?.intentionalWalks === b?.intentionalWalks;

/**
 * Where a game's official count stands: `none` before anyone recorded pitching; `confirmed` when
 * every team of the league in it confirmed the record as it is now; `disputed` while the other
 * dugout's count of a pitcher differs from the record and not everyone confirmed; `settled` once
 * the deadline decided a dispute; otherwise `unconfirmed`.
 */
export function countStateOf(facts: CountFacts): CountState {
  const confirmations = facts.teamIds.flatMap((teamId) => {
    const found = facts.confirmations.find((c) => c.teamId === teamId);
    return found ? [{ teamId, current: signatureHolds(found, facts) }] : [];
  });
  const pitcherIds = new Set([...facts.outings.map((o) => o.pitcherId), ...facts.books.map((b) => b.pitcherId)]);
  const pitchers: PitcherComparison[] = [];
  for (const pitcherId of pitcherIds) {
    const outing = facts.outings.find((o) => o.pitcherId === pitcherId);
    const books = facts.books.filter((b) => b.pitcherId === pitcherId);
    const teamId = outing?.teamId ?? books[0]?.pitcherTeamId ?? '';
    const other = books.find((b) => b.bookTeamId !== teamId) ?? null;
    const official = outing ? { pitches: outing.pitches, intentionalWalks: outing.intentionalWalks } : null;
    const otherBook = other ? { pitches: other.pitches, intentionalWalks: other.intentionalWalks } : null;
    pitchers.push({
      pitcherId,
      teamId,
      official,
      otherBook,
      differs: otherBook !== null && !same(official, otherBook),
    });
  }
  const allConfirmed =
    facts.teamIds.length > 0 && facts.teamIds.every((id) => confirmations.some((c) => c.teamId === id && c.current));
  let status: CountStatus;
  if (pitchers.length === 0) status = 'none';
  else if (allConfirmed) status = 'confirmed';
  else if (facts.settled) status = 'settled';
  else if (pitchers.some((p) => p.differs)) status = 'disputed';
  else status = 'unconfirmed';
  return { status, pitchers, confirmations };
}

/** The league's deadline for a game's counts, as local wall-clock time 'YYYY-MM-DDTHH:MM'. */
export function countDeadlineOf(gameDate: LocalDate, days: number, time: string): string {
  return `${addDays(gameDate, days)}T${time}`;
}

/** Messages of the `rules` catalogue in one string (`encoded`), shown with `t.said`. */
export const COUNT_SETTINGS_MESSAGES = {
  rule: encoded('rules.countSettings.rule'),
  days: encoded('rules.countSettings.days'),
  time: encoded('rules.countSettings.time'),
} as const;

/** A league's official-count settings, as an admin edits them. */
export const countSettingsSchema = z.object({
  countStandsAfterDeadline: z.enum(COUNT_DEADLINE_RULES, COUNT_SETTINGS_MESSAGES.rule),
  countDeadlineDays: z
    .number(COUNT_SETTINGS_MESSAGES.days)
    .int(COUNT_SETTINGS_MESSAGES.days)
    .min(0, COUNT_SETTINGS_MESSAGES.days)
    .max(14, COUNT_SETTINGS_MESSAGES.days),
  countDeadlineTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, COUNT_SETTINGS_MESSAGES.time),
});

export type CountSettings = z.infer<typeof countSettingsSchema>;
