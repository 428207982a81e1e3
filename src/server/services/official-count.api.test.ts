import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/local-date.ts';
import type { PitchEvent, PitchEventKind } from '../../core/pitch-events.ts';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { games, leagues, outingCorrections, pitchOutings } from '../db/schema.ts';
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
  versionOf,
} from '../testing/harness.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { verifyHistory } from './history.ts';

const SUBMIT = `mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status message } } }`;
const COUNT_FIELDS = `gameId status deadline deadlinePassed countStandsAfterDeadline settledAt
  teams { teamName confirmed }
  confirmations { teamName confirmedByName current }
  pitchers { pitcherName teamName official { pitches intentionalWalks } ownBook { pitches } otherBook { pitches } differs }`;
const OFFICIAL = `query($g: ID!) { officialCount(gameId: $g) { ${COUNT_FIELDS} } }`;
const CONFIRM = `mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { ${COUNT_FIELDS} } }`;
const LIST = `query($l: ID!, $s: [CountStatus!]) { listOfficialCounts(leagueId: $l, statuses: $s) { gameId status } }`;

interface Count {
  gameId: string;
  status: string;
  deadline: string;
  deadlinePassed: boolean;
  countStandsAfterDeadline: string;
  settledAt: string | null;
  teams: { teamName: string; confirmed: boolean }[];
  confirmations: { teamName: string; confirmedByName: string; current: boolean }[];
  pitchers: {
    pitcherName: string;
    teamName: string;
    official: { pitches: number; intentionalWalks: number } | null;
    ownBook: { pitches: number } | null;
    otherBook: { pitches: number } | null;
    differs: boolean;
  }[];
}

