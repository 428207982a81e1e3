import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import {
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { POLICIES } from '../core/permissions.ts';
import { refusedPitchEvents } from './db/schema.ts';
import { schema } from './graphql/schema.ts';
import {
  bootTestApp,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
  versionOf,
} from './testing/harness.ts';
import { pdfText } from './testing/pdf-text.ts';
import { isoDay, type Kind, seedTenant, snapshotOf, type Tenant } from './testing/tenants.ts';

/**
 * Property-based fuzzing of every GraphQL query, mutation and subscription and every REST route
 * (docs/reliability.md, security requirements 14 and 17): generated inputs from callers of organization A, with ids
 * of organization B among them. No answer may be a 5xx or an internal error, show a stack or SQL, or
 * carry anything of organization B; no subscription of A's may deliver anything of B's changes.
 */

/** What an error answer must never carry (docs/reliability.md, security requirement 17). */
const LEAKS =
  /\bat [\w.<>]+ \(|\.ts:\d|node_modules|stack|syntax error at or near|\bSELECT\b|\bINSERT INTO\b|relation "/i;

/** In every name, email and text of organization B; never sent by the fuzz, so never to be seen. */
const MARKER = 'ZZ-ORG-B-SECRET';

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 40);
const RUNS_AGAIN = Math.ceil(RUNS_PER_OPERATION / 2);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_REST_RUNS ?? 40);

/**
 * Where an answer's data may hold an id of B: input echoed back, the ids a tap was sent with (its
 * own id, and the ids an A user sent in a refused tap, listed to them and to A's admins as sent).
 */
const ECHOES = new Set([
  'submitPitchEvents.results.id',
  'listRefusedPitchEvents.eventId',
  'listRefusedPitchEvents.gameId',
]);

// --- Generated GraphQL operations: every query and mutation, every scalar of the answer. ---

type Root = 'Query' | 'Mutation' | 'Subscription';
const MAX_SELECTION_DEPTH = 3;

function selectionOf(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return '';
  const parts: string[] = [];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) continue;
    if (isLeafType(getNamedType(field.type))) parts.push(field.name);
    else if (depth < MAX_SELECTION_DEPTH) {
      const inner = selectionOf(field.type, depth + 1);
      if (inner) parts.push(`${field.name} { ${inner} }`);
    }
  }
  return parts.join(' ') || '__typename';
}

interface GeneratedOperation {
  name: string;
  root: Root;
  field: GraphQLField<unknown, unknown>;
  document: string;
}

function operationsOf(root: Root): GeneratedOperation[] {
  const type = {
    Query: schema.getQueryType(),
    Mutation: schema.getMutationType(),
    Subscription: schema.getSubscriptionType(),
  }[root];
  return Object.values(type?.getFields() ?? {}).map((field) => {
    const defs = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
    const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
    const selection = selectionOf(field.type, 1);
    const document = `${root.toLowerCase()} Fuzz${defs ? `(${defs})` : ''} { ${field.name}${
      args ? `(${args})` : ''
    }${selection ? ` { ${selection} }` : ''} }`;
    return { name: `${root}.${field.name}`, root, field, document };
  });
}

/** Queries, then mutations, those that delete or archive A's things last (the rest then still find them). */
const lastly = (op: GeneratedOperation) => (/^Mutation\.(delete|rollSeason|unlink|remove)/.test(op.name) ? 1 : 0);
const OPERATIONS = [...operationsOf('Query'), ...operationsOf('Mutation')].sort((x, y) => lastly(x) - lastly(y));
const SUBSCRIPTIONS = operationsOf('Subscription');
const SUBSCRIPTIONS_PER_CALLER = Number(process.env.FUZZ_SUBSCRIPTION_RUNS ?? 4);

// --- Input values, from the argument types; ids from a pool with B's among them. ---

/**
 * How one call's inputs are made: `valid` ones look right and hang together (one tenant's game,
 * team and pitcher), so they reach the data, for A's things and as a well-formed attempt on B's;
 * `mixed` ones are as valid but each id is A's or B's (A's team with B's player); `wild` ones mix
 * any ids of the pool, junk and wrong types.
 */
interface Ctx {
  tenant: Tenant;
  mode: 'valid' | 'mixed' | 'wild';
}

interface World {
  a: Tenant;
  b: Tenant;
  /** Every id of B, lower case. */
  bIds: string[];
  pool: string[];
}

const KIND_BY_FIELD: [RegExp, Kind][] = [
  [/^organizationIds?$|^adminOrganizationIds$/, 'organization'],
  [/^leagueIds?$|^adminLeagueIds$/, 'league'],
  [/^seasonId$/, 'season'],
  [/^(teamId|bookTeamId|homeTeamId)$/, 'team'],
  [/^awayTeamId$/, 'team2'],
  [/^gameId$/, 'game'],
  [/^(playerId|pitcherId)$/, 'player'],
  [/^restRuleId$/, 'rule'],
  [/^userId$/, 'guardian'],
  [/^undoes$/, 'event'],
  [/^(admins|coaches)$/, 'coach'],
];
/** What an `id` names, from the input type or the field it belongs to. */
const KIND_BY_OWNER: [RegExp, Kind][] = [
  [/RefusedPitchEvent/i, 'refused'],
  [/PitchEvent/i, 'event'],
  [/OutsideOuting/i, 'outside'],
  [/PitchOuting/i, 'outing'],
  [/Violation/i, 'violation'],
  [/RestProfile/i, 'profile'],
  [/RestRule/i, 'rule'],
  [/Session/i, 'session'],
  [/Game/i, 'game'],
  [/Player|Roster/i, 'player'],
  [/Team/i, 'team'],
  [/Season/i, 'season'],
  [/League/i, 'league'],
  [/Organization/i, 'organization'],
  [/User/i, 'orgAdmin'],
];

