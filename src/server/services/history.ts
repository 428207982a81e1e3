import { createHash, createHmac, randomBytes } from 'node:crypto';
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { canonicalJson } from '../../core/canonical-json.ts';
import { errors, type Versioned } from '../../core/errors.ts';
import type { Actor } from '../../core/permissions.ts';
import type { Db } from '../db/client.ts';
import { auditEntries, auditHeads } from '../db/schema.ts';
import { markSignedGamesChanged, VOIDING_ENTITIES } from './signatures.repository.ts';
import { nameOfUser } from './users.repository.ts';

/**
 * The change history of the pitch record (docs/decisions/0034-the-pitch-record.md): every write
 * to games, outings, taps, confirmations, violations, rest rules and a league's rule appends what
 * the record was before and after, who, when, from which session, and why, in the writer's
 * transaction. Each organization's entries (and the shared rulebooks', chain 'global') form a
 * hash chain, so an entry edited or removed behind the server's back, or a record changed
 * without an entry, is found by `bullpen audit verify` (verifyHistory below). What an entry says
 * (before, after, reason) is hashed as a keyed commitment under the entry's own key, so removing a
 * child can rewrite the words that named them and still verify (History.erase;
 * docs/decisions/0048-an-erasable-history.md). Over 500 lines on purpose: writing the chain, erasing
 * from it, converting old chains and verifying them must snapshot and hash records the same way, so
 * they share this file and its SOURCES table.
 */

export const ENTITIES = [
  'game',
  'outing',
  'pitch-event',
  'confirmation',
  'violation',
  'rest-rule',
  'league',
  'pitcher-choice',
  'player-record',
] as const;
export type Entity = (typeof ENTITIES)[number];

/** The chain of the shared rulebooks (rest rules of no organization). */
export const GLOBAL_CHAIN = 'global';

/*
 * Which chain a record's entries go to (docs/decisions/0054-a-chain-per-game-and-per-child.md): a game's own chain
 * for the game and what is counted in it (outings, taps, confirmations, pitcher choices), a child's for their names
 * and violations, the organization's for the rest (its leagues and rules, removals, and the seals that bind the
 * other chains into it). Writes of different games and children lock different heads.
 */
/** The chain of a game and what was counted in it (ids as the database writes them: lower case). */
export const gameChain = (organizationId: string, gameId: string) => `${organizationId}/game/${gameId}`.toLowerCase();
/** The chain of a child's own record and the violations found in their pitching. */
export const playerChain = (organizationId: string, playerId: string) =>
  `${organizationId}/player/${playerId}`.toLowerCase();
const gameChainSql = (organizationId: string, gameId: string) =>
  sql.raw(`${organizationId}::text || '/game/' || ${gameId}::text`);
const playerChainSql = (organizationId: string, playerId: string) =>
  sql.raw(`${organizationId}::text || '/player/' || ${playerId}::text`);
/** The chains an outing's write appends to: its game's (the outing) and its pitcher's (their violations). */
export const outingChains = (organizationId: string, outing: { gameId: string; playerId: string }) => [
  gameChain(organizationId, outing.gameId),
  playerChain(organizationId, outing.playerId),
];
/** The organization whose chain binds a chain in (a game's or a child's), or null for an organization's own. */
export const organizationOfChain = (chain: string): string | null =>
  chain.includes('/') ? chain.slice(0, chain.indexOf('/')) : null;
/** The hash an empty chain starts from. */
const GENESIS = '';

/** A record as the history keeps it: where it belongs, and what it holds. */
export interface Snapshot {
  key: string;
  chain: string;
  organizationId: string | null;
  leagueId: string | null;
  gameId: string | null;
  playerId: string | null;
  record: Record<string, unknown>;
}

/**
 * What each kind of record is, as one SQL select of (key, chain, organization_id, league_id,
 * game_id, player_id, record). Only what a person recorded is in `record`: never a user's id that
 * an account's removal clears, never a time the database sets by itself.
 */
interface Source {
  select: SQL;
  /** The record's key as text, as entries name it (`entity_id`). */
  key: string;
  /**
   * The primary key's uuid columns, in the order of its index: starting the history pages through the records by
   * them, so each page reads on from the last (`key` splits on '/' into their values).
   */
  order: string[];
  /** Columns a scope filters on (uuid columns, so their indexes serve). */
  id?: string;
  gameId: string;
  playerId?: string;
  organizationId: string;
}

