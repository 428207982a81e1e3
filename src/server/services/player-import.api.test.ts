import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, playerGuardians, players, rosterEntries, teams, users } from '../db/schema.ts';
import {
  bootTestApp,
  buildLeague,
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
} from '../testing/harness.ts';

const PREVIEW = `mutation($i: PlayerImportInput!) { previewPlayerImport(input: $i) {
  format problems digest
  summary { create match refuse teamsToCreate guardiansToCreate guardiansToLink }
  rows { line firstName lastName birthDate jerseyNumber leagueName teamName action teamAction reasons guardians { email action } }
} }`;
const IMPORT = `mutation($i: ImportPlayersInput!) { importPlayers(input: $i) {
  create match refuse teamsToCreate guardiansToCreate guardiansToLink
} }`;

interface Preview {
  format: string;
  problems: string[];
  digest: string;
  summary: Record<string, number>;
  rows: {
    line: number;
    firstName: string;
    action: string;
    teamAction: string;
    teamName: string | null;
    reasons: string[];
    guardians: { email: string; action: string }[];
  }[];
}

const SPORTS_CONNECT = [
  'Player First Name,Player Last Name,Player Birth Date,Division Name,Team Name,Player Jersey Number,Account First Name,Account Last Name,Account Email',
  'Ana,Diaz,04/02/2015,Majors,Tigers,7,Pat,Diaz,pat.diaz@example.test',
  'Ben,Ortiz,2015-06-11,Majors,Lions,7,Lee,Ortiz,lee.ortiz@example.test',
  'Cam,Young,2014-01-20,Minors,Cubs,3,,,',
  'Dee,Park,2031-01-01,Majors,Tigers,9,,,',
  'Eli,Stone,2015-08-08,Majors,Tigers,7,,,',
].join('\n');

