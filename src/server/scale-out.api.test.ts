import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { openPostgres } from './db/client.ts';
import { createPostgresBus } from './db/event-bus.ts';
import { readJournal } from './db/migrations.ts';
import { ensurePresetRules } from './db/preset-rules.ts';
import { leagues } from './db/schema.ts';
import { decodeEvent, encodeEvent } from './services/events.ts';
import {
  bootTestApp,
  buildOrganization,
  buildPlayer,
  buildSeason,
  buildTeam,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
} from './testing/harness.ts';

/**
 * Several Bullpen servers on one PostgreSQL: a mutation on one server reaches a
 * subscriber on another, through LISTEN/NOTIFY, and events too large for a NOTIFY go through a table.
 */

describe('events keep their shape on the way between servers', () => {
  it('keeps Dates as Dates and everything else as it was', () => {
    const at = new Date('2027-05-10T18:00:00.123Z');
    const payload = { id: 'x', at, nested: [{ when: at, text: '2027-05-10T18:00:00Z' }], none: null };
    expect(decodeEvent(encodeEvent('server-1', 'outing.created', payload))).toEqual({
      origin: 'server-1',
      topic: 'outing.created',
      payload,
    });
    expect(decodeEvent('not json')).toBeNull();
  });
});

describe.runIf(databaseKinds().includes('postgres'))('two servers on one PostgreSQL', () => {
  const channel = `test_events_${randomUUID().replaceAll('-', '')}`;
  let a: TestApp;
  let b: TestApp;
  let urlOfB: string;

  beforeAll(async () => {
    a = await bootTestApp('postgres', { BULLPEN_EVENTS_CHANNEL: channel });
    b = await bootTestApp('postgres', { BULLPEN_EVENTS_CHANNEL: channel });
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    urlOfB = `${address.replace('http', 'ws')}/graphql`;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers a count tapped on server A to a coach subscribed on server B, within a second', async () => {
    const coach = await buildUser(a.db, { givenName: 'Hal', familyName: 'Home' });
    const { organization, league } = await buildOrganization(a.db);
    const season = await buildSeason(a.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(a.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const ace = await buildPlayer(a.db, organization.id, { firstName: 'Ace', teamIds: [tigers.id] });
    const { cookie } = await signIn(a.app, coach.email, coach.password);
    const game = await gql(
      a.app,
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: { date: '2027-05-10', homeTeamId: tigers.id, opponentName: 'River City' } },
      cookie,
    );
    const gameId = dataOf<{ id: string }>(game, 'createGame').id;

    // The same session cookie works on B: sessions live in the shared database.
    const client = createClient({
      url: urlOfB,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols: string[]) {
          super(address, protocols, { headers: { cookie } });
        }
      },
      retryAttempts: 0,
      lazy: false,
    });
    const received: { pitches: number }[] = [];
    let heard: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const subscribed = new Promise<void>((resolve, reject) => {
      client.on('connected', () => resolve());
      client.on('error', reject);
    });
    const stop = client.subscribe(
      { query: 'subscription($g: ID!) { onGameCount(gameId: $g) { pitches } }', variables: { g: gameId } },
      {
        next: (value) => {
          received.push((value.data as { onGameCount: { pitches: number } }).onGameCount);
          heard();
        },
        error: () => heard(),
        complete: () => {},
      },
    );
    await subscribed;
    // Give B's subscription a moment to be registered before A taps.
    await new Promise((r) => setTimeout(r, 200));
    const started = performance.now();
    const deviceId = randomUUID();
    const submitted = await gql(
      a.app,
      'mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status } } }',
      {
        i: {
          events: ['strike', 'ball'].map((kind, i) => ({
            id: randomUUID(),
            gameId,
            pitcherId: ace.id,
            bookTeamId: tigers.id,
            deviceId,
            seq: i + 1,
            at: new Date(Date.UTC(2027, 4, 10, 22, 0, i)).toISOString(),
            kind,
          })),
        },
      },
      cookie,
    );
    expect(submitted.errors).toBeUndefined();
    await Promise.race([arrived, new Promise((r) => setTimeout(r, 1_000))]);
    const elapsed = performance.now() - started;
    stop();
    await client.dispose();
    expect(received).toEqual([{ pitches: 2 }]);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('recomputes a status report kept in memory on server B once an outing is recorded on server A', async () => {
    const coach = await buildUser(a.db);
    const { organization, league } = await buildOrganization(a.db);
    const presets = await ensurePresetRules(a.db);
    await a.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(a.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(a.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const ace = await buildPlayer(a.db, organization.id, { firstName: 'Ace', teamIds: [tigers.id] });
    const { cookie } = await signIn(a.app, coach.email, coach.password);
    const status =
      'query($t: ID, $d: String) { pitcherStatus(teamId: $t, date: $d) { pitchers { recentOutings { pitches } } } }';
    const pitchesOnB = async () =>
      dataOf<{ pitchers: { recentOutings: { pitches: number }[] }[] }>(
        await gql(b.app, status, { t: tigers.id, d: '2027-05-11' }, cookie),
        'pitcherStatus',
      ).pitchers[0]?.recentOutings.map((o) => o.pitches);
    expect(await pitchesOnB()).toEqual([]);
    expect(await pitchesOnB()).toEqual([]);
    const game = await gql(
      a.app,
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: { date: '2027-05-10', homeTeamId: tigers.id, opponentName: 'River City' } },
      cookie,
    );
    const created = await gql(
      a.app,
      'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
      {
        i: {
          id: randomUUID(),
          gameId: dataOf<{ id: string }>(game, 'createGame').id,
          playerId: ace.id,
          teamId: tigers.id,
          pitches: 44,
        },
      },
      cookie,
    );
    expect(created.errors).toBeUndefined();
    expect(await pitchesOnB()).toEqual([44]);
  });

  it('migrates a fresh database once when three servers start together', async () => {
    const url = new URL(inject('postgresUrl') as string);
    const name = `bullpen_migrate_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    url.pathname = `/${name}`;
    const servers = [1, 2, 3].map(() => openPostgres(url.toString(), { max: 2 }));
    try {
      await Promise.all(servers.map((s) => s.migrate()));
      const journal = readJournal();
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await check.end();
      expect(applied.rows[0].n).toBe(journal.length);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('carries an event too large for a NOTIFY through the table, once, to the other server', async () => {
    const url = inject('postgresUrl') as string;
    const busChannel = `test_bus_${randomUUID().replaceAll('-', '')}`;
    const sender = createPostgresBus(url, busChannel);
    const listener = createPostgresBus(url, busChannel);
    try {
      const got: string[] = [];
      await listener.listen((m) => got.push(m));
      await sender.listen(() => {});
      const big = 'x'.repeat(20_000);
      await sender.send(big);
      await sender.send('small');
      for (let i = 0; i < 50 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(got).toEqual([big, 'small']);
    } finally {
      await sender.close();
      await listener.close();
    }
  });
});
