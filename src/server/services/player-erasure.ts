import { inArray, type SQL, sql } from 'drizzle-orm';
import { canonicalJson } from '../../core/canonical-json.ts';
import { type ErasedPerson, type NameEraser, nameEraser } from '../../core/erase-names.ts';
import type { Db } from '../db/client.ts';
import { invitations } from '../db/schema.ts';
import type { History } from './history.ts';

/**
 * Removing a child reaches every word Bullpen keeps (docs/decisions/0048-an-erasable-history.md): the
 * child's names and birth date, wherever a person typed them (a correction's reason, a violation's note,
 * an outside outing's description, a game's withdrawn reason, a history entry), are replaced by the
 * pseudonym. The full name is replaced in all of the organization's records; the first or last name
 * alone only in the child's own records and those of the games they pitched in, where it can only mean
 * them. What a parent of theirs wrote about them is kept as by "A parent" (the parent's name would say
 * whose child it was). Emails that name the child go.
 */

interface Child {
  id: string;
  organizationId: string;
  /** The child's record and those merged into it (the same child entered twice): their entries name them too. */
  ids: readonly string[];
}

/** `column` is one of the child's ids. */
const isChild = (column: string, child: Child) =>
  sql`${sql.raw(column)} in (${sql.join(
    child.ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** The games the child pitched in, had taps in, or was chosen for. */
const gamesOf = (child: Child) =>
  sql`(select game_id from pitch_outings where ${isChild('player_id', child)}
    union select game_id from pitch_events where ${isChild('pitcher_id', child)}
    union select game_id from pitcher_choices where ${isChild('pitcher_id', child)})`;

const gamesOfOrganization = (child: Child) =>
  sql`(select id from games where organization_id = ${child.organizationId})`;

/** A table's free text: its text and jsonb columns, the organization's rows, and the child's own. */
interface FreeText {
  table: string;
  text: readonly string[];
  json: readonly string[];
  scope: (child: Child) => SQL;
  own: (child: Child) => SQL;
  /** Rows of the scope that can hold words at all (all when absent). */
  worded?: SQL;
}

/** Who wrote a row about the child (its user id, and the name kept with it, if any). */
interface Writers {
  table: string;
  about: (child: Child) => SQL;
  id: string;
  name?: string;
}

/** What a parent of the child who wrote about them is kept as: their name would say whose child it was. */
export const A_PARENT = 'A parent';

const WRITERS: readonly Writers[] = [
  { table: 'outside_outings', about: (c) => isChild('player_id', c), id: 'reported_by', name: 'reported_by_name' },
  { table: 'pitch_outings', about: (c) => isChild('player_id', c), id: 'recorded_by', name: 'recorded_by_name' },
  {
    table: 'outing_corrections',
    about: (c) => sql`outing_id in (select id from pitch_outings where ${isChild('player_id', c)})`,
    id: 'changed_by',
    name: 'changed_by_name',
  },
  { table: 'pitch_events', about: (c) => isChild('pitcher_id', c), id: 'recorded_by' },
];

const FREE_TEXT: readonly FreeText[] = [
  {
    table: 'outing_corrections',
    text: ['reason'],
    json: ['before', 'after'],
    scope: (c) => sql`outing_id in (select id from pitch_outings where game_id in ${gamesOfOrganization(c)})`,
    own: (c) =>
      sql`outing_id in (select id from pitch_outings where ${isChild('player_id', c)} or game_id in ${gamesOf(c)})`,
  },
  {
    table: 'violations',
    text: ['message', 'note', 'withdrawn_reason'],
    json: ['said'],
    scope: (c) => sql`organization_id = ${c.organizationId}`,
    own: (c) => sql`${isChild('player_id', c)} or game_id in ${gamesOf(c)}`,
  },
  {
    table: 'outside_outings',
    text: ['description'],
    json: ['created_payload'],
    scope: (c) => sql`organization_id = ${c.organizationId}`,
    own: (c) => isChild('player_id', c),
  },
  {
    table: 'pitch_outings',
    text: [],
    json: ['created_payload'],
    scope: (c) => sql`game_id in ${gamesOfOrganization(c)}`,
    own: (c) => sql`${isChild('player_id', c)} or game_id in ${gamesOf(c)}`,
  },
  {
    table: 'pitcher_choices',
    text: [],
    json: ['reasons'],
    scope: (c) => sql`game_id in ${gamesOfOrganization(c)}`,
    own: (c) => sql`${isChild('pitcher_id', c)} or game_id in ${gamesOf(c)}`,
  },
  {
    table: 'games',
    text: ['withdrawn_reason'],
    json: [],
    scope: (c) => sql`organization_id = ${c.organizationId}`,
    own: (c) => sql`id in ${gamesOf(c)}`,
  },
  {
    // A refused tap of a game its sender may not count is kept with no organization (decision 0029).
    table: 'refused_pitch_events',
    text: ['description', 'reason'],
    json: ['event', 'said'],
    scope: (c) => sql`organization_id = ${c.organizationId} or ${isChild("event->>'pitcherId'", c)}`,
    own: (c) => sql`${isChild("event->>'pitcherId'", c)} or game_id in ${gamesOf(c)}`,
  },
];

/** The audit entries' words (before, after, reason): rewritten through the history, which keeps them verifiable. */
const HISTORY: FreeText = {
  table: 'audit_entries',
  text: ['reason'],
  json: ['before', 'after'],
  // Another child's record (their own names and birth date: a twin's, a namesake's) is theirs, never the child's.
  // The organization's entries, in its own chain and its games' and children's (organization_id names them all).
  scope: (c) =>
    sql`organization_id = ${c.organizationId} and (entity <> 'player-record' or ${isChild('player_id', c)})`,
  // A tap's entry holds ids, a kind and a time, never words: the org's many taps are not searched for names.
  worded: sql`entity <> 'pitch-event'`,
  own: (c) => sql`${isChild('player_id', c)} or game_id in ${gamesOf(c)}`,
};

/** Whether any of the columns holds any of the terms, in any case (as typed, or as JSON writes it): one pass a row. */
function mentions(columns: readonly string[], terms: readonly string[]): SQL {
  const forms = [...new Set(terms.flatMap((t) => [t, JSON.stringify(t).slice(1, -1)]))];
  if (columns.length === 0 || forms.length === 0) return sql`false`;
  const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const text = sql.join(
    columns.map((c) => sql`${sql.identifier(c)}::text`),
    sql`, `,
  );
  return sql`lower(concat_ws(' ', ${text})) like any (array[${sql.join(
    forms.map((f) => sql`lower(${like(f)})`),
    sql`, `,
  )}])`;
}

type Row = Record<string, unknown> & { row_id: string; own: boolean };

/** The rows of a table that may name the child, with whether each is the child's own. */
async function candidates(
  tx: Db,
  source: FreeText,
  child: Child,
  erasers: Erasers,
  extra: readonly string[] = [],
  also: SQL = sql`false`,
): Promise<Row[]> {
  const columns = [...source.text, ...source.json];
  const own = source.own(child);
  const result = (await tx.execute(
    sql`select id::text as row_id, coalesce(${own}, false) as own, ${sql.join(
      [...columns, ...extra].map((c) => sql.identifier(c)),
      sql`, `,
    )} from ${sql.identifier(source.table)}
      where (${source.scope(child)})
        and ((${source.worded ?? sql`true`} and ((coalesce(${own}, false) and ${mentions(columns, erasers.own.terms)})
          or ${mentions(columns, erasers.others.terms)})) or ${also})`,
  )) as unknown as { rows: Row[] };
  return result.rows;
}

/** A row's columns with the names replaced, only those that changed. */
function erased(source: FreeText, row: Row, erasers: Erasers): Record<string, unknown> {
  const eraser = row.own ? erasers.own : erasers.others;
  const changed: Record<string, unknown> = {};
  for (const column of source.text) {
    const value = row[column];
    if (typeof value === 'string' && eraser.text(value) !== value) changed[column] = eraser.text(value);
  }
  for (const column of source.json) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    const after = eraser.json(value);
    if (canonicalJson(after) !== canonicalJson(value)) changed[column] = after;
  }
  return changed;
}

/** The names and birth dates the child's record had before (a corrected spelling, a fixed birth date), from its history. */
async function formerIdentities(tx: Db, child: Child): Promise<ErasedPerson[]> {
  const result = (await tx.execute(
    sql`select before, after from audit_entries where ${isChild('player_id', child)} and entity = 'player-record'`,
  )) as unknown as { rows: { before: unknown; after: unknown }[] };
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return result.rows
    .flatMap((r) => [r.before, r.after])
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    .map((r) => ({
      firstName: text(r.firstName),
      lastName: text(r.lastName),
      birthDate: /^\d{4}-\d{2}-\d{2}$/.test(text(r.birthDate)) ? text(r.birthDate) : null,
    }));
}

interface Erasers {
  own: NameEraser;
  others: NameEraser;
}

/**
 * Replaces the child's names and birth date by the pseudonym in every free text of the organization,
 * the history's entries included (through `history`, which holds the organization's chain), and deletes
 * the emails kept that name them. Run in the removal's transaction, before the child's row loses the names.
 */
export async function eraseChild(
  tx: Db,
  history: History,
  person: Omit<Child, 'ids'> & ErasedPerson,
  pseudonym: string,
): Promise<void> {
  const merged = (await tx.execute(
    sql`with recursive m(id) as (select ${person.id}::uuid union select p.id from players p join m on p.merged_into = m.id)
      select id::text as id from m`,
  )) as unknown as { rows: { id: string }[] };
  const child: Child & ErasedPerson = { ...person, ids: merged.rows.map((r) => r.id) };
  const identities = [child, ...(await formerIdentities(tx, child))];
  const erasers: Erasers = {
    own: nameEraser(identities, pseudonym, { parts: true }),
    others: nameEraser(identities, pseudonym, { parts: false }),
  };
  for (const source of FREE_TEXT) {
    for (const row of await candidates(tx, source, child, erasers)) {
      const changed = erased(source, row, erasers);
      const sets = Object.entries(changed).map(([column, value]) =>
        source.json.includes(column)
          ? sql`${sql.identifier(column)} = ${JSON.stringify(value)}::jsonb`
          : sql`${sql.identifier(column)} = ${value as string}`,
      );
      if (sets.length === 0) continue;
      await tx.execute(
        sql`update ${sql.identifier(source.table)} set ${sql.join(sets, sql`, `)} where id = ${row.row_id}`,
      );
    }
  }
  // The child's parents (their links go with the removal), whose names on what they wrote about the child go too.
  const parents = (
    (await tx.execute(
      sql`select user_id from player_guardians where ${isChild('player_id', child)}
        union select removal_requested_by from players where ${isChild('id', child)} and removal_requested_by is not null`,
    )) as unknown as { rows: { user_id: string }[] }
  ).rows.map((r) => r.user_id);
  const byParent = (column: string) =>
    parents.length
      ? sql`${sql.identifier(column)} in (${sql.join(
          parents.map((p) => sql`${p}`),
          sql`, `,
        )})`
      : sql`false`;
  for (const writers of WRITERS) {
    const sets = [
      sql`${sql.identifier(writers.id)} = null`,
      ...(writers.name ? [sql`${sql.identifier(writers.name)} = ${A_PARENT}`] : []),
    ];
    await tx.execute(
      sql`update ${sql.identifier(writers.table)} set ${sql.join(sets, sql`, `)}
        where (${writers.about(child)}) and ${byParent(writers.id)}`,
    );
  }
  // Refused taps of the child a parent sent are kept for that parent alone (decision 0029): they go.
  await tx.execute(
    sql`delete from refused_pitch_events where ${isChild("event->>'pitcherId'", child)} and ${byParent('user_id')}`,
  );
  // An invitation to be the child's parent, not yet answered, invites to nobody now.
  await tx.delete(invitations).where(inArray(invitations.playerId, [...child.ids]));
  const entries = [];
  // The history's entries that name the child, and those about the child a parent of theirs wrote (kept as by
  // "A parent").
  for (const row of await candidates(
    tx,
    HISTORY,
    child,
    erasers,
    ['chain', 'seq', 'actor_id', 'actor_name', 'session_id', 'player_id'],
    sql`(${isChild('player_id', child)} and ${byParent('actor_id')})`,
  )) {
    const changed = erased(HISTORY, row, erasers);
    const parent = child.ids.includes(String(row.player_id)) && parents.includes(String(row.actor_id));
    if (Object.keys(changed).length === 0 && !parent) continue;
    entries.push({
      id: Number(row.row_id),
      chain: String(row.chain),
      seq: Number(row.seq),
      actorId: parent ? null : (row.actor_id as string | null),
      actorName: parent ? A_PARENT : (row.actor_name as string),
      sessionId: parent ? null : (row.session_id as string | null),
      before: 'before' in changed ? changed.before : row.before,
      after: 'after' in changed ? changed.after : row.after,
      reason: ('reason' in changed ? changed.reason : row.reason) as string | null,
    });
  }
  await history.erase({ organizationId: child.organizationId, playerId: child.id, entries });
  // Emails kept (sent or not) that name the child go: those about them, and any other naming them in full.
  await tx.execute(
    sql`delete from outbox_emails where ${isChild('player_id', child)} or ${mentions(['subject', 'body'], erasers.others.terms)}`,
  );
  // Events on their way between servers (kept minutes) that name the child.
  await tx.execute(sql`delete from bullpen_bus_messages where ${mentions(['body'], erasers.others.terms)}`);
}