function kindOf(field: string, owner: string): Kind | undefined {
  if (field === 'id') return KIND_BY_OWNER.find(([re]) => re.test(owner))?.[1];
  return KIND_BY_FIELD.find(([re]) => re.test(field))?.[1];
}

const JUNK_IDS = [
  '',
  ' ',
  'null',
  '0',
  '-1',
  'not-a-uuid',
  "'; drop table players; --",
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '../../etc/passwd',
  '%00',
  '\u0000',
  'a'.repeat(300),
  '{"$ne":null}',
];

const LIST_OF_USERS = /^(admins|coaches)$/;

function idArb(w: World, ctx: Ctx, field: string, owner: string): fc.Arbitrary<string> {
  // A user id in an admins or coaches list: B's are not the caller's to name (decision 0030), so they are
  // tried like any other id; in `valid` mode the list holds A's people.
  const users = LIST_OF_USERS.test(field);
  const pool = w.pool;
  const random = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...pool) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(...JUNK_IDS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
  const kind = kindOf(field, owner);
  if (ctx.mode === 'wild') return random;
  if (!kind) return fc.uuid();
  const own =
    ctx.mode === 'mixed' && !users
      ? fc.constantFrom(w.a[kind], w.b[kind])
      : fc.constant(users ? w.a[kind] : ctx.tenant[kind]);
  // A new thing's id is the client's own (idempotent creates): mostly fresh, sometimes one in use.
  if (field === 'id' && /^Create|^PitchEvent/.test(owner)) return fc.oneof(fc.uuid(), fc.uuid(), own);
  return own;
}

const names = fc.constantFrom(
  'Tigers',
  'Ana',
  'Diaz',
  'Spring 2027',
  'Majors',
  'O’Brien',
  'Zoë Ñúñez',
  '李小龍',
  '🙂',
  '',
  '   ',
  'x'.repeat(500),
  "Robert'); DROP TABLE players;--",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil.example")',
  'nul\u0000byte',
  'Quokka',
  'zz-org-b',
);
const goodNames = fc
  .tuple(fc.constantFrom('Ana', 'Bo', 'Cy', 'Dee', 'Eli', 'Fay'), fc.nat(9999))
  .map(([name, n]) => `${name} ${n}`);
const dates = fc.oneof(
  fc.integer({ min: -90, max: 90 }).map(isoDay),
  fc.constantFrom('2027-02-30', '2027-13-01', '2027-4-1', '0000-01-01', '9999-12-31', 'yesterday', '', '4/2/2015'),
);
const pastDays = fc.integer({ min: -30, max: 0 }).map(isoDay);
const birthDates = fc.integer({ min: 7 * 365, max: 14 * 365 }).map((days) => isoDay(-days));
const times = fc.constantFrom('18:00', '09:30', '23:59', '24:00', '25:61', '6pm', '', '18:00:00');
const instants = fc.oneof(
  fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }).map((ms) => new Date(Date.now() + ms).toISOString()),
  fc.constantFrom('not a date', '2027-04-10T25:00:00Z', '', '1970-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z'),
);
const freshEmails = fc.uuid().map((id) => `fuzz-${id.slice(0, 8)}@example.test`);
const emails = (w: World) =>
  fc.oneof(
    freshEmails,
    fc.constantFrom(
      w.a.emails.guardian,
      w.a.emails.coach,
      'not-an-email',
      '',
      'a@b',
      `${'x'.repeat(300)}@example.test`,
    ),
    fc.emailAddress(),
  );
const csvs = fc.oneof(
  fc
    .array(
      fc.tuple(fc.constantFrom('Ana', 'Bo', '', '=cmd'), fc.constantFrom('Diaz', 'Lee', 'Quokka'), dates, fc.nat(99)),
      { maxLength: 4 },
    )
    .map(
      (rows) =>
        `First,Last,Birth Date,Jersey,Team,Parent Email\n${rows
          .map(([f, l, d, j]) => `${f},${l},${d},${j},Tigers,fuzz-${j}@example.test`)
          .join('\n')}\n`,
    ),
  fc.constantFrom(
    '',
    'just text',
    'First,Last\n',
    '"unclosed,quote\n',
    'Player First Name;Player Last Name;DOB\nA;B;1/2/2015',
  ),
  fc.string({ maxLength: 200 }),
);
const goodCsvs = fc
  .array(fc.tuple(goodNames, goodNames, birthDates, fc.nat(99)), { minLength: 1, maxLength: 4 })
  .map(
    (rows) =>
      `First,Last,Birth Date,Jersey,Parent Email\n${rows
        .map(
          ([f, l, d, j]) =>
            `${f.split(' ')[0]},${l.replace(' ', '')},${d},${j},fuzz-${j}-${l.split(' ')[1]}@example.test`,
        )
        .join('\n')}\n`,
  );
const tokens = fc.oneof(
  fc.constantFrom('', 'junk', 'LTE', 'MWUz', 'azo', 'azp6eg', Buffer.from('k:zz-org-b').toString('base64url')),
  fc.nat(5000).map((n) => Buffer.from(String(n)).toString('base64url')),
  fc.string({ maxLength: 30 }),
);