const SOURCES: Record<Entity, Source> = {
  // A child still in Bullpen: their names, birth date (the age the rules read) and jersey. A removed or merged
  // record leaves the history with an entry (docs/decisions/0049-answers-within-what-you-can-read.md).
  'player-record': {
    key: 'p.id::text',
    order: ['p.id'],
    select: sql`select p.id::text as key, ${playerChainSql('p.organization_id', 'p.id')} as chain,
        p.organization_id::text as organization_id, null::text as league_id, null::text as game_id, p.id::text as player_id,
        json_build_object('firstName', p.first_name, 'lastName', p.last_name, 'birthDate', p.birth_date,
          'jerseyNumber', p.jersey_number) as record
      from (select * from players where removed_at is null) p`,
    id: 'p.id',
    gameId: 'null',
    playerId: 'p.id',
    organizationId: 'p.organization_id',
  },
  game: {
    key: 'g.id::text',
    order: ['g.id'],
    select: sql`select g.id::text as key, ${gameChainSql('g.organization_id', 'g.id')} as chain,
        g.organization_id::text as organization_id, g.league_id::text as league_id, g.id::text as game_id,
        null::text as player_id,
        jsonb_build_object('date', g.date, 'startTime', g.start_time, 'homeTeamId', g.home_team_id,
          'awayTeamId', g.away_team_id, 'opponentName', g.opponent_name, 'state', g.state,
          'settled', g.counts_settled_at is not null, 'withdrawn', g.withdrawn_at is not null,
          'withdrawnReason', g.withdrawn_reason, 'officialName', g.official_name,
          'officialSigned', g.official_signed_at is not null)
          -- What the official signed (decision 0050), on signatures given since it is kept: an older game's record
          -- reads as it always did, and a signature given again after a change is an entry of its own.
          || case when g.official_digest is null then '{}'::jsonb
            else jsonb_build_object('officialId', g.official_id, 'officialDigest', g.official_digest) end as record
      from games g`,
    id: 'g.id',
    gameId: 'g.id',
    organizationId: 'g.organization_id',
  },
  outing: {
    key: 'o.id::text',
    order: ['o.id'],
    select: sql`select o.id::text as key, ${gameChainSql('g.organization_id', 'o.game_id')} as chain,
        g.organization_id::text as organization_id, g.league_id::text as league_id, o.game_id::text as game_id,
        o.player_id::text as player_id,
        json_build_object('gameId', o.game_id, 'playerId', o.player_id, 'teamId', o.team_id, 'date', o.date,
          'pitches', o.pitches, 'pitchesBeforeLastBatter', o.pitches_before_last_batter,
          'pitchedInnings', o.pitched_innings, 'caughtInnings', o.caught_innings, 'outs', o.outs,
          'intentionalWalks', o.intentional_walks, 'deleted', o.deleted_at is not null) as record
      from pitch_outings o join games g on g.id = o.game_id`,
    id: 'o.id',
    gameId: 'o.game_id',
    playerId: 'o.player_id',
    organizationId: 'g.organization_id',
  },
  'pitch-event': {
    key: 'e.id::text',
    order: ['e.id'],
    select: sql`select e.id::text as key, ${gameChainSql('g.organization_id', 'e.game_id')} as chain,
        g.organization_id::text as organization_id, g.league_id::text as league_id, e.game_id::text as game_id,
        e.pitcher_id::text as player_id,
        json_build_object('gameId', e.game_id, 'pitcherId', e.pitcher_id, 'bookTeamId', e.book_team_id,
          'deviceId', e.device_id, 'seq', e.seq, 'at', (extract(epoch from e.at) * 1000)::bigint,
          'kind', e.kind, 'undoes', e.undoes) as record
      from pitch_events e join games g on g.id = e.game_id`,
    id: 'e.id',
    gameId: 'e.game_id',
    playerId: 'e.pitcher_id',
    organizationId: 'g.organization_id',
  },
  confirmation: {
    key: "c.game_id::text || '/' || c.team_id::text",
    order: ['c.game_id', 'c.team_id'],
    select: sql`select c.game_id::text || '/' || c.team_id::text as key, ${gameChainSql('g.organization_id', 'c.game_id')} as chain,
        g.organization_id::text as organization_id, g.league_id::text as league_id, c.game_id::text as game_id,
        null::text as player_id,
        json_build_object('teamId', c.team_id, 'counts', c.counts, 'confirmedByName', c.confirmed_by_name,
          'confirmedAt', (extract(epoch from c.confirmed_at) * 1000)::bigint) as record
      from game_confirmations c join games g on g.id = c.game_id`,
    gameId: 'c.game_id',
    organizationId: 'g.organization_id',
  },
  violation: {
    key: 'v.id::text',
    order: ['v.id'],
    select: sql`select v.id::text as key, ${playerChainSql('v.organization_id', 'v.player_id')} as chain,
        v.organization_id::text as organization_id, v.league_id::text as league_id, v.game_id::text as game_id,
        v.player_id::text as player_id,
        json_build_object('outingId', v.outing_id, 'code', v.code, 'message', v.message, 'state', v.state,
          'note', v.note, 'actedByName', v.acted_by_name, 'withdrawn', v.withdrawn_at is not null,
          'withdrawnReason', v.withdrawn_reason) as record
      from violations v`,
    id: 'v.id',
    gameId: 'v.game_id',
    playerId: 'v.player_id',
    organizationId: 'v.organization_id',
  },
  'rest-rule': {
    key: 'r.id::text',
    order: ['r.id'],
    select: sql`select r.id::text as key, coalesce(r.organization_id::text, 'global') as chain,
        r.organization_id::text as organization_id, null::text as league_id, null::text as game_id, null::text as player_id,
        json_build_object('name', r.name, 'ageGroup', r.age_group, 'global', r.global, 'unit', r.unit,
          'ageBasis', r.age_basis, 'dailyLimits', r.daily_limits, 'finishBatter', r.finish_batter,
          'intentionalWalkPitches', r.intentional_walk_pitches, 'maxGamesPerDay', r.max_games_per_day,
          'maxConsecutiveDays', r.max_consecutive_days, 'windows', r.windows, 'catcher', r.catcher,
          'pitchLimits', coalesce((select json_agg(json_build_object('pitchCount', p.pitch_count,
            'daysRest', p.days_rest, 'minAge', p.min_age, 'maxAge', p.max_age)
            order by p.pitch_count, p.min_age nulls first, p.max_age nulls last, p.days_rest)
            from rest_profiles p where p.rest_rule_id = r.id), '[]'::json)) as record
      from rest_rules r`,
    id: 'r.id',
    gameId: 'null',
    organizationId: 'r.organization_id',
  },
  'pitcher-choice': {
    key: 'p.id::text',
    order: ['p.id'],
    select: sql`select p.id::text as key, ${gameChainSql('g.organization_id', 'p.game_id')} as chain,
        g.organization_id::text as organization_id, g.league_id::text as league_id, p.game_id::text as game_id,
        p.pitcher_id::text as player_id,
        json_build_object('gameId', p.game_id, 'pitcherId', p.pitcher_id, 'teamId', p.team_id,
          'chosenByName', p.chosen_by_name, 'chosenAt', (extract(epoch from p.chosen_at) * 1000)::bigint,
          'reasons', p.reasons, 'nextEligibleDate', p.next_eligible_date) as record
      from pitcher_choices p join games g on g.id = p.game_id`,
    id: 'p.id',
    gameId: 'p.game_id',
    playerId: 'p.pitcher_id',
    organizationId: 'g.organization_id',
  },
  league: {
    key: 'l.id::text',
    order: ['l.id'],
    select: sql`select l.id::text as key, l.organization_id::text as chain, l.organization_id::text as organization_id,
        l.id::text as league_id, null::text as game_id, null::text as player_id,
        json_build_object('name', l.name, 'restRuleId', l.rest_rule_id,
          'countStandsAfterDeadline', l.count_stands_after_deadline, 'countDeadlineDays', l.count_deadline_days,
          'countDeadlineTime', l.count_deadline_time, 'requireOfficialSignature', l.require_official_signature) as record
      from leagues l`,
    id: 'l.id',
    gameId: 'null',
    organizationId: 'l.organization_id',
  },
};