describe.each(databaseKinds())('roster import on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind, { BULLPEN_DEV_MAILBOX: '1' });
  });
  afterAll(() => t.close());

  async function world(options: { leagueAdmin?: boolean } = {}) {
    const user = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db, {
      adminIds: options.leagueAdmin ? [] : [user.id],
      leagueAdminIds: options.leagueAdmin ? [user.id] : [],
    });
    const minors = await buildLeague(t.db, organization.id, { name: 'Minors' });
    const season = await buildSeason(t.db, organization.id, { name: 'Spring 2027' });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { admin: { ...user, cookie }, organization, league, minors, season };
  }

  const input = (w: Awaited<ReturnType<typeof world>>, csv: string, extra: Record<string, unknown> = {}) => ({
    organizationId: w.organization.id,
    seasonId: w.season.id,
    csv,
    ...extra,
  });

  it('previews a Sports Connect export row by row without storing anything', async () => {
    const w = await world();
    const res = await gql(t.app, PREVIEW, { i: input(w, SPORTS_CONNECT) }, w.admin.cookie);
    const preview = dataOf<Preview>(res, 'previewPlayerImport');
    expect(preview.format).toBe('sports-connect');
    expect(preview.problems).toEqual([]);
    const byName = Object.fromEntries(preview.rows.map((r) => [r.firstName, r]));
    expect(byName.Ana).toMatchObject({ action: 'create', teamAction: 'create', teamName: 'Tigers' });
    expect(byName.Ana?.guardians).toEqual([{ email: 'pat.diaz@example.test', action: 'create' }]);
    expect(byName.Ben).toMatchObject({ action: 'create', teamName: 'Lions' });
    expect(byName.Cam).toMatchObject({ action: 'create', teamName: 'Cubs' });
    expect(byName.Dee?.action).toBe('refuse');
    expect(byName.Dee?.reasons.join(' ')).toMatch(/future/i);
    expect(byName.Eli?.action).toBe('refuse');
    expect(byName.Eli?.reasons).toEqual(['Jersey 7 is already given to line 2 on Tigers']);
    expect(preview.summary).toEqual({
      create: 3,
      match: 0,
      refuse: 2,
      teamsToCreate: 3,
      guardiansToCreate: 2,
      guardiansToLink: 0,
    });
    expect(await t.db.select().from(players).where(eq(players.organizationId, w.organization.id))).toEqual([]);
    expect(await t.db.select().from(teams).where(eq(teams.seasonId, w.season.id))).toEqual([]);
  });

  it('imports the confirmed preview in one go: teams, players, rosters and invited parents', async () => {
    const w = await world();
    const { digest } = dataOf<Preview>(
      await gql(t.app, PREVIEW, { i: input(w, SPORTS_CONNECT) }, w.admin.cookie),
      'previewPlayerImport',
    );
    const res = await gql(t.app, IMPORT, { i: { ...input(w, SPORTS_CONNECT), digest } }, w.admin.cookie);
    expect(dataOf(res, 'importPlayers')).toEqual({
      create: 3,
      match: 0,
      refuse: 2,
      teamsToCreate: 3,
      guardiansToCreate: 2,
      guardiansToLink: 0,
    });
    const stored = await t.db.select().from(players).where(eq(players.organizationId, w.organization.id));
    expect(stored.map((p) => p.firstName).sort()).toEqual(['Ana', 'Ben', 'Cam']);
    const ana = stored.find((p) => p.firstName === 'Ana');
    expect(ana).toMatchObject({ birthDate: '2015-04-02', jerseyNumber: '7' });
    const [tigers] = await t.db
      .select()
      .from(teams)
      .where(and(eq(teams.name, 'Tigers'), eq(teams.organizationId, w.organization.id)));
    expect(tigers?.leagueId).toBe(w.league.id);
    const roster = await t.db
      .select()
      .from(rosterEntries)
      .where(eq(rosterEntries.teamId, tigers?.id ?? ''));
    expect(roster.map((r) => r.playerId)).toEqual([ana?.id]);
    const [pat] = await t.db.select().from(users).where(eq(users.email, 'pat.diaz@example.test'));
    expect(pat).toMatchObject({ givenName: 'Pat', familyName: 'Diaz' });
    const links = await t.db
      .select()
      .from(playerGuardians)
      .where(eq(playerGuardians.userId, pat?.id ?? ''));
    expect(links.map((l) => l.playerId)).toEqual([ana?.id]);
    // Invited without a password: they choose one with the emailed reset code.
    expect(
      await t.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, pat?.id ?? '')),
    ).toEqual([]);
    await expect
      .poll(() => t.mailbox.find((m) => m.to === 'pat.diaz@example.test')?.text)
      .toContain('parent of Ana Diaz');

    // The same file again matches everyone: nothing is made twice.
    const again = dataOf<Preview>(
      await gql(t.app, PREVIEW, { i: input(w, SPORTS_CONNECT) }, w.admin.cookie),
      'previewPlayerImport',
    );
    expect(again.summary).toMatchObject({
      create: 0,
      match: 3,
      teamsToCreate: 0,
      guardiansToCreate: 0,
      guardiansToLink: 2,
    });
  });

  it('refuses an import whose preview no longer matches, storing nothing', async () => {
    const w = await world();
    const csv = 'First,Last,Birth Date,Jersey\nAna,Diaz,2015-04-02,4\n';
    const team = await buildTeam(t.db, w.league, w.season.id, { name: 'Tigers' });
    const { digest } = dataOf<Preview>(
      await gql(t.app, PREVIEW, { i: input(w, csv, { teamId: team.id }) }, w.admin.cookie),
      'previewPlayerImport',
    );
    // Meanwhile someone takes jersey 4 on that team.
    await buildPlayer(t.db, w.organization.id, { firstName: 'Zed', jerseyNumber: '4', teamIds: [team.id] });
    const res = await gql(t.app, IMPORT, { i: { ...input(w, csv, { teamId: team.id }), digest } }, w.admin.cookie);
    expect(res.code).toBe('CONFLICT');
    expect(res.errors?.[0]?.message).toBe(
      'The roster or the file changed since the preview. Preview it again before importing.',
    );
    const stored = await t.db.select().from(players).where(eq(players.organizationId, w.organization.id));
    expect(stored.map((p) => p.firstName)).toEqual(['Zed']);
  });

  it('reports a file it cannot read, and unknown divisions row by row', async () => {
    const w = await world();
    const empty = dataOf<Preview>(
      await gql(t.app, PREVIEW, { i: input(w, '') }, w.admin.cookie),
      'previewPlayerImport',
    );
    expect(empty.problems.length).toBeGreaterThan(0);
    const unknownHeader = dataOf<Preview>(
      await gql(t.app, PREVIEW, { i: input(w, 'Name,Age\nAna,11\n') }, w.admin.cookie),
      'previewPlayerImport',
    );
    expect(unknownHeader.problems.length).toBeGreaterThan(0);
    const csv =
      'Player First Name,Player Last Name,Player Birth Date,Division Name,Team Name\nAna,Diaz,2015-04-02,Seniors,Tigers\n';
    const preview = dataOf<Preview>(
      await gql(t.app, PREVIEW, { i: input(w, csv) }, w.admin.cookie),
      'previewPlayerImport',
    );
    expect(preview.rows[0]?.reasons).toEqual(['No league named "Seniors" in this organization']);
    const res = await gql(t.app, IMPORT, { i: { ...input(w, csv), digest: preview.digest } }, w.admin.cookie);
    expect(res.errors?.[0]?.message).toBe('No row can be imported: fix the refused rows first.');
  });

  it('lets a league admin import only into their league', async () => {
    const w = await world({ leagueAdmin: true });
    const refused = await gql(t.app, PREVIEW, { i: input(w, SPORTS_CONNECT) }, w.admin.cookie);
    expect(refused.code).toBe('FORBIDDEN');
    const preview = dataOf<Preview>(
      await gql(t.app, PREVIEW, { i: input(w, SPORTS_CONNECT, { leagueId: w.league.id }) }, w.admin.cookie),
      'previewPlayerImport',
    );
    const cam = preview.rows.find((r) => r.firstName === 'Cam');
    expect(cam?.reasons).toEqual(['You do not administer the Minors league']);
    expect(preview.rows.find((r) => r.firstName === 'Ana')?.action).toBe('create');
  });

  it('imports a 10,000-row file within seconds', async () => {
    const w = await world();
    const team = await buildTeam(t.db, w.league, w.season.id, { name: 'Everyone' });
    const lines = ['First,Last,Birth Date,Jersey,Guardian Email'];
    for (let i = 0; i < 10_000; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      lines.push(`Kid${i},Family${i},2015-03-${day},,parent${i}@bulk.example.test`);
    }
    const csv = lines.join('\n');
    const started = performance.now();
    const preview = dataOf<Preview>(
      await gql(t.app, PREVIEW, { i: input(w, csv, { teamId: team.id }) }, w.admin.cookie),
      'previewPlayerImport',
    );
    expect(preview.summary.create).toBe(10_000);
    const res = await gql(
      t.app,
      IMPORT,
      { i: { ...input(w, csv, { teamId: team.id }), digest: preview.digest } },
      w.admin.cookie,
    );
    expect(dataOf<{ create: number }>(res, 'importPlayers').create).toBe(10_000);
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(60);
    const roster = await t.db.select().from(rosterEntries).where(eq(rosterEntries.teamId, team.id));
    expect(roster).toHaveLength(10_000);
  }, 120_000);
});