function stringArb(w: World, ctx: Ctx, field: string): fc.Arbitrary<unknown> {
  const valid = ctx.mode !== 'wild';
  if (/email/i.test(field)) return valid ? freshEmails : emails(w);
  if (field === 'birthDate') return valid ? birthDates : dates;
  if (field === 'endDate') return valid ? fc.integer({ min: 61, max: 200 }).map(isoDay) : dates;
  if (/date$/i.test(field) || /^(from|to|eq)$/.test(field)) return valid ? pastDays : dates;
  if (/time$/i.test(field)) return valid ? fc.constantFrom('18:00', '09:30') : times;
  if (field === 'at') return valid ? fc.constant(new Date().toISOString()) : instants;
  if (field === 'csv') return valid ? goodCsvs : csvs;
  if (field === 'nextToken') return valid ? fc.constant(null) : tokens;
  if (field === 'timeZone') return fc.constantFrom('America/New_York', 'Europe/Paris', 'Mars/Olympus', '', 'UTC');
  if (field === 'roles') return fc.constantFrom('coach', 'admin', 'parent', 'SuperAdmin', 'god');
  if (field === 'digest') {
    return fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
      fc.string(),
    );
  }
  if (field === 'temporaryPassword') return fc.constantFrom('a-temporary-password', 'short', 'password');
  if (field === 'language')
    return valid ? fc.constantFrom('en', 'es') : fc.constantFrom('fr', '', 'EN', 'es-MX', 'en-XA');
  if (field === 'ageGroup') return fc.constantFrom('9-10', '11-12', '', 'x'.repeat(300));
  if (field === 'jerseyNumber') return valid ? fc.nat(99).map(String) : names;
  if (field === 'search') return fc.constantFrom('Ana', 'Quokka', 'zz-org-b', 'alpha', 'secret', '', '%', '_');
  if (valid) return goodNames;
  return fc.oneof({ weight: 4, arbitrary: names }, { weight: 1, arbitrary: fc.string({ maxLength: 60 }) });
}

const ints = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 120 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 2_147_483_647, -2_147_483_648) },
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: 100_000 }) },
);

/** A number as the field would hold it. */
function goodInt(field: string): fc.Arbitrary<number> {
  if (/innings$/i.test(field)) return fc.integer({ min: 1, max: 6 });
  if (field === 'outs') return fc.integer({ min: 0, max: 18 });
  if (field === 'intentionalWalks') return fc.integer({ min: 0, max: 2 });
  if (/Age$/.test(field)) return fc.integer({ min: 7, max: 14 });
  if (field === 'daysRest' || field === 'weekStartsOn' || field === 'yearOffset') return fc.integer({ min: 0, max: 4 });
  if (field === 'month') return fc.integer({ min: 1, max: 12 });
  if (field === 'day') return fc.integer({ min: 1, max: 28 });
  if (field === 'limit') return fc.integer({ min: 1, max: 100 });
  if (field === 'seq') return fc.integer({ min: 1, max: 1000 });
  if (field === 'countDeadlineDays' || field === 'days') return fc.integer({ min: 1, max: 7 });
  return fc.integer({ min: 1, max: 95 });
}

/** A value of the wrong type where the schema wants another: refused before any resolver runs. */
const wrongType = fc.oneof(fc.string({ maxLength: 10 }), fc.double(), fc.boolean(), fc.constant({}), fc.constant([]));

function inputArb(w: World, ctx: Ctx, type: GraphQLInputType, field: string, owner: string): fc.Arbitrary<unknown> {
  if (ctx.mode !== 'wild') return valueArb(w, ctx, isNonNullType(type) ? type.ofType : type, field, owner);
  if (isNonNullType(type)) {
    return fc.oneof(
      { weight: 60, arbitrary: valueArb(w, ctx, type.ofType, field, owner) },
      { weight: 1, arbitrary: wrongType },
    );
  }
  return fc.oneof(
    { weight: 12, arbitrary: valueArb(w, ctx, type, field, owner) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

function valueArb(w: World, ctx: Ctx, type: GraphQLInputType, field: string, owner: string): fc.Arbitrary<unknown> {
  if (ctx.mode !== 'wild') {
    // Left out where a right value depends on another field (an undo's target, a count within the pitches).
    if (field === 'undoes' || field === 'pitchesBeforeLastBatter') return fc.constant(null);
    if (/innings$/i.test(field)) return fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 });
    if (field === 'kind' && isEnumType(type)) return fc.constantFrom('ball', 'strike', 'foul', 'in_play');
  }
  if (isListType(type)) {
    const item = inputArb(w, ctx, type.ofType as GraphQLInputType, field, owner);
    return ctx.mode !== 'wild' ? fc.array(item, { minLength: 1, maxLength: 2 }) : fc.array(item, { maxLength: 3 });
  }
  if (isNonNullType(type)) return valueArb(w, ctx, type.ofType, field, owner);
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    return fc.record(Object.fromEntries(fields.map((f) => [f.name, inputArb(w, ctx, f.type, f.name, type.name)])), {
      requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
    });
  }
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => v.name));
  switch (type.name) {
    case 'ID':
      return idArb(w, ctx, field, owner);
    case 'String':
      return stringArb(w, ctx, field);
    case 'Int':
      return ctx.mode !== 'wild' ? goodInt(field) : ints;
    case 'Float':
      return fc.double({ noNaN: true });
    case 'Boolean':
      return fc.boolean();
    case 'DateTime':
      return instants;
    default:
      return fc.string();
  }
}

const contexts = (w: World) =>
  fc.record({
    tenant: fc.constantFrom(w.a, w.a, w.b),
    mode: fc.constantFrom<Ctx['mode']>('valid', 'valid', 'mixed', 'wild', 'wild'),
  });