/** Which records of a kind a change may touch: by id, by game or by player (any that is given). */
export interface Scope {
  ids?: readonly string[];
  gameIds?: readonly string[];
  playerIds?: readonly string[];
}

const inList = (column: string, values: readonly string[]) =>
  sql`${sql.raw(column)} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** Entries or records in these chains: an organization's chain takes in its games' and children's. */
const inChains = (chains: readonly string[], prefix = '') =>
  sql`(${inList(`${prefix}chain`, chains)} or ${inList(`${prefix}organization_id::text`, chains)})`;

interface SnapshotRow {
  key: string;
  chain: string;
  organization_id: string | null;
  league_id: string | null;
  game_id: string | null;
  player_id: string | null;
  record: Record<string, unknown>;
}

const snapshotOf = (row: SnapshotRow): Snapshot => ({
  key: row.key,
  chain: row.chain,
  organizationId: row.organization_id,
  leagueId: row.league_id,
  gameId: row.game_id,
  playerId: row.player_id,
  record: row.record,
});

/** The records of one kind in a scope, by key (every one of them when `where` is undefined). */
export async function snapshots(
  tx: Db,
  entity: Entity,
  scope: Scope | 'all' | { chains: readonly string[] },
): Promise<Map<string, Snapshot>> {
  const source = SOURCES[entity];
  let where = sql`true`;
  if (typeof scope === 'object' && 'chains' in scope) {
    const { chains } = scope as { chains: readonly string[] };
    if (chains.length === 0) return new Map();
    const result = (await tx.execute(
      sql`select * from (${source.select}) s where ${inChains(chains, 's.')}`,
    )) as unknown as { rows: SnapshotRow[] };
    return new Map(result.rows.map((row) => [row.key, snapshotOf(row)]));
  }
  if (scope !== 'all') {
    scope = scope as Scope;
    const parts: SQL[] = [];
    if (scope.ids?.length && source.id) parts.push(inList(source.id, scope.ids));
    if (scope.gameIds?.length && source.gameId !== 'null') parts.push(inList(source.gameId, scope.gameIds));
    if (scope.playerIds?.length && source.playerId) parts.push(inList(source.playerId, scope.playerIds));
    if (parts.length === 0) return new Map();
    where = sql.join(parts, sql` or `);
  }
  const result = (await tx.execute(sql`${source.select} where ${where}`)) as unknown as { rows: SnapshotRow[] };
  return new Map(result.rows.map((row) => [row.key, snapshotOf(row)]));
}

/** Where an entry is, when, and what it did: hashed as it is. */
export interface EntryHeader {
  chain: string;
  seq: number;
  prevHash: string;
  organizationId: string | null;
  leagueId: string | null;
  gameId: string | null;
  playerId: string | null;
  at: Date;
  entity: string;
  entityId: string;
  action: string;
}

/**
 * Who wrote an entry and what it says: what a removal may rewrite (a child's names in the words, a parent of
 * theirs as the writer), hashed as a keyed commitment.
 */
export interface EntryWords {
  actorId: string | null;
  actorName: string;
  sessionId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

/** Everything an entry holds, as an entry written before commitments was hashed. */
export type EntryContent = EntryHeader & EntryWords;

/** The hash of an entry written before commitments: its whole content, words included. */
export function hashOf(entry: EntryContent): string {
  return createHash('sha256').update(canonicalJson(entry)).digest('hex');
}

/** A new entry's key: 128 random bits, destroyed (replaced) when a removal rewrites the entry. */
const newKey = () => randomBytes(16).toString('hex');

/** The keyed commitment of an entry's words: without the key, it says nothing of them. */
export function macOf(key: string, words: EntryWords): string {
  return createHmac('sha256', Buffer.from(key, 'hex'))
    .update(
      canonicalJson({
        actorId: words.actorId,
        actorName: words.actorName,
        sessionId: words.sessionId,
        before: words.before,
        after: words.after,
        reason: words.reason,
      }),
    )
    .digest('hex');
}

/** The hash of an entry: its header, the commitment of its words, and the hash of the entry before it. */
export function hashOfCommitted(header: EntryHeader, contentMac: string): string {
  return createHash('sha256')
    .update(canonicalJson({ ...header, contentMac }))
    .digest('hex');
}

/** The entity and action of a removal's entry, which names the entries it rewrote. */
export const ERASED = { entity: 'player', action: 'erased' } as const;

/** The entity and action of a seal: the heads of an organization's game and child chains, bound into its own. */
export const SEALED = { entity: 'history', action: 'sealed' } as const;

/** A chain's head as a seal names it. */
export interface SealedHead {
  chain: string;
  seq: number;
  hash: string;
}

/** What a change is called in the history when the caller does not name it. */
const defaultAction = (before: Snapshot | undefined, after: Snapshot | undefined) =>
  !before ? 'recorded' : !after ? 'deleted' : 'changed';

export type ActionName = string | ((before: Snapshot | undefined, after: Snapshot | undefined) => string);

/** Whoever writes: a signed-in person (with their session), or Bullpen itself (null: the deadline's settling). */
export type Writer = Actor | null;

/**
 * One transaction's part of the history. Open it first in a write's transaction with the chains it
 * appends to (gameChain, playerChain, an organization's id): it locks their heads, in one order, so
 * every write of a game's or a child's record follows the one before it and its entries are in the
 * order the writes committed (on PostgreSQL as on the embedded one), while writes of other games
 * and children go on beside it. A chain not named at the open is locked when first appended to.
 */
export class History {
  private readonly heads = new Map<string, { seq: number; hash: string }>();
  private actorName: string | null = null;

  private readonly tx: Db;
  readonly writer: Writer;
  readonly at: Date;

  private constructor(tx: Db, writer: Writer, at: Date) {
    this.tx = tx;
    this.writer = writer;
    this.at = at;
  }

  static async open(
    tx: Db,
    writer: Writer,
    at: Date,
    chains: readonly (string | null | undefined)[],
    /** Who writes, when it is no user of ours (a game's official signing with the home coach's code). */
    options: { actorName?: string } = {},
  ) {
    const history = new History(tx, writer, at);
    if (options.actorName) history.actorName = options.actorName;
    await history.lock(chains.filter((c): c is string => !!c));
    return history;
  }

  /**
   * Locks the heads of chains not locked yet, in the order of their names (byte order, as JavaScript sorts them),
   * so two writers never hold each other's heads.
   */
  private async lock(chains: readonly string[]) {
    const wanted = [...new Set(chains)].filter((chain) => !this.heads.has(chain)).sort();
    if (wanted.length === 0) return;
    for (let i = 0; i < wanted.length; i += 1000) {
      const part = wanted.slice(i, i + 1000);
      await this.tx
        .insert(auditHeads)
        .values(part.map((chain) => ({ chain, seq: 0, hash: GENESIS })))
        .onConflictDoNothing();
      const heads = await this.tx
        .select({ chain: auditHeads.chain, seq: auditHeads.seq, hash: auditHeads.hash })
        .from(auditHeads)
        .where(inArray(auditHeads.chain, part))
        .orderBy(sql`${auditHeads.chain} collate "C"`)
        .for('update');
      for (const head of heads) this.heads.set(head.chain, { seq: head.seq, hash: head.hash });
    }
    const missing = wanted.find((chain) => !this.heads.has(chain));
    if (missing) throw new Error(`the history of ${missing} has no head`);
  }

  /** The writer's name as the history keeps it ('Bullpen' for the server's own changes). */
  async nameOfWriter(): Promise<string> {
    if (this.actorName === null) {
      this.actorName = this.writer ? await nameOfUser(this.tx, this.writer.userId) : 'Bullpen';
    }
    return this.actorName;
  }

  /**
   * Runs a write and appends an entry for each record of the scope it changed (created, changed
   * or removed). Returns what the write returned.
   */
  async track<T>(
    entity: Entity,
    scope: Scope,
    change: { action?: ActionName; reason?: string | null },
    write: () => Promise<T>,
  ): Promise<T> {
    const before = await snapshots(this.tx, entity, scope);
    const result = await write();
    const after = await snapshots(this.tx, entity, scope);
    await this.append(entity, before, after, change);
    return result;
  }

  /** Appends an entry for each record that differs between two readings of a scope. */
  async append(
    entity: Entity,
    before: Map<string, Snapshot>,
    after: Map<string, Snapshot>,
    change: { action?: ActionName; reason?: string | null },
  ): Promise<number> {
    const keys = [...new Set([...before.keys(), ...after.keys()])].sort().filter((key) => {
      const [was, now] = [before.get(key), after.get(key)];
      return !(was && now && canonicalJson(was.record) === canonicalJson(now.record));
    });
    // The chains not named at the open, locked at once (in order) rather than one entry at a time.
    await this.lock(keys.map((key) => ((after.get(key) ?? before.get(key)) as Snapshot).chain));
    const rows: (typeof auditEntries.$inferInsert)[] = [];
    for (const key of keys) {
      const was = before.get(key);
      const now = after.get(key);
      const place = (now ?? was) as Snapshot;
      const action = typeof change.action === 'function' ? change.action(was, now) : change.action;
      rows.push(
        await this.entry(place, entity, key, action ?? defaultAction(was, now), {
          before: was?.record ?? null,
          after: now?.record ?? null,
          reason: change.reason ?? null,
        }),
      );
    }
    return this.insert(rows);
  }

  /** The next entry of a place's chain (the chain's head moves to it). */
  private async entry(
    place: Omit<Snapshot, 'key' | 'record'>,
    entity: string,
    entityId: string,
    action: string,
    said: Pick<EntryWords, 'before' | 'after' | 'reason'>,
  ): Promise<typeof auditEntries.$inferInsert> {
    await this.lock([place.chain]);
    const head = this.heads.get(place.chain) as { seq: number; hash: string };
    const header: EntryHeader = {
      chain: place.chain,
      seq: head.seq + 1,
      prevHash: head.hash,
      organizationId: place.organizationId,
      leagueId: place.leagueId,
      gameId: place.gameId,
      playerId: place.playerId,
      at: this.at,
      entity,
      entityId,
      action,
    };
    const words: EntryWords = {
      actorId: this.writer?.userId ?? null,
      actorName: await this.nameOfWriter(),
      sessionId: this.writer?.sessionId ?? null,
      ...said,
    };
    const contentKey = newKey();
    const contentMac = macOf(contentKey, words);
    const hash = hashOfCommitted(header, contentMac);
    this.heads.set(place.chain, { seq: header.seq, hash });
    return { ...header, ...words, contentKey, contentMac, hash };
  }

  /**
   * Rewrites what entries of an organization's chain say (a removed child's names replaced by the pseudonym, a
   * parent of theirs as the writer replaced by "A parent"), each
   * under a new key (the old one, which could confirm a guessed name, is gone), and appends an entry
   * naming each rewritten entry with its new commitment: verify checks the words against that one.
   */
  async erase(input: {
    organizationId: string;
    playerId: string;
    entries: readonly ({ id: number; chain: string; seq: number } & EntryWords)[];
  }): Promise<number> {
    if (input.entries.length === 0) return 0;
    const rewritten: { chain: string; seq: number; contentMac: string }[] = [];
    for (const e of input.entries) {
      const contentKey = newKey();
      const words = wordsOf(e);
      await this.tx
        .update(auditEntries)
        .set({ ...words, contentKey, legacyHash: null })
        .where(eq(auditEntries.id, e.id));
      rewritten.push({ chain: e.chain, seq: e.seq, contentMac: macOf(contentKey, words) });
    }
    const place = {
      chain: input.organizationId,
      organizationId: input.organizationId,
      leagueId: null,
      gameId: null,
      playerId: input.playerId,
    };
    const row = await this.entry(place, ERASED.entity, input.playerId, ERASED.action, {
      before: null,
      after: {
        rewritten: rewritten.sort((a, b) => (a.chain === b.chain ? a.seq - b.seq : a.chain < b.chain ? -1 : 1)),
      },
      reason: null,
    });
    return this.insert([row]);
  }

  /** Appends a seal to the organization's chain naming these heads of its game and child chains. */
  async seal(organizationId: string, heads: readonly SealedHead[]): Promise<number> {
    if (heads.length === 0) return 0;
    const place = { chain: organizationId, organizationId, leagueId: null, gameId: null, playerId: null };
    const row = await this.entry(place, SEALED.entity, organizationId, SEALED.action, {
      before: null,
      after: { heads: heads.map(({ chain, seq, hash }) => ({ chain, seq, hash })) },
      reason: null,
    });
    return this.insert([row]);
  }

  private async insert(rows: (typeof auditEntries.$inferInsert)[]): Promise<number> {
    if (rows.length === 0) return 0;
    // A statement takes at most 65,535 parameters: about 3,000 entries of 20 columns.
    for (let i = 0; i < rows.length; i += 1000) await this.tx.insert(auditEntries).values(rows.slice(i, i + 1000));
    const moved = [...new Set(rows.map((r) => r.chain))].map((chain) => {
      const head = this.heads.get(chain) as { seq: number; hash: string };
      return sql`(${chain}::text, ${head.seq}::int, ${head.hash}::text)`;
    });
    for (let i = 0; i < moved.length; i += 1000) {
      await this.tx.execute(sql`update audit_heads as h set seq = v.seq, hash = v.hash
        from (values ${sql.join(moved.slice(i, i + 1000), sql`, `)}) as v(chain, seq, hash) where h.chain = v.chain`);
    }
    // A change after the official signed a game waits for the minute's job to see whether it voided the signature.
    const voiding = new Set<string>(VOIDING_ENTITIES);
    const changedGames = rows.flatMap((r) => (r.gameId && voiding.has(r.entity) ? [r.gameId] : []));
    await markSignedGamesChanged(this.tx, [...new Set(changedGames)], this.at);
    return rows.length;
  }
}

/** Records of a kind with no entry yet, at most `limit` (the anti-join reads the entries' index). */
async function withoutHistory(
  db: Db,
  entity: Entity,
  chains: readonly string[] | undefined,
  limit: number,
  after: string | null,
): Promise<Map<string, Snapshot>> {
  const source = SOURCES[entity];
  const unknown = sql`not exists (select 1 from audit_entries a where a.entity = ${entity} and a.entity_id = ${sql.raw(source.key)})`;
  if (chains) {
    // A few organizations' records (tests, a tool): the key's text is order enough.
    const next = after === null ? sql`true` : sql`s.key collate "C" > ${after}`;
    const query = sql`select * from (${source.select} where ${unknown}) s
      where ${inChains(chains, 's.')} and ${next} order by s.key collate "C" limit ${limit}`;
    return snapshotsOf(await db.execute(query));
  }
  // Every record: read on from the last page by the primary key's index, so each record is looked at once and a
  // million outings take a million steps, not a million for each page (docs/performance.md).
  const columns = sql.raw(source.order.join(', '));
  const values = after?.split('/') ?? [];
  const next =
    after === null
      ? sql`true`
      : sql`(${columns}) > (${sql.join(
          values.map((v) => sql`${v}::uuid`),
          sql`, `,
        )})`;
  return snapshotsOf(
    await db.execute(sql`${source.select} where ${unknown} and ${next} order by ${columns} limit ${limit}`),
  );
}

function snapshotsOf(result: unknown): Map<string, Snapshot> {
  const { rows } = result as { rows: SnapshotRow[] };
  return new Map(rows.map((row) => [row.key, snapshotOf(row)]));
}

/**
 * Converts the chains written before commitments (docs/decisions/0048-an-erasable-history.md): each
 * entry gets a key and the commitment of its words, and the chain is hashed again from its first
 * entry, each entry keeping the hash it had (`legacyHash`, which paper copies print). A chain that
 * does not verify as it stands is left as it is, so the conversion never hides a problem: verify
 * keeps naming it. Answers how many entries were converted.
 */
export async function commitChains(db: Db, at: Date, options: { chains?: readonly string[] } = {}): Promise<number> {
  const chosen = options.chains ? inChains(options.chains) : sql`true`;
  const legacy = (await db.execute(
    sql`select distinct chain from audit_entries where content_mac is null and content_key is null and ${chosen}`,
  )) as unknown as { rows: { chain: string }[] };
  let converted = 0;
  for (const { chain } of legacy.rows) {
    converted += await db.transaction(async (tx) => {
      // The chain's head first: servers starting together convert it once, and no write interleaves.
      await History.open(tx, null, at, [chain]);
      const [left] = (
        (await tx.execute(
          sql`select count(*)::int as n from audit_entries where chain = ${chain} and content_mac is null and content_key is null`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      if (!left || Number(left.n) === 0) return 0;
      const problems = await verifyIn(tx, { chains: [chain] });
      if (problems.problems.some((p) => p.seq !== null)) return 0;
      let prevHash = GENESIS;
      let count = 0;
      for (let afterSeq = 0; ; ) {
        const page = await tx
          .select()
          .from(auditEntries)
          .where(sql`${auditEntries.chain} = ${chain} and ${auditEntries.seq} > ${afterSeq}`)
          .orderBy(asc(auditEntries.seq))
          .limit(2000);
        if (page.length === 0) break;
        afterSeq = page[page.length - 1]?.seq as number;
        const values: SQL[] = [];
        for (const e of page) {
          const old = e.contentMac === null && e.contentKey === null;
          const contentKey = e.contentKey ?? newKey();
          const contentMac = e.contentMac ?? macOf(contentKey, wordsOf(e));
          const hash = hashOfCommitted({ ...headerOf(e), prevHash }, contentMac);
          const legacyHash = old ? e.hash : e.legacyHash;
          values.push(
            sql`(${e.id}::bigint, ${contentKey}::text, ${contentMac}::text, ${legacyHash}::text, ${prevHash}::text, ${hash}::text)`,
          );
          prevHash = hash;
          if (old) count += 1;
        }
        await tx.execute(sql`update audit_entries as a set content_key = v.k, content_mac = v.m, legacy_hash = v.l,
            prev_hash = v.p, hash = v.h
          from (values ${sql.join(values, sql`, `)}) as v(id, k, m, l, p, h) where a.id = v.id`);
      }
      await tx.update(auditHeads).set({ hash: prevHash }).where(eq(auditHeads.chain, chain));
      return count;
    });
  }
  return converted;
}

/** Heads a seal names at most: a seal entry stays a few hundred kilobytes. */
const SEAL_BATCH = 1000;

/**
 * The sequencer (docs/decisions/0054-a-chain-per-game-and-per-child.md): binds each game's and child's chain that
 * grew since its last seal into its organization's chain, an entry naming each head (chain, number, hash), so the
 * organization's head (its daily digest) vouches for every chain under it. Run every minute, before the digests, on
 * every server: the organization's head lock makes each seal once. Answers how many seals were appended.
 */
export async function sealChains(db: Db, at: Date, options: { organizations?: readonly string[] } = {}) {
  // The partial index holds only the heads that grew since their seal.
  const grown = (await db.execute(
    sql`select h.chain from audit_heads h
      where h.seq > h.sealed_seq and strpos(h.chain, '/') > 0
        and exists (select 1 from organizations o where o.id::text = split_part(h.chain, '/', 1))`,
  )) as unknown as { rows: { chain: string }[] };
  const byOrganization = new Map<string, string[]>();
  for (const { chain } of grown.rows) {
    const organizationId = organizationOfChain(chain) as string;
    if (options.organizations && !options.organizations.includes(organizationId)) continue;
    const chains = byOrganization.get(organizationId) ?? [];
    if (chains.length === 0) byOrganization.set(organizationId, chains);
    chains.push(chain);
  }
  let seals = 0;
  for (const [organizationId, chains] of byOrganization) {
    for (let i = 0; i < chains.length; i += SEAL_BATCH) {
      const part = chains.slice(i, i + SEAL_BATCH);
      seals += await db.transaction(async (tx) => {
        const history = await History.open(tx, null, at, [organizationId]);
        // Under the organization's lock: a server sealing at the same time has sealed these already. A head a
        // writer holds is left for the next run, so no write waits for the seal.
        const heads = (await tx.execute(
          sql`select chain, seq, hash from audit_heads
            where ${inList('chain', part)} and seq > sealed_seq order by chain collate "C" for update skip locked`,
        )) as unknown as { rows: SealedHead[] };
        if (heads.rows.length === 0) return 0;
        await history.seal(organizationId, heads.rows);
        await tx.execute(
          sql`update audit_heads set sealed_seq = seq where ${inList(
            'chain',
            heads.rows.map((h) => h.chain),
          )}`,
        );
        return 1;
      });
    }
  }
  return seals;
}

/**
 * Starts the history of records that have none (written before it existed, or by a seed): a
 * 'baseline' entry of each as it is now, a batch per transaction, after converting the chains
 * written before commitments (commitChains), then sealed (sealChains). Run at start-up, after the migrations and the demo
 * data (nothing to do is one anti-join per kind), and by `seed-scale`.
 */
export async function startHistory(
  db: Db,
  at: Date,
  options: { chains?: readonly string[]; batch?: number } = {},
): Promise<number> {
  await commitChains(db, at, options);
  let added = 0;
  for (const entity of ENTITIES) {
    // One pass over each kind of record, a page at a time, each page after the one before.
    let after: string | null = null;
    for (;;) {
      const done: number | null = await db.transaction(async (tx) => {
        // Servers starting together take turns: the second finds what the first recorded.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bullpen start history'))`);
        const missing = await withoutHistory(tx, entity, options.chains, options.batch ?? 2000, after);
        if (missing.size === 0) return null;
        after = [...missing.keys()].at(-1) as string;
        const history = await History.open(
          tx,
          null,
          at,
          [...missing.values()].map((s) => s.chain),
        );
        return history.append(entity, new Map(), missing, {
          action: 'baseline',
          reason: 'Recorded before the history began',
        });
      });
      if (done === null) break;
      added += done;
    }
  }
  // The chains just started are sealed into their organizations' before the server serves (decision 0054); a start
  // with nothing to start leaves the sealing to the minute's job, and writes nothing.
  if (added > 0) await sealChains(db, at, options.chains ? { organizations: options.chains } : {});
  return added;
}

