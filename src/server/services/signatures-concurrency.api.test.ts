import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../core/local-date.ts';
import type { PitchEvent } from '../../core/pitch-events.ts';
import { outboxEmails } from '../db/schema.ts';
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
  TEST_NOW,
  type TestApp,
} from '../testing/harness.ts';

/**
 * Every server runs the minute's job that tells a league's admins of a void official's signature
 * (signatures.service.ts tellOfVoidedSignatures): two servers on one PostgreSQL running it at the same moment tell
 * of each change once.
 */
describe.runIf(databaseKinds().includes('postgres'))('two servers tell of a void signature', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // The minute's timer stays out of the way: the test runs the job itself, on both servers at once.
    a = await bootTestApp('postgres', { BULLPEN_SETTLE_SECONDS: '3600' });
    b = await bootTestApp('postgres', { BULLPEN_SETTLE_SECONDS: '3600' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('emails the admins once per change, whichever server looks first', async () => {
    const coach = await buildUser(a.db, { givenName: 'Hal', familyName: 'Home' });
    const admin = await buildUser(a.db, { givenName: 'Lee', familyName: 'Admin' });
    const { organization, league } = await buildOrganization(a.db, { leagueAdminIds: [admin.id] });
    const today = todayIn('America/New_York', TEST_NOW);
    const season = await buildSeason(a.db, organization.id, { startDate: '2028-03-01', endDate: '2028-10-31' });
    const tigers = await buildTeam(a.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const ace = await buildPlayer(a.db, organization.id, { firstName: 'Ace', lastName: 'Hill', teamIds: [tigers.id] });
    const coachCookie = (await signIn(a.app, coach.email, coach.password)).cookie;
    const adminCookie = (await signIn(a.app, admin.email, admin.password)).cookie;
    const gameId = dataOf<{ id: string }>(
      await gql(
        a.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date: today, homeTeamId: tigers.id, opponentName: 'River City' } },
        coachCookie,
      ),
      'createGame',
    ).id;
    const tap = async (pitches: number) => {
      const deviceId = randomUUID();
      const events: PitchEvent[] = Array.from({ length: pitches }, (_, i) => ({
        id: randomUUID(),
        gameId,
        pitcherId: ace.id,
        bookTeamId: tigers.id,
        deviceId,
        seq: i + 1,
        at: new Date(Date.now() - 60_000 + i * 100).toISOString(),
        kind: 'ball',
      }));
      const SUBMIT = 'mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status } } }';
      const res = dataOf<{ results: { status: string }[] }>(
        await gql(a.app, SUBMIT, { i: { events } }, coachCookie),
        'submitPitchEvents',
      );
      expect(res.results.every((r) => r.status === 'accepted')).toBe(true);
    };
    await tap(30);
    // The league's official signs at 30, through the emailed link.
    const email = `ump-${randomUUID().slice(0, 8)}@example.org`;
    const ADD = 'mutation($l: ID!, $i: OfficialInput!) { addOfficial(leagueId: $l, input: $i) { id } }';
    const officialId = dataOf<{ id: string }>(
      await gql(a.app, ADD, { l: league.id, i: { name: 'Pat Umpire', email } }, adminCookie),
      'addOfficial',
    ).id;
    const before = a.mailbox.length;
    const SEND = 'mutation($g: ID!, $o: ID!) { sendOfficialLink(gameId: $g, officialId: $o) { officialName } }';
    dataOf(await gql(a.app, SEND, { g: gameId, o: officialId }, coachCookie), 'sendOfficialLink');
    const link = a.mailbox
      .slice(before)
      .find((m) => m.to === email)
      ?.text.match(/\/official\/(\S+)/)?.[1];
    expect(link).toBeTruthy();
    const SIGN = 'mutation($i: SignAsOfficialInput!) { signAsOfficial(input: $i) { officialName } }';
    dataOf(await gql(a.app, SIGN, { i: { link } }), 'signAsOfficial');

    const told = async () =>
      (
        await a.db
          .select({ id: outboxEmails.id })
          .from(outboxEmails)
          .where(and(eq(outboxEmails.toEmail, admin.email), like(outboxEmails.subject, 'The official%void%')))
      ).length;
    const bothServersAtOnce = async () => {
      const now = a.clock.now();
      const runs = await Promise.all([
        a.services.signatures.tellOfVoidedSignatures(now),
        b.services.signatures.tellOfVoidedSignatures(now),
        a.services.signatures.tellOfVoidedSignatures(now),
        b.services.signatures.tellOfVoidedSignatures(now),
      ]);
      return runs.reduce((sum, n) => sum + n, 0);
    };

    // Nothing changed since the signature: nobody is told.
    await bothServersAtOnce();
    expect(await told()).toBe(0);
    // Late taps make it 35: the signature is void, and the admin hears of it once.
    a.clock.advance(60_000);
    await tap(5);
    expect(await bothServersAtOnce()).toBeLessThanOrEqual(1);
    expect(await told()).toBe(1);
    expect(await bothServersAtOnce()).toBe(0);
    expect(await told()).toBe(1);
    // Another change is another email, once.
    a.clock.advance(60_000);
    await tap(3);
    await bothServersAtOnce();
    expect(await told()).toBe(2);
    await bothServersAtOnce();
    expect(await told()).toBe(2);
  });
});