describe.each(databaseKinds())('one official count on the %s database', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;
  // Games a few days back, so the deadline (the next day at noon) has passed for some.
  // The tests' clock starts on TEST_NOW (testing/harness.ts).
  const today = todayIn('America/New_York', TEST_NOW);

  async function buildWorld() {
    const presets = await ensurePresetRules(t.db);
    const homeCoach = await buildUser(t.db, { givenName: 'Hal', familyName: 'Home' });
    const awayCoach = await buildUser(t.db, { givenName: 'Ava', familyName: 'Away' });
    const leagueAdmin = await buildUser(t.db, { givenName: 'Lee', familyName: 'Admin' });
    const otherAdmin = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [leagueAdmin.id] });
    const other = await buildOrganization(t.db, { leagueAdminIds: [otherAdmin.id] });
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, {
      startDate: addDays(today, -60),
      endDate: addDays(today, 60),
    });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [homeCoach.id] });
    const cubs = await buildTeam(t.db, league, season.id, { name: 'Cubs', coachIds: [awayCoach.id] });
    const ace = await buildPlayer(t.db, organization.id, { firstName: 'Ace', lastName: 'Hill', teamIds: [tigers.id] });
    const cy = await buildPlayer(t.db, organization.id, { firstName: 'Cy', lastName: 'Young', teamIds: [cubs.id] });
    const cookieOf = async (u: { email: string; password: string }) =>
      (await signIn(t.app, u.email, u.password)).cookie;
    return {
      organizationId: organization.id,
      league,
      otherLeague: other.league,
      tigers,
      cubs,
      ace,
      cy,
      homeCoach: await cookieOf(homeCoach),
      awayCoach: await cookieOf(awayCoach),
      leagueAdmin: await cookieOf(leagueAdmin),
      otherAdmin: await cookieOf(otherAdmin),
    };
  }

  async function newGame(daysAgo: number) {
    const res = await gql(
      t.app,
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: { date: addDays(today, -daysAgo), homeTeamId: w.tigers.id, awayTeamId: w.cubs.id } },
      w.homeCoach,
    );
    return dataOf<{ id: string }>(res, 'createGame').id;
  }

  /** `pitches` taps by one dugout for one pitcher. */
  async function count(cookie: string, gameId: string, pitcherId: string, bookTeamId: string, pitches: number) {
    const deviceId = randomUUID();
    const start = Date.now() - 3_600_000;
    const events: PitchEvent[] = Array.from({ length: pitches }, (_, i) => ({
      id: randomUUID(),
      gameId,
      pitcherId,
      bookTeamId,
      deviceId,
      seq: i + 1,
      at: new Date(start + i * 1000).toISOString(),
      kind: (i % 2 ? 'ball' : 'strike') as PitchEventKind,
    }));
    const res = dataOf<{ results: { status: string }[] }>(
      await gql(t.app, SUBMIT, { i: { events } }, cookie),
      'submitPitchEvents',
    );
    expect(res.results.every((r) => r.status === 'accepted')).toBe(true);
  }

  const lateTap = (gameId: string, pitcherId: string, bookTeamId: string): PitchEvent => ({
    id: randomUUID(),
    gameId,
    pitcherId,
    bookTeamId,
    deviceId: randomUUID(),
    seq: 1,
    at: new Date().toISOString(),
    kind: 'ball',
  });

  const official = async (gameId: string, cookie = w.homeCoach) =>
    dataOf<Count>(await gql(t.app, OFFICIAL, { g: gameId }, cookie), 'officialCount');
  const confirm = (gameId: string, teamId: string, cookie: string) =>
    gql(t.app, CONFIRM, { g: gameId, t: teamId }, cookie);

  beforeAll(async () => {
    t = await bootTestApp(kind);
    w = await buildWorld();
  });
  afterAll(() => t.close());

  it('shows both dugouts’ counts of a pitcher and marks the game disputed where they differ', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 30);
    await count(w.awayCoach, gameId, w.ace.id, w.cubs.id, 32);
    const state = await official(gameId);
    expect(state.status).toBe('disputed');
    expect(state.pitchers).toEqual([
      {
        pitcherName: 'Ace Hill',
        teamName: 'Tigers',
        official: { pitches: 30, intentionalWalks: 0 },
        ownBook: { pitches: 30 },
        otherBook: { pitches: 32 },
        differs: true,
      },
    ]);
    expect(state.deadline).toBe(`${addDays(today, 1)}T12:00`);
    expect(state.deadlinePassed).toBe(false);
    // The away dugout reads the same.
    expect((await official(gameId, w.awayCoach)).pitchers[0]?.otherBook).toEqual({ pitches: 32 });
    // The admins see it among the games to follow up; another league's admin does not see the league at all.
    const listed = dataOf<{ gameId: string; status: string }[]>(
      await gql(t.app, LIST, { l: w.league.id }, w.leagueAdmin),
      'listOfficialCounts',
    );
    expect(listed).toContainEqual({ gameId, status: 'disputed' });
    expect((await gql(t.app, LIST, { l: w.league.id }, w.otherAdmin)).code).toBe('NOT_FOUND');
    expect((await gql(t.app, LIST, { l: w.league.id }, w.homeCoach)).code).toBe('FORBIDDEN');
  });

  it('takes each team’s confirmation, only from that team, and a later correction makes them stale', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 20);
    await count(w.awayCoach, gameId, w.ace.id, w.cubs.id, 22);
    // A coach signs for their own team only; a team not in the game cannot sign.
    expect((await confirm(gameId, w.cubs.id, w.homeCoach)).code).toBe('FORBIDDEN');
    expect((await confirm(gameId, randomUUID(), w.homeCoach)).code).toBe('NOT_FOUND');
    expect((await official(gameId)).confirmations).toEqual([]);

    const one = dataOf<Count>(await confirm(gameId, w.tigers.id, w.homeCoach), 'confirmOfficialCount');
    expect(one.status).toBe('disputed');
    expect(one.confirmations).toEqual([{ teamName: 'Tigers', confirmedByName: 'Hal Home', current: true }]);
    // Both managers sign: the record stands, agreed, though the away book said 22.
    const both = dataOf<Count>(await confirm(gameId, w.cubs.id, w.awayCoach), 'confirmOfficialCount');
    expect(both.status).toBe('confirmed');
    expect(both.teams).toEqual([
      { teamName: 'Tigers', confirmed: true },
      { teamName: 'Cubs', confirmed: true },
    ]);
    const listed = dataOf<{ gameId: string }[]>(
      await gql(t.app, LIST, { l: w.league.id }, w.leagueAdmin),
      'listOfficialCounts',
    );
    expect(listed.map((g) => g.gameId)).not.toContain(gameId);

    // Signed: a coach's correction is refused; an admin's, with a reason, makes both stale and the dispute is back.
    const [outing] = await t.db
      .select({ id: pitchOutings.id })
      .from(pitchOutings)
      .where(and(eq(pitchOutings.gameId, gameId), isNull(pitchOutings.deletedAt)));
    const CORRECT = 'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { pitches } }';
    const refused = await gql(t.app, CORRECT, { i: { id: outing?.id, pitches: 21, reason: 'Recounted' } }, w.homeCoach);
    expect(refused.code).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toMatch(/Both teams signed this game’s counts/);
    const corrected = await gql(
      t.app,
      CORRECT,
      { i: { id: outing?.id, pitches: 21, reason: 'Recounted' } },
      w.leagueAdmin,
    );
    expect(corrected.errors).toBeUndefined();
    const after = await official(gameId);
    expect(after.status).toBe('disputed');
    expect(after.confirmations.map((c) => c.current)).toEqual([false, false]);
  });

  it('refuses to confirm a game with nothing recorded, and a stranger cannot read a count', async () => {
    const gameId = await newGame(0);
    const res = await confirm(gameId, w.tigers.id, w.homeCoach);
    expect(res.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toBe('Nothing was recorded for this game yet: there is no count to confirm');
    expect((await official(gameId)).status).toBe('none');
    expect((await gql(t.app, OFFICIAL, { g: gameId }, w.otherAdmin)).code).toBe('NOT_FOUND');
  });

  it('at the deadline the home team’s count stands for a visiting pitcher, once, and late taps change nothing', async () => {
    const gameId = await newGame(3);
    await count(w.awayCoach, gameId, w.cy.id, w.cubs.id, 40);
    await count(w.homeCoach, gameId, w.cy.id, w.tigers.id, 44);
    expect((await official(gameId)).deadlinePassed).toBe(true);
    // A game whose deadline has not come yet is left alone.
    const fresh = await newGame(0);
    await count(w.awayCoach, fresh, w.cy.id, w.cubs.id, 10);
    await count(w.homeCoach, fresh, w.cy.id, w.tigers.id, 12);

    expect(await t.services.officialCount.settleDue()).toBeGreaterThanOrEqual(1);
    const settled = await official(gameId);
    expect(settled.status).toBe('settled');
    expect(settled.settledAt).not.toBeNull();
    expect(settled.pitchers[0]).toMatchObject({ pitcherName: 'Cy Young', official: { pitches: 44 }, differs: false });
    const [outing] = await t.db
      .select()
      .from(pitchOutings)
      .where(and(eq(pitchOutings.gameId, gameId), isNull(pitchOutings.deletedAt)));
    expect(outing).toMatchObject({ pitches: 44, version: 2 });
    const history = await t.db
      .select()
      .from(outingCorrections)
      .where(eq(outingCorrections.outingId, outing?.id ?? ''));
    expect(history).toEqual([
      expect.objectContaining({
        changedByName: 'Deadline (league setting)',
        reason: 'The counts were not agreed by the deadline: the home team’s count stands (league setting)',
        before: expect.objectContaining({ pitches: 40 }),
        after: expect.objectContaining({ pitches: 44 }),
      }),
    ]);
    expect((await official(fresh)).status).toBe('disputed');

    // Settled once: a second run changes nothing. The game is over: late taps from the visitors' device are
    // refused, and the record does not move.
    await t.services.officialCount.settleDue();
    expect((await official(gameId)).settledAt).toBe(settled.settledAt);
    const late = await gql(t.app, SUBMIT, { i: { events: [{ ...lateTap(gameId, w.cy.id, w.cubs.id) }] } }, w.awayCoach);
    expect(dataOf<{ results: { status: string }[] }>(late, 'submitPitchEvents').results).toEqual([
      expect.objectContaining({ status: 'refused' }),
    ]);
    const [still] = await t.db
      .select()
      .from(pitchOutings)
      .where(eq(pitchOutings.id, outing?.id ?? ''));
    expect(still).toMatchObject({ pitches: 44, version: 2 });
  });

  it('follows the league’s setting: each pitcher’s own team’s count may stand instead, at the league’s hour', async () => {
    const update =
      'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { countStandsAfterDeadline countDeadlineDays countDeadlineTime } }';
    // Bad settings are refused and change nothing.
    const bad = await gql(
      t.app,
      update,
      { i: { id: w.league.id, version: await versionOf(t.db, 'leagues', w.league.id), countDeadlineTime: '25:00' } },
      w.leagueAdmin,
    );
    expect(bad.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toBe('Give the deadline’s time as HH:MM (24-hour)');
    const [unchanged] = await t.db.select().from(leagues).where(eq(leagues.id, w.league.id));
    expect(unchanged).toMatchObject({ countStandsAfterDeadline: 'home', countDeadlineTime: '12:00' });

    const saved = await gql(
      t.app,
      update,
      {
        i: {
          id: w.league.id,
          version: await versionOf(t.db, 'leagues', w.league.id),
          countStandsAfterDeadline: 'own_team',
          countDeadlineDays: 2,
          countDeadlineTime: '18:30',
        },
      },
      w.leagueAdmin,
    );
    expect(dataOf(saved, 'updateLeague')).toEqual({
      countStandsAfterDeadline: 'own_team',
      countDeadlineDays: 2,
      countDeadlineTime: '18:30',
    });
    try {
      const gameId = await newGame(4);
      await count(w.awayCoach, gameId, w.cy.id, w.cubs.id, 25);
      await count(w.homeCoach, gameId, w.cy.id, w.tigers.id, 27);
      expect((await official(gameId)).deadline).toBe(`${addDays(today, -2)}T18:30`);
      await t.services.officialCount.settleDue();
      const settled = await official(gameId);
      expect(settled.status).toBe('settled');
      expect(settled.countStandsAfterDeadline).toBe('own_team');
      // The visitors' own count stands.
      expect(settled.pitchers[0]).toMatchObject({
        official: { pitches: 25 },
        otherBook: { pitches: 27 },
        differs: true,
      });
      const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
      expect(game?.countsSettledAt).not.toBeNull();
    } finally {
      await t.db
        .update(leagues)
        .set({ countStandsAfterDeadline: 'home', countDeadlineDays: 1, countDeadlineTime: '12:00' })
        .where(eq(leagues.id, w.league.id));
    }
  });
  /** The league's official Pat, added by its admin once; their address gets the signing links. */
  async function pat() {
    const list = dataOf<{ id: string; email: string | null }[]>(
      await gql(
        t.app,
        'query($l: ID!) { leagueOfficials(leagueId: $l) { id email } }',
        { l: w.league.id },
        w.leagueAdmin,
      ),
      'leagueOfficials',
    );
    const found = list.find((o) => o.email === 'pat.umpire@example.org');
    if (found) return found.id;
    const ADD = 'mutation($l: ID!, $i: OfficialInput!) { addOfficial(leagueId: $l, input: $i) { id name email } }';
    const added = dataOf<{ id: string; name: string; email: string }>(
      await gql(
        t.app,
        ADD,
        { l: w.league.id, i: { name: 'Pat Umpire', email: 'Pat.Umpire@example.org' } },
        w.leagueAdmin,
      ),
      'addOfficial',
    );
    expect(added).toMatchObject({ name: 'Pat Umpire', email: 'pat.umpire@example.org' });
    return added.id;
  }

  /** The home coach has Bullpen email the official a link; the token is what the official's email holds. */
  async function sendLink(gameId: string, cookie = w.homeCoach) {
    const officialId = await pat();
    const SEND =
      'mutation($g: ID!, $o: ID!) { sendOfficialLink(gameId: $g, officialId: $o) { officialName expiresAt } }';
    const before = t.mailbox.length;
    const sent = dataOf<{ officialName: string }>(
      await gql(t.app, SEND, { g: gameId, o: officialId }, cookie),
      'sendOfficialLink',
    );
    expect(sent.officialName).toBe('Pat Umpire');
    const mail = t.mailbox.slice(before).find((m) => m.to === 'pat.umpire@example.org');
    const token = mail?.text.match(/\/official\/([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/)?.[1];
    expect(token, 'the email holds the signing link').toBeTruthy();
    return token as string;
  }

  const VIEW = `query($l: String!) { officialGame(link: $l) { title state status withdrawn signerName
    official { name current }
    teams { teamName } pitchers { pitcherName teamName official { pitches } ownBook { pitches } otherBook { pitches } differs } } }`;
  const SIGN = 'mutation($i: SignAsOfficialInput!) { signAsOfficial(input: $i) { title officialName } }';

  it('shows the official what they sign, and signs a disputed game only once they settle each difference', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 30);
    await count(w.awayCoach, gameId, w.ace.id, w.cubs.id, 32);
    const link = await sendLink(gameId);
    // Read on a phone signed in to nothing: the link is the right to read it; a wrong one reads nothing.
    expect((await gql(t.app, VIEW, { l: `${randomUUID()}.${'A'.repeat(43)}` })).code).toBe('BAD_USER_INPUT');
    expect(dataOf(await gql(t.app, VIEW, { l: link }), 'officialGame')).toEqual({
      title: 'Tigers vs Cubs',
      state: 'scheduled',
      status: 'disputed',
      withdrawn: false,
      signerName: 'Pat Umpire',
      official: null,
      teams: [{ teamName: 'Tigers' }, { teamName: 'Cubs' }],
      pitchers: [
        {
          pitcherName: 'Ace Hill',
          teamName: 'Tigers',
          official: { pitches: 30 },
          ownBook: { pitches: 30 },
          otherBook: { pitches: 32 },
          differs: true,
        },
      ],
    });
    // Not signed blind: the difference is settled first, and a choice that settles nothing is refused.
    const blind = await gql(t.app, SIGN, { i: { link } });
    expect(blind.code).toBe('BAD_USER_INPUT');
    expect(blind.errors?.[0]?.message).toBe(
      "The two dugouts' counts differ for 1 pitcher: choose whose count stands for each before signing.",
    );
    const stray = await gql(t.app, SIGN, { i: { link, settle: [{ pitcherId: w.cy.id, bookTeamId: w.cubs.id }] } });
    expect(stray.code).toBe('BAD_USER_INPUT');
    expect((await official(gameId)).status).toBe('disputed');
    // The Cubs' count stands: the outing follows it, with the official's name and why in its history.
    const signed = await gql(t.app, SIGN, { i: { link, settle: [{ pitcherId: w.ace.id, bookTeamId: w.cubs.id }] } });
    expect(dataOf(signed, 'signAsOfficial')).toEqual({ title: 'Tigers vs Cubs', officialName: 'Pat Umpire' });
    const after = await official(gameId);
    expect(after.status).toBe('settled');
    expect(after.pitchers[0]).toMatchObject({ official: { pitches: 32 }, otherBook: { pitches: 32 }, differs: false });
    const [outing] = await t.db
      .select()
      .from(pitchOutings)
      .where(and(eq(pitchOutings.gameId, gameId), isNull(pitchOutings.deletedAt)));
    const corrections = await t.db
      .select()
      .from(outingCorrections)
      .where(eq(outingCorrections.outingId, outing?.id ?? ''));
    expect(corrections).toEqual([
      expect.objectContaining({
        changedByName: 'Pat Umpire (official)',
        reason: 'Settled by the official Pat Umpire: the Cubs count of Ace Hill stands',
      }),
    ]);
    const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
    expect(game).toMatchObject({ officialName: 'Pat Umpire', officialId: await pat() });
    expect(game?.countsSettledAt).not.toBeNull();
    // The link signs once.
    expect((await gql(t.app, SIGN, { i: { link } })).errors?.[0]?.message).toMatch(/used already/);
  });

  it('signs as the official the link was sent to, never under another name or in a coach’s session', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 25);
    const link = await sendLink(gameId);
    // A name typed in is no part of the input any more; the coach's own session cannot use the official's link.
    const named = await gql(t.app, SIGN, { i: { link, name: 'Umpire Joe' } });
    expect(named.errors?.length).toBeGreaterThan(0);
    const asCoach = await gql(t.app, SIGN, { i: { link } }, w.homeCoach);
    expect(asCoach.code).toBe('FORBIDDEN');
    expect(asCoach.errors?.[0]?.message).toMatch(/signed in to Bullpen as someone else/);
    expect((await gql(t.app, VIEW, { l: link }, w.awayCoach)).code).toBe('FORBIDDEN');
    // Only the home team's coach or an admin sends a link; the away coach cannot, nor for another league's official.
    const officialId = await pat();
    const SEND = 'mutation($g: ID!, $o: ID!) { sendOfficialLink(gameId: $g, officialId: $o) { officialName } }';
    expect((await gql(t.app, SEND, { g: gameId, o: officialId }, w.awayCoach)).code).toBe('FORBIDDEN');
    expect((await gql(t.app, SEND, { g: gameId, o: randomUUID() }, w.homeCoach)).code).toBe('NOT_FOUND');
    // The coach reads the league's officials by name only; another league's admin reads none of them.
    const LIST_OFFICIALS = 'query($l: ID!) { leagueOfficials(leagueId: $l) { name email } }';
    expect(dataOf(await gql(t.app, LIST_OFFICIALS, { l: w.league.id }, w.homeCoach), 'leagueOfficials')).toEqual([
      { name: 'Pat Umpire', email: null },
    ]);
    expect((await gql(t.app, LIST_OFFICIALS, { l: w.league.id }, w.otherAdmin)).code).toBe('NOT_FOUND');
    const signed = dataOf<{ officialName: string }>(await gql(t.app, SIGN, { i: { link } }), 'signAsOfficial');
    expect(signed.officialName).toBe('Pat Umpire');
    const entries = await t.db.execute(
      sql`select actor_name, action from audit_entries where game_id = ${gameId} and action = 'signed by the official'`,
    );
    expect((entries as unknown as { rows: { actor_name: string }[] }).rows).toEqual([
      { actor_name: 'Pat Umpire (official)', action: 'signed by the official' },
    ]);
  });

  it('two links of one game signed at the same moment: one signature, the other told it is signed', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 18);
    const [first, second] = [await sendLink(gameId), await sendLink(gameId)];
    const answers = await Promise.all([first, second].map((link) => gql(t.app, SIGN, { i: { link } })));
    expect(answers.filter((a) => !a.errors).length).toBe(1);
    expect(answers.find((a) => a.errors)?.code).toBe('CONFLICT');
    const entries = await t.db.execute(
      sql`select count(*)::int as n from audit_entries where game_id = ${gameId} and action = 'signed by the official'`,
    );
    expect((entries as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('refuses to sign a withdrawn game, even with a link sent before', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 20);
    const link = await sendLink(gameId);
    const WITHDRAW = 'mutation($i: DeleteGameInput!) { deleteGame(input: $i) { id } }';
    const withdrawn = await gql(t.app, WITHDRAW, { i: { id: gameId, reason: 'Entered twice' } }, w.leagueAdmin);
    expect(withdrawn.errors).toBeUndefined();
    const refused = await gql(t.app, SIGN, { i: { link } });
    expect(refused.code).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toBe('This game was withdrawn: there are no counts to sign.');
  });

  it('a signature covers the counts it saw: a later change voids it, says by whom, and the admins are told once', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 40);
    const link = await sendLink(gameId);
    dataOf(await gql(t.app, SIGN, { i: { link } }), 'signAsOfficial');
    const STATE = `query($g: ID!) { officialCount(gameId: $g) { official { name current changedAfter { byName }
      signedCounts { pitcherName pitches } } } }`;
    const read = async () =>
      dataOf<{ official: unknown }>(await gql(t.app, STATE, { g: gameId }, w.leagueAdmin), 'officialCount').official;
    expect(await read()).toEqual({
      name: 'Pat Umpire',
      current: true,
      changedAfter: null,
      signedCounts: [{ pitcherName: 'Ace Hill', pitches: 40 }],
    });
    // The count becomes 90 after the signature (the home coach's late taps): the signature no longer covers it.
    t.clock.advance(60_000);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 50);
    expect(await read()).toEqual({
      name: 'Pat Umpire',
      current: false,
      changedAfter: { byName: 'Hal Home' },
      signedCounts: [{ pitcherName: 'Ace Hill', pitches: 40 }],
    });
    // The printed log says the same, on the page and in the PDF.
    const LOG = 'query($g: ID!) { gamePitchLog(gameId: $g) { officialLine official { current } } }';
    expect(dataOf(await gql(t.app, LOG, { g: gameId }, w.homeCoach), 'gamePitchLog')).toEqual({
      officialLine: expect.stringMatching(
        /^Official: signed by Pat Umpire at Ace Hill 40, .+ UTC; changed after signing by Hal Home: needs a new signature$/,
      ),
      official: { current: false },
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/reports/games/${gameId}/pitch-log.pdf`,
      headers: { cookie: w.homeCoach },
    });
    // And the plate meeting's card of the team, among the week's games.
    const CARD = `query($t: ID!) { plateCard(teamId: $t) { recentGames { gameId official { name current
      changedAfter { byName } } } } }`;
    const card = dataOf<{ recentGames: { gameId: string; official: unknown }[] }>(
      await gql(t.app, CARD, { t: w.tigers.id }, w.homeCoach),
      'plateCard',
    );
    expect(card.recentGames.find((g) => g.gameId === gameId)?.official).toEqual({
      name: 'Pat Umpire',
      current: false,
      changedAfter: { byName: 'Hal Home' },
    });
    const printed = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(printed).toContain('changed after signing by Hal Home: needs a new signature');
    expect(await t.services.signatures.tellOfVoidedSignatures(t.clock.now())).toBe(1);
    const told = await t.db.execute(
      sql`select to_email, subject, body from outbox_emails where subject like ${'The official%void%'}`,
    );
    const rows = (told as unknown as { rows: { to_email: string; subject: string; body: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.body).toContain('Pat Umpire signed the counts of Tigers vs Cubs');
    expect(rows[0]?.body).toContain('at Ace Hill 40. Hal Home changed them after');
    // Once: the next run finds nothing new.
    expect(await t.services.signatures.tellOfVoidedSignatures(t.clock.now())).toBe(0);
    // A new link lets the official sign again, over the counts as they are now: an entry of its own in the history.
    const again = await sendLink(gameId);
    dataOf(await gql(t.app, SIGN, { i: { link: again } }), 'signAsOfficial');
    expect(await read()).toMatchObject({ current: true, signedCounts: [{ pitcherName: 'Ace Hill', pitches: 90 }] });
    const signings = await t.db.execute(
      sql`select count(*)::int as n from audit_entries where game_id = ${gameId} and action = 'signed by the official'`,
    );
    expect((signings as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);
    // The chain holds and the game is what its history ends in (this file's setup changes other records directly).
    const { problems } = await verifyHistory(t.db, { chains: [w.organizationId] });
    expect(problems.filter((p) => p.seq !== null || p.entityId === gameId)).toEqual([]);
  });

  it('counts a device’s wrong links: after ten it waits, even with the right link; after the wait it signs', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 30);
    const link = await sendLink(gameId);
    // A device of its own (the API tests share 127.0.0.1, and on PostgreSQL one database, with other files).
    const device = (ip: string) => async (query: string, variables: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: { query, variables },
      });
      const body = res.json() as {
        data?: Record<string, unknown>;
        errors?: { message: string; extensions?: { code?: string } }[];
      };
      return { ...body, code: body.errors?.[0]?.extensions?.code };
    };
    const guesser = device(`10.${kind === 'postgres' ? 2 : 1}.${Math.floor(Math.random() * 250)}.9`);
    const SHORT_VIEW = 'query($l: String!) { officialGame(link: $l) { title } }';
    const SHORT_SIGN = 'mutation($i: SignAsOfficialInput!) { signAsOfficial(input: $i) { title } }';
    const [id] = link.split('.');
    const wrong = Array.from({ length: 5 }, (_, i) => `${id}.${String.fromCharCode(65 + i).repeat(43)}`);
    // Not even shaped as a link: refused, and no guess to count.
    expect((await guesser(SHORT_VIEW, { l: 'Umpire Joe' })).code).toBe('BAD_USER_INPUT');
    for (const guess of [...wrong, ...wrong]) {
      const answer =
        guess === wrong[2]
          ? await guesser(SHORT_SIGN, { i: { link: guess } })
          : await guesser(SHORT_VIEW, { l: guess });
      expect(answer.code).toBe('BAD_USER_INPUT');
    }
    const held = await guesser(SHORT_VIEW, { l: link });
    expect(held.code).toBe('RATE_LIMITED');
    expect(held.errors?.[0]?.message).toBe(
      'Too many wrong links: wait 10 minutes and try again, with the link in the email Bullpen sent you',
    );
    // The link's game is held too, whatever device tries next (per game as per device).
    const other = device(`10.${kind === 'postgres' ? 4 : 3}.${Math.floor(Math.random() * 250)}.9`);
    expect((await other(SHORT_SIGN, { i: { link } })).code).toBe('RATE_LIMITED');
    const [unsigned] = await t.db.select().from(games).where(eq(games.id, gameId));
    expect(unsigned?.officialName).toBeNull();
    t.clock.advance(10 * 60_000 + 1_000);
    expect(dataOf(await other(SHORT_SIGN, { i: { link } }), 'signAsOfficial')).toEqual({
      title: 'Tigers vs Cubs',
    });
  });
});