export interface VerifyProblem {
  chain: string;
  /** The entry that disagrees, or null for a record. */
  seq: number | null;
  entity?: string;
  entityId?: string;
  message: string;
}

/**
 * Walks every chain: each entry's hash is computed again and must follow the one before; then
 * every record must be what its history ends in, and every record the history ends with must
 * exist. Answers the problems, first one first (none: the record is what its history says).
 */
export async function verifyHistory(
  db: Db,
  options: { chains?: readonly string[] } = {},
): Promise<{ entries: number; records: number; problems: VerifyProblem[] }> {
  // One snapshot of the database throughout: writes made meanwhile are neither half seen nor blamed.
  return db.transaction((tx) => verifyIn(tx, options), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** Where an entry is, who wrote it and what it did, as it was stored. */
export function headerOf(e: typeof auditEntries.$inferSelect): EntryHeader {
  return {
    chain: e.chain,
    seq: e.seq,
    prevHash: e.prevHash,
    organizationId: e.organizationId,
    leagueId: e.leagueId,
    gameId: e.gameId,
    playerId: e.playerId,
    at: e.at,
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
  };
}

/** Only an entry's words, out of a row or anything that carries them. */
const wordsOf = (e: EntryWords): EntryWords => ({
  actorId: e.actorId,
  actorName: e.actorName,
  sessionId: e.sessionId,
  before: e.before,
  after: e.after,
  reason: e.reason,
});

/**
 * The commitments a removal gave the entries it rewrote, by chain and entry number: a rewritten
 * entry's words must match the newest one (docs/decisions/0048-an-erasable-history.md).
 */
async function rewrittenEntries(db: Db, options: { chains?: readonly string[] }): Promise<Map<string, string>> {
  const rows = await db
    .select({ chain: auditEntries.chain, seq: auditEntries.seq, after: auditEntries.after })
    .from(auditEntries)
    .where(
      sql`${auditEntries.entity} = ${ERASED.entity} and ${auditEntries.action} = ${ERASED.action} and ${
        options.chains ? inChains(options.chains) : sql`true`
      }`,
    )
    .orderBy(asc(auditEntries.id));
  const commitments = new Map<string, string>();
  for (const row of rows) {
    type Rewritten = { chain?: string; seq: number; contentMac: string };
    const list = (row.after as { rewritten?: Rewritten[] } | null)?.rewritten ?? [];
    // A removal's own chain names entries before it; another chain's (a game's, a child's) were there when it ran.
    for (const r of list) {
      const chain = r.chain ?? row.chain;
      if (chain !== row.chain || r.seq < row.seq) commitments.set(`${chain}/${r.seq}`, r.contentMac);
    }
  }
  return commitments;
}

/**
 * Whether an entry holds what was hashed: its words match their commitment (the newest removal's,
 * where one rewrote them) and its header and commitment their hash. An entry written before
 * commitments is hashed whole, unless a removal rewrote it before its chain was converted.
 */
function intact(e: typeof auditEntries.$inferSelect, rewritten: Map<string, string>): boolean {
  const commitment = rewritten.get(`${e.chain}/${e.seq}`) ?? e.contentMac;
  const wordsHold = commitment !== null && e.contentKey !== null && macOf(e.contentKey, wordsOf(e)) === commitment;
  if (e.contentMac === null) {
    return rewritten.has(`${e.chain}/${e.seq}`) ? wordsHold : hashOf({ ...headerOf(e), ...wordsOf(e) }) === e.hash;
  }
  return wordsHold && hashOfCommitted(headerOf(e), e.contentMac) === e.hash;
}

/**
 * Reads the chains in order, in pages: each entry must follow the one before it, by number and by
 * hash, and hash to what it holds; each chain must end where its head says. Answers how many
 * entries were read and the last entry of each record.
 */
async function verifyChains(db: Db, options: { chains?: readonly string[] }, problems: VerifyProblem[]) {
  const last = new Map<string, { chain: string; seq: number; after: unknown }>();
  const heads = new Map((await db.select().from(auditHeads)).map((h) => [h.chain, h]));
  const rewritten = await rewrittenEntries(db, options);
  const chosen = options.chains ? inChains(options.chains) : sql`true`;
  let entries = 0;
  const previous = new Map<string, { seq: number; hash: string }>();
  const seals: Seal[] = [];
  // Read in pages: a league's years of taps do not need to fit in memory at once.
  const pageSize = 5000;
  for (let afterId = 0; ; ) {
    const page = await db
      .select()
      .from(auditEntries)
      .where(sql`${auditEntries.id} > ${afterId} and ${chosen}`)
      .orderBy(asc(auditEntries.id))
      .limit(pageSize);
    if (page.length === 0) break;
    afterId = page[page.length - 1]?.id as number;
    for (const e of page) {
      entries += 1;
      const before = previous.get(e.chain) ?? { seq: 0, hash: GENESIS };
      const where = { chain: e.chain, seq: e.seq, entity: e.entity, entityId: e.entityId };
      if (e.seq !== before.seq + 1) {
        problems.push({ ...where, message: `entry ${e.seq} follows entry ${before.seq}: entries are missing` });
      } else if (e.prevHash !== before.hash) {
        problems.push({ ...where, message: `entry ${e.seq} does not follow the hash of entry ${before.seq}` });
      }
      if (!intact(e, rewritten)) {
        problems.push({ ...where, message: `entry ${e.seq} was changed after it was written (its hash differs)` });
      }
      previous.set(e.chain, { seq: e.seq, hash: e.hash });
      last.set(`${e.entity}/${e.entityId}`, { chain: e.chain, seq: e.seq, after: e.after });
      if (e.entity === SEALED.entity && e.action === SEALED.action) {
        for (const head of (e.after as { heads?: SealedHead[] } | null)?.heads ?? []) {
          seals.push({ ...head, by: { chain: e.chain, seq: e.seq } });
        }
      }
    }
  }
  await verifySeals(db, seals, problems);
  for (const [chain, end] of previous) {
    const head = heads.get(chain);
    if (head && (head.seq !== end.seq || head.hash !== end.hash)) {
      problems.push({ chain, seq: end.seq, message: `the chain ends at entry ${end.seq}, its head says ${head.seq}` });
    }
  }
  return { entries, last };
}

/** A head a seal named, and the seal that named it. */
type Seal = SealedHead & { by: { chain: string; seq: number } };

/**
 * Each head a seal named must still be in its chain with the hash the seal kept: a game's or child's chain cut back,
 * or rewritten with every hash after computed again, disagrees with its organization's chain.
 */
async function verifySeals(db: Db, seals: readonly Seal[], problems: VerifyProblem[]) {
  for (let i = 0; i < seals.length; i += 1000) {
    const part = seals.slice(i, i + 1000);
    const found = (await db.execute(
      sql`select a.chain, a.seq, a.hash from audit_entries a
        join (values ${sql.join(
          part.map((s) => sql`(${s.chain}::text, ${s.seq}::int)`),
          sql`, `,
        )}) as v(chain, seq) on a.chain = v.chain and a.seq = v.seq`,
    )) as unknown as { rows: SealedHead[] };
    const hashes = new Map(found.rows.map((r) => [`${r.chain}/${r.seq}`, r.hash]));
    for (const seal of part) {
      const hash = hashes.get(`${seal.chain}/${seal.seq}`);
      if (hash === seal.hash) continue;
      problems.push({
        chain: seal.chain,
        seq: seal.seq,
        message:
          hash === undefined
            ? `entry ${seal.seq} of ${seal.chain} is gone: entry ${seal.by.seq} of ${seal.by.chain} sealed it`
            : `entry ${seal.seq} of ${seal.chain} is not the entry ${seal.by.seq} of ${seal.by.chain} sealed: the chain was rewritten`,
      });
    }
  }
}

/** Each record must be what its history ends in, and a record the history kept must still be there. */
async function verifyRecords(
  db: Db,
  options: { chains?: readonly string[] },
  last: Map<string, { chain: string; seq: number; after: unknown }>,
  problems: VerifyProblem[],
): Promise<number> {
  let records = 0;
  for (const entity of ENTITIES) {
    const current = await snapshots(db, entity, options.chains ? { chains: options.chains } : 'all');
    for (const [key, snapshot] of current) {
      records += 1;
      const ending = last.get(`${entity}/${key}`);
      if (!ending) {
        problems.push({
          chain: snapshot.chain,
          seq: null,
          entity,
          entityId: key,
          message: `${entity} ${key} has no history`,
        });
      } else if (canonicalJson(ending.after) !== canonicalJson(snapshot.record)) {
        problems.push({
          chain: snapshot.chain,
          seq: null,
          entity,
          entityId: key,
          message: `${entity} ${key} is not what its history ends in (entry ${ending.seq}): it was changed without an entry`,
        });
      }
    }
    for (const [id, ending] of last) {
      const [kind, key] = [id.slice(0, id.indexOf('/')), id.slice(id.indexOf('/') + 1)];
      if (kind !== entity || ending.after === null || current.has(key)) continue;
      problems.push({
        chain: ending.chain,
        seq: null,
        entity,
        entityId: key,
        message: `${entity} ${key} is missing: its history ends in entry ${ending.seq}, which kept it`,
      });
    }
  }
  return records;
}

async function verifyIn(
  db: Db,
  options: { chains?: readonly string[] },
): Promise<{ entries: number; records: number; problems: VerifyProblem[] }> {
  const problems: VerifyProblem[] = [];
  const { entries, last } = await verifyChains(db, options, problems);
  const records = await verifyRecords(db, options, last, problems);
  return { entries, records, problems };
}

/** Who last changed a record and when, from its history (null before its first entry). */
export async function lastChangeOf(
  tx: Db,
  entity: Entity,
  entityId: string,
): Promise<{ changedBy: string | null; changedAt: Date | null }> {
  const [row] = await tx
    .select({ changedBy: auditEntries.actorName, changedAt: auditEntries.at })
    .from(auditEntries)
    .where(sql`${auditEntries.entity} = ${entity} and ${auditEntries.entityId} = ${entityId}`)
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return row ?? { changedBy: null, changedAt: null };
}

/**
 * Refuses a write that names a version other than the current one (CONFLICT, with who changed it
 * and the current version). A write that names none is taken as of now: the older API's callers.
 */
export async function assertVersion(
  tx: Db,
  entity: Entity,
  what: Versioned,
  record: { id: string; version: number },
  expected: unknown,
): Promise<void> {
  if (expected === undefined || expected === null) return;
  if (expected === record.version) return;
  throw errors.stale(what, { version: record.version, ...(await lastChangeOf(tx, entity, record.id)) });
}

/** A game's current hash: the newest entry of its history, printed on its log so a paper copy can be checked. */
export interface RecordHash {
  hash: string;
  seq: number;
  at: Date;
}

export async function currentHashOfGame(db: Db, gameId: string): Promise<RecordHash | null> {
  const [row] = await db
    .select({ hash: auditEntries.hash, seq: auditEntries.seq, at: auditEntries.at })
    .from(auditEntries)
    .where(eq(auditEntries.gameId, gameId))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return row ?? null;
}

/**
 * What a hash printed on a game's log says now: the entry it names, and how many changes the game
 * had since (none: the paper copy is the record as it stands).
 */
export async function checkPrintedHash(
  db: Db,
  hash: string,
): Promise<{ seq: number; chain: string; gameId: string | null; at: Date; changesSince: number } | null> {
  const printed = hash.trim().toLowerCase();
  // A copy printed before its chain was converted to commitments carries the entry's hash of then.
  const [entry] = await db
    .select()
    .from(auditEntries)
    .where(sql`${auditEntries.hash} = ${printed} or ${auditEntries.legacyHash} = ${printed}`)
    .limit(1);
  if (!entry) return null;
  const [since] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEntries)
    .where(sql`${auditEntries.gameId} = ${entry.gameId} and ${auditEntries.id} > ${entry.id}`);
  return { seq: entry.seq, chain: entry.chain, gameId: entry.gameId, at: entry.at, changesSince: since?.n ?? 0 };
}