/** Variables for one call of the operation. */
function variablesArb(w: World, op: GeneratedOperation): fc.Arbitrary<Record<string, unknown>> {
  return contexts(w).chain((ctx) =>
    fc.record(
      Object.fromEntries(op.field.args.map((arg) => [arg.name, inputArb(w, ctx, arg.type, arg.name, op.field.name)])),
      { requiredKeys: op.field.args.filter((a) => isNonNullType(a.type)).map((a) => a.name) },
    ),
  );
}

// --- Callers of A, and the checks every answer must pass. ---

type CallerKind = 'coach' | 'leagueAdmin' | 'orgAdmin' | 'anonymous';
interface Caller {
  kind: CallerKind;
  email: string;
  cookie: string;
}
const callerKinds = fc.constantFrom<CallerKind>(
  'coach',
  'coach',
  'leagueAdmin',
  'leagueAdmin',
  'orgAdmin',
  'orgAdmin',
  'anonymous',
);

/** The refused taps kept in an organization's list, as stored. */
async function refusedOf(t: TestApp, organizationId: string) {
  const rows = await t.db
    .select()
    .from(refusedPitchEvents)
    .where(eq(refusedPitchEvents.organizationId, organizationId));
  return rows.map((row) => JSON.stringify(row)).sort();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The paths (list indexes left out) of data values that hold one of B's ids and are no echo. */
function leakedIds(value: unknown, ids: RegExp, path: string[] = [], out: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) leakedIds(item, ids, path, out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) leakedIds(item, ids, [...path, key], out);
  } else if (typeof value === 'string' && ids.test(value) && !ECHOES.has(path.join('.'))) {
    out.push(path.join('.'));
  }
  return out;
}

describe.each(databaseKinds())(
  'fuzzing every operation and route on the %s database (docs/reliability.md, security requirements 14, 17)',
  (kind) => {
    let t: TestApp;
    let w: World;
    let bIdPattern: RegExp;
    let before: Awaited<ReturnType<typeof snapshotOf>>;
    let bRefused: string[];
    const callers = {} as Record<CallerKind, Caller>;
    const stats = { graphql: 0, rest: 0, succeeded: 0, idsEchoedInErrors: 0, subscriptions: 0 };
    /** Answers by operation and code (FUZZ_VERBOSE=1 prints them: are the inputs reaching the data?). */
    const outcomes = new Map<string, Record<string, number>>();
    const tally = (name: string, code: string) => {
      const counts = outcomes.get(name) ?? {};
      counts[code] = (counts[code] ?? 0) + 1;
      outcomes.set(name, counts);
    };

    async function freshSession(caller: Caller) {
      if (caller.kind === 'anonymous') return;
      // A refused change-password counts against the account: start it afresh.
      await t.services.throttle.recordSuccess(caller.email);
      const { cookie } = await signIn(t.app, caller.email, 'correct-horse-battery');
      caller.cookie = cookie;
    }

    /** Signs the caller in again when a call ended their session (sign-out, signOutEverywhere). */
    async function keepSignedIn(caller: Caller) {
      if (caller.kind === 'anonymous') return;
      const res = await gql(t.app, '{ me { id } }', {}, caller.cookie);
      if (res.errors) await freshSession(caller);
    }

    /** The checks every answer passes; `data` is the part that must hold no id of B. */
    function check(label: string, status: number, body: string, data: unknown, errorTexts: string[]) {
      expect(status, label).toBeLessThan(500);
      expect(body, label).not.toMatch(LEAKS);
      expect(body.toLowerCase(), label).not.toContain(MARKER.toLowerCase());
      const paths = leakedIds(data, bIdPattern);
      expect(paths, `${label}: ids of organization B in the answer`).toEqual([]);
      if (errorTexts.some((text) => bIdPattern.test(text))) stats.idsEchoedInErrors++;
    }

    let started = 0;
    beforeAll(async () => {
      started = Date.now();
      t = await bootTestApp(kind, { BULLPEN_DEV_MAILBOX: '1', BULLPEN_SIGNIN_IP_LIMIT: '100000' });
      const a = await seedTenant(t, 'Alpha');
      const b = await seedTenant(t, MARKER);
      const { emails: _a, ...aIds } = a;
      const { emails: _b, ...bIdsOf } = b;
      const bIds = Object.values(bIdsOf).map((id) => id.toLowerCase());
      const pool = [
        ...Object.values(aIds),
        ...Object.values(bIdsOf),
        ...Object.values(bIdsOf).map((id) => id.toUpperCase()),
      ];
      w = { a, b, bIds, pool };
      bIdPattern = new RegExp(bIds.map(escapeRegExp).join('|'), 'i');
      for (const kind of ['coach', 'leagueAdmin', 'orgAdmin'] as const) {
        callers[kind] = { kind, email: a.emails[kind], cookie: '' };
        await freshSession(callers[kind]);
        expect(callers[kind].cookie, kind).not.toBe('');
      }
      callers.anonymous = { kind: 'anonymous', email: '', cookie: '' };
      // B's games are past their deadline on the tests' clock: the server's settling (every minute) closes
      // them once, before the comparison starts, not in the middle of it.
      await t.services.officialCount.settleDue();
      before = await snapshotOf(t, Object.values(bIdsOf), { without: ['refusedPitchEvents'] });
      bRefused = await refusedOf(t, b.organization);
    });

    afterAll(async () => {
      console.log(
        `fuzz (${kind}, ${((Date.now() - started) / 1000).toFixed(1)} s): ${OPERATIONS.length} GraphQL operations, ${stats.graphql} GraphQL calls (${stats.succeeded} answered without error), ${stats.rest} REST calls, ${SUBSCRIPTIONS.length} subscriptions (${stats.subscriptions} messages to A's callers); ${stats.idsEchoedInErrors} error answers repeated an id of B the caller sent`,
      );
      if (process.env.FUZZ_VERBOSE) for (const [name, counts] of outcomes) console.log(name, JSON.stringify(counts));
      await t?.close();
    });

    it('generates every query, mutation and subscription of the running schema, and the policy table lists no other', async () => {
      const res = await gql(t.app, getIntrospectionQuery());
      expect(res.errors).toBeUndefined();
      const { types } = dataOf<{ types: { name: string; fields: { name: string }[] | null }[] }>(res, '__schema');
      const running = (['Query', 'Mutation'] as const).flatMap((root) =>
        (types.find((type) => type.name === root)?.fields ?? []).map((f) => `${root}.${f.name}`),
      );
      const generated = OPERATIONS.map((op) => op.name);
      expect(generated.sort()).toEqual(running.sort());
      const listed = Object.keys(POLICIES).filter((op) => op.startsWith('Query.') || op.startsWith('Mutation.'));
      expect(listed.sort()).toEqual(generated.sort());
      const subscriptions = (types.find((type) => type.name === 'Subscription')?.fields ?? []).map(
        (f) => `Subscription.${f.name}`,
      );
      expect(SUBSCRIPTIONS.map((op) => op.name).sort()).toEqual(subscriptions.sort());
      expect(
        Object.keys(POLICIES)
          .filter((op) => op.startsWith('Subscription.'))
          .sort(),
      ).toEqual(subscriptions.sort());
    });

    it('keeps fixed what it found', async () => {
      const coach = callers.coach.cookie;
      const answer = async (query: string, variables: Record<string, unknown>) => {
        const res = await gql(t.app, query, variables, coach);
        expect(JSON.stringify(res).toLowerCase()).not.toContain(MARKER.toLowerCase());
        return res.code;
      };
      // B's season was named in the refusal of a game of B's team on a date outside it (now B's team is
      // missing, as a team that does not exist: decision 0030).
      expect(
        await answer('mutation($i: CreateGameInput!) { createGame(input: $i) { id } }', {
          i: { homeTeamId: w.b.team, date: isoDay(-200), opponentName: 'Visitors' },
        }),
      ).toBe('NOT_FOUND');
      // A date that does not exist reached the database (500).
      expect(
        await answer('query($d: String) { listGames(filter: { date: { eq: $d } }) { items { id } } }', {
          d: '2027-02-30',
        }),
      ).toBe('BAD_USER_INPUT');
      // The seven-day grid from 9999-12-31 ran past four-digit years (500).
      expect(
        await answer('query($p: ID, $d: String) { pitcherStatus(playerId: $p, date: $d) { teamId } }', {
          p: w.a.player,
          d: '9999-12-31',
        }),
      ).toBe('BAD_USER_INPUT');
      // A tap naming B's child in A's game stored the child's name in the coach's refused taps.
      const tap = { id: randomUUID(), gameId: w.a.game, pitcherId: w.b.player, bookTeamId: w.a.team };
      await answer('mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status } } }', {
        i: { events: [{ ...tap, deviceId: randomUUID(), seq: 1, at: new Date().toISOString(), kind: 'ball' }] },
      });
      expect(await answer('{ listRefusedPitchEvents { description } }', {})).toBeUndefined();
    });

    it('sends documents the server accepts (within depth, cost and token limits)', async () => {
      for (const op of OPERATIONS) {
        const res = await gql(t.app, op.document, {}, callers.orgAdmin.cookie);
        // Missing variables are the only complaint: the document itself passes validation.
        for (const error of res.errors ?? []) {
          expect(error.message, op.name).not.toMatch(/depth|cost|token|alias|Cannot query field|Unknown/i);
        }
      }
      // signOutEverywhere needs no variables, so it ran.
      await freshSession(callers.orgAdmin);
    });

    // Queries run again after the mutations, to read what those made and changed.
    const rounds = [...OPERATIONS.map((op) => ({ op, runs: RUNS_PER_OPERATION, again: false }))];
    for (const op of OPERATIONS) if (op.root === 'Query') rounds.push({ op, runs: RUNS_AGAIN, again: true });

    for (const { op, runs, again } of rounds) {
      it(`${op.name}${again ? ' (after the mutations)' : ''}: generated arguments, as A's coach, league admin, organization admin and anonymous`, async () => {
        await fc.assert(
          fc.asyncProperty(callerKinds, variablesArb(w, op), async (callerKind, variables) => {
            const caller = callers[callerKind];
            const res = await t.app.inject({
              method: 'POST',
              url: '/graphql',
              headers: { 'content-type': 'application/json', ...(caller.cookie ? { cookie: caller.cookie } : {}) },
              payload: JSON.stringify({ query: op.document, variables }),
            });
            stats.graphql++;
            const json = res.json() as {
              data?: unknown;
              errors?: { message: string; extensions?: { code?: string } }[];
            };
            const label = `${op.name} as ${callerKind} ${JSON.stringify(variables).slice(0, 500)}`;
            for (const error of json.errors ?? [])
              expect(error.extensions?.code, label).not.toBe('INTERNAL_SERVER_ERROR');
            if (!json.errors) stats.succeeded++;
            tally(op.name, json.errors?.[0]?.extensions?.code ?? 'OK');
            if (process.env.FUZZ_VERBOSE === '2' && json.errors) console.log(op.name, json.errors[0]?.message);
            check(
              label,
              res.statusCode,
              res.body,
              json.data,
              (json.errors ?? []).map((e) => JSON.stringify(e)),
            );
            if (op.name === 'Mutation.signOutEverywhere' || op.name === 'Mutation.deleteMySession') {
              await keepSignedIn(caller);
            }
          }),
          { numRuns: runs },
        );
      });
    }

    // --- REST: every route of the policy table and every route the server registered. ---

    const restRoutes = Object.keys(POLICIES)
      .filter((op) => op.startsWith('POST /') || op.startsWith('GET /'))
      .map((op) => op.split(' ') as ['GET' | 'POST', string]);

    it('fuzzes every route the server registers', () => {
      const fuzzed = restRoutes.map(([method, url]) => `${method} ${url}`);
      // The auth gateway's wildcard stands for the /api/auth routes of the table, each fuzzed.
      expect(t.routes.filter((r) => !r.endsWith('/api/auth/*') && !fuzzed.includes(r))).toEqual([]);
    });

    // Any JSON at all, and objects shaped like the real inputs with wrong types and extra fields.
    const authBody = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          email: fc.oneof(fc.string(), fc.emailAddress(), fc.integer(), fc.constant(null)),
          password: fc.oneof(fc.string(), fc.string({ minLength: 2000, maxLength: 3000 }), fc.boolean()),
          newPassword: fc.oneof(fc.string(), fc.constant({})),
          currentPassword: fc.string(),
          otp: fc.oneof(fc.string(), fc.nat()),
          extra: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    );

    /** A request to one route: path ids and query from the pool, bodies shaped like its input or not. */
    function requestArb(method: 'GET' | 'POST', url: string) {
      const ctx = contexts(w);
      const id = ctx.chain((c) => idArb(w, c, 'gameId', ''));
      const userId = ctx.chain((c) => idArb(w, c, 'userId', ''));
      if (url.includes(':id')) {
        return id.map((value) => ({ url: url.replace(':id', encodeURIComponent(value)), payload: undefined }));
      }
      if (url === '/api/reports/outings.csv') {
        return ctx
          .chain((c) =>
            fc.record(
              {
                leagueId: fc.oneof(
                  idArb(w, c, 'leagueId', ''),
                  fc.array(idArb(w, c, 'leagueId', ''), { maxLength: 2 }),
                ),
                seasonId: idArb(w, c, 'seasonId', ''),
                teamId: idArb(w, c, 'teamId', ''),
              },
              { requiredKeys: [] },
            ),
          )
          .map((query) => {
            const params = new URLSearchParams();
            for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) params.append(key, v);
            return { url: `${url}?${params}`, payload: undefined };
          });
      }
      if (url === '/api/dev/mailbox') {
        return fc
          .option(emails(w))
          .map((to) => ({ url: to === null ? url : `${url}?to=${encodeURIComponent(to)}`, payload: undefined }));
      }
      if (url === '/graphql') {
        const document = fc
          .constantFrom(...OPERATIONS)
          .chain((op) =>
            fc.record({ query: fc.oneof(fc.constant(op.document), fc.string()), variables: variablesArb(w, op) }),
          );
        if (method === 'GET') {
          return document.map(({ query, variables }) => ({
            url: `/graphql?${new URLSearchParams({ query, variables: JSON.stringify(variables) })}`,
            payload: undefined,
          }));
        }
        return fc.oneof(document, fc.jsonValue()).map((body) => ({ url, payload: JSON.stringify(body) }));
      }
      if (url.startsWith('/admin-queries/')) {
        const attribute = fc.record({
          Name: fc.constantFrom('email', 'given_name', 'family_name', 'custom:x', ''),
          Value: fc.oneof(names, emails(w)),
        });
        const shaped = fc.record(
          {
            username: fc.oneof(userId, emails(w)),
            email: emails(w),
            temporaryPassword: fc.string(),
            userAttributes: fc.oneof(fc.array(attribute, { maxLength: 3 }), fc.jsonValue()),
            group: fc.constantFrom('StandardUser', 'admin', 'SuperAdmin', ''),
            extra: fc.anything(),
          },
          { requiredKeys: [] },
        );
        return fc.oneof(shaped, fc.jsonValue()).map((body) => ({ url, payload: JSON.stringify(body) }));
      }
      if (method === 'POST') return authBody.map((body) => ({ url, payload: JSON.stringify(body) }));
      return fc.constant({ url, payload: undefined });
    }

    for (const [method, url] of restRoutes) {
      it(`${method} ${url}: generated requests`, async () => {
        await fc.assert(
          fc.asyncProperty(
            callerKinds,
            requestArb(method, url),
            fc.constantFrom('json', 'json', 'json', 'text', 'cross-site'),
            async (callerKind, request, variant) => {
              const caller = callers[callerKind];
              const res = await t.app.inject({
                method,
                url: request.url,
                headers: {
                  'content-type': variant === 'text' ? 'text/plain' : 'application/json',
                  ...(variant === 'cross-site' ? { origin: 'https://evil.example' } : {}),
                  ...(caller.cookie ? { cookie: caller.cookie } : {}),
                },
                payload: method === 'POST' ? request.payload : undefined,
              });
              stats.rest++;
              const label = `${method} ${request.url} as ${callerKind} ${String(request.payload).slice(0, 300)}`;
              const pdf = res.headers['content-type'] === 'application/pdf';
              const body = pdf ? `${res.body}\n${pdfText(res.rawPayload)}` : res.body;
              let data: unknown = res.statusCode < 300 ? body : undefined;
              if (res.headers['content-type']?.toString().includes('json')) {
                const json = JSON.parse(res.body) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
                // A GraphQL answer: its data must hold no id of B, and no error may be internal.
                data = url === '/graphql' ? json.data : res.statusCode < 300 ? json : undefined;
                for (const error of json.errors ?? [])
                  expect(error.extensions?.code, label).not.toBe('INTERNAL_SERVER_ERROR');
              }
              check(label, res.statusCode, body, data, res.statusCode >= 300 ? [res.body] : []);
              if (url.startsWith('/api/auth/') || url === '/graphql') await keepSignedIn(caller);
            },
          ),
          { numRuns: RUNS_PER_ROUTE },
        );
      });
    }

    it('answers any GraphQL document and variables without a 5xx or a leak', async () => {
      const documents = [
        '{ me { id email roles abilities } }',
        'query($l: Int, $t: String) { listMySessions(limit: $l, nextToken: $t) { items { id } nextToken } }',
        'query($f: SessionFilter) { listMySessions(filter: $f) { items { id } } }',
        'mutation($i: DeleteMySessionInput!) { deleteMySession(input: $i) { id } }',
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constantFrom(...documents), fc.string()),
          fc.dictionary(fc.constantFrom('l', 't', 'f', 'i'), fc.jsonValue()),
          async (query, variables) => {
            const res = await t.app.inject({
              method: 'POST',
              url: '/graphql',
              headers: { 'content-type': 'application/json', cookie: callers.coach.cookie },
              payload: JSON.stringify({ query, variables }),
            });
            stats.graphql++;
            expect(res.statusCode, `${query} ${JSON.stringify(variables)}`).toBeLessThan(500);
            const json = res.json() as { errors?: { extensions?: { code?: string } }[] };
            for (const error of json.errors ?? []) expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
            expect(res.body).not.toMatch(LEAKS);
          },
        ),
        { numRuns: 200 },
      );
    });

    it('left every record of organization B as it was', async () => {
      const { emails: _b, ...bIdsOf } = w.b;
      // Refused taps A's callers sent are kept with them (their `event` holds B's ids as sent), never in B's
      // list: B's rows are compared by organization instead.
      const after = await snapshotOf(t, Object.values(bIdsOf), { without: ['refusedPitchEvents'] });
      expect(after).toEqual(before);
      expect(await refusedOf(t, w.b.organization)).toEqual(bRefused);
    });

    // --- Subscriptions, last: their test changes B's things, which the check above wants untouched. ---

    it('subscriptions: generated arguments as A’s callers, while B’s things change; nothing of B reaches them', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `${address.replace('http', 'ws')}/graphql`;
      const clients: Client[] = [];
      const connect = (cookie: string) => {
        const client = createClient({
          url,
          webSocketImpl: class extends WebSocket {
            constructor(address: string, protocols: string[]) {
              super(address, protocols, cookie ? { headers: { cookie } } : {});
            }
          },
          retryAttempts: 0,
          lazy: false,
        });
        clients.push(client);
        return client;
      };
      type Message = { label: string; payload: unknown };
      const received: Message[] = [];
      const subscribe = (client: Client, label: string, query: string, variables: Record<string, unknown>) =>
        client.subscribe(
          { query, variables },
          {
            next: (payload) => received.push({ label, payload }),
            error: (error) => received.push({ label, payload: { error: String((error as Error)?.message ?? error) } }),
            complete: () => {},
          },
        );
      try {
        // A's callers: every subscription, with generated arguments (B's ids among them).
        for (const kind of ['coach', 'leagueAdmin', 'orgAdmin', 'anonymous'] as const) {
          const client = connect(callers[kind].cookie);
          for (const op of SUBSCRIPTIONS) {
            const samples = op.field.args.length ? fc.sample(variablesArb(w, op), SUBSCRIPTIONS_PER_CALLER) : [{}];
            for (const variables of samples) {
              subscribe(client, `${op.name} as ${kind} ${JSON.stringify(variables)}`, op.document, variables);
            }
          }
        }
        // B's organization admin subscribes too: what they hear shows B's changes made events.
        const bAdmin = (await signIn(t.app, w.b.emails.orgAdmin, 'correct-horse-battery')).cookie;
        const bClient = connect(bAdmin);
        const heardByB: string[] = [];
        for (const op of SUBSCRIPTIONS) {
          const variables = op.field.args.length ? { gameId: w.b.game } : {};
          bClient.subscribe(
            { query: op.document, variables },
            { next: (result) => result.data && heardByB.push(op.name), error: () => {}, complete: () => {} },
          );
        }

        // Subscribing completes on the server with no acknowledgement: change A's league until A's own
        // admin (subscribed above) hears it, so every subscription made before is in place.
        const CHANGE_LEAGUE = 'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { id } }';
        const heardOwn = () =>
          received.some(
            (m) =>
              m.label.startsWith('Subscription.onUpdateLeague as orgAdmin') &&
              JSON.stringify(m.payload).includes(w.a.league),
          );
        for (let attempt = 0; attempt < 50 && !heardOwn(); attempt++) {
          const res = await gql(
            t.app,
            CHANGE_LEAGUE,
            {
              i: {
                id: w.a.league,
                version: await versionOf(t.db, 'leagues', w.a.league),
                name: `Alpha Majors ${attempt}`,
              },
            },
            callers.orgAdmin.cookie,
          );
          expect(res.errors, 'A changes its own league').toBeUndefined();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(heardOwn(), 'A’s organization admin hears a change of A’s league').toBe(true);

        // B's things change: leagues, rules and intervals, the organization, an outing, a live count,
        // users (by a SuperAdmin), each as it would be done through the API.
        const superAdmin = await buildUser(t.db, { roles: ['SuperAdmin'], givenName: `${MARKER} root` });
        const root = (await signIn(t.app, superAdmin.email, superAdmin.password)).cookie;
        const as = async (cookie: string, query: string, variables: Record<string, unknown>) => {
          const res = await gql(t.app, query, variables, cookie);
          expect(res.errors, `${query} ${JSON.stringify(res.errors)}`).toBeUndefined();
          return res.data as Record<string, { id: string }>;
        };
        const made = await as(bAdmin, 'mutation($i: CreateLeagueInput!) { createLeague(input: $i) { id } }', {
          i: { name: `${MARKER} Juniors`, organizationId: w.b.organization },
        });
        await as(bAdmin, CHANGE_LEAGUE, {
          i: { id: w.b.league, version: await versionOf(t.db, 'leagues', w.b.league), name: `${MARKER} Majors!` },
        });
        await as(bAdmin, 'mutation($i: DeleteLeagueInput!) { deleteLeague(input: $i) { id } }', {
          i: { id: made.createLeague?.id },
        });
        await as(root, 'mutation($i: UpdateOrganizationInput!) { updateOrganization(input: $i) { id } }', {
          i: { id: w.b.organization, name: `${MARKER} Baseball` },
        });
        const rule = await as(root, 'mutation($i: CreateRestRuleInput!) { createRestRule(input: $i) { id } }', {
          i: {
            name: `${MARKER} rule 2`,
            ageGroup: '9-12',
            global: false,
            organizationId: w.b.organization,
            pitchLimits: [{ pitchCount: 1, daysRest: 0 }],
          },
        });
        const ruleId = rule.createRestRule?.id;
        const profile = await as(
          root,
          'mutation($i: CreateRestProfileInput!) { createRestProfile(input: $i) { id } }',
          { i: { restRuleId: ruleId, pitchCount: 21, daysRest: 1 } },
        );
        await as(root, 'mutation($i: DeleteRestProfileInput!) { deleteRestProfile(input: $i) { id } }', {
          i: { id: profile.createRestProfile?.id },
        });
        await as(root, 'mutation($i: DeleteRestRuleInput!) { deleteRestRule(input: $i) { id } }', {
          i: { id: ruleId },
        });
        await as(bAdmin, 'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { id } }', {
          i: { id: w.b.outing, pitches: 81, pitchedInnings: [1, 2, 3, 4], reason: `${MARKER} recount` },
        });
        // The game may be over from an earlier run (both teams confirmed it): reopened, it counts taps again.
        await as(bAdmin, 'mutation($i: UpdateGameInput!) { updateGame(input: $i) { id } }', {
          i: { id: w.b.game, state: 'in_progress' },
        });
        const tap = {
          id: randomUUID(),
          gameId: w.b.game,
          pitcherId: w.b.player,
          bookTeamId: w.b.team,
          deviceId: randomUUID(),
          seq: 1,
          at: new Date().toISOString(),
          kind: 'strike',
        };
        const taps = await as(
          bAdmin,
          'mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status } } }',
          { i: { events: [tap] } },
        );
        expect(JSON.stringify(taps)).not.toContain('refused');
        await as(bAdmin, 'mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { gameId } }', {
          g: w.b.game,
          t: w.b.team2,
        });
        const user = await as(root, 'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }', {
          i: { email: `zz-org-b-${randomUUID().slice(0, 8)}@example.test`, givenName: MARKER, familyName: 'New' },
        });
        await as(root, 'mutation($i: UpdateUserInput!) { updateUser(input: $i) { id } }', {
          i: { id: user.createUser?.id, familyName: `${MARKER} Renamed` },
        });
        await as(root, 'mutation($i: DeleteUserInput!) { deleteUser(input: $i) { id } }', {
          i: { id: user.createUser?.id },
        });

        // B's admin hears B's changes (so they made events); then give A's streams time to deliver.
        for (let waited = 0; waited < 5000 && new Set(heardByB).size < 11; waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(new Set(heardByB), 'what B’s admin heard').toEqual(
          new Set([
            'Subscription.onCreateLeague',
            'Subscription.onUpdateLeague',
            'Subscription.onDeleteLeague',
            'Subscription.onUpdateOrganization',
            'Subscription.onCreateRestRule',
            'Subscription.onDeleteRestRule',
            'Subscription.onCreateRestProfile',
            'Subscription.onDeleteRestProfile',
            'Subscription.onUpdatePitchOuting',
            'Subscription.onGameCount',
            'Subscription.onOfficialCount',
          ]),
        );
        for (const { label, payload } of received) {
          const text = JSON.stringify(payload);
          expect(text, label).not.toMatch(LEAKS);
          expect(text.toLowerCase(), label).not.toContain(MARKER.toLowerCase());
          expect(text, label).not.toContain('INTERNAL_SERVER_ERROR');
          const errors =
            (payload as { errors?: unknown; error?: unknown }).errors ?? (payload as { error?: unknown }).error;
          if (!errors) expect(leakedIds((payload as { data?: unknown }).data, bIdPattern), label).toEqual([]);
        }
        stats.subscriptions = received.length;
      } finally {
        await Promise.all(clients.map((client) => client.dispose()));
      }
    });
  },
);
