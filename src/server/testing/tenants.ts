import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  gameConfirmations,
  games,
  leagueAdmins,
  leagues,
  officials,
  organizationAdmins,
  organizations,
  outingCorrections,
  outsideOutings,
  pitchEvents,
  pitchOutings,
  playerGuardians,
  players,
  refusedPitchEvents,
  restProfiles,
  restRules,
  rosterEntries,
  seasons,
  sessions,
  teamCoaches,
  teams,
  users,
  violations,
} from '../db/schema.ts';
import { buildUser, signIn, type TestApp } from './harness.ts';

/**
 * Two tenants for the tests that try one organization's callers on another's things (the fuzz, the
 * cross-organization test): each `seedTenant` is one organization's worth of everything.
 */
export type Kind =
  | 'organization'
  | 'league'
  | 'league2'
  | 'season'
  | 'team'
  | 'team2'
  | 'team3'
  | 'player'
  | 'player2'
  | 'player3'
  | 'guardian'
  | 'coach'
  | 'leagueAdmin'
  | 'orgAdmin'
  | 'game'
  | 'outing'
  | 'outing2'
  | 'violation'
  | 'outside'
  | 'rule'
  | 'profile'
  | 'event'
  | 'refused'
  | 'official'
  | 'correction'
  | 'session';

export type Tenant = Record<Kind, string> & {
  emails: Record<'guardian' | 'coach' | 'leagueAdmin' | 'orgAdmin', string>;
};

export const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** One organization's worth of everything, each name carrying `tag`. */
export async function seedTenant(t: TestApp, tag: string): Promise<Tenant> {
  const one = <T>(rows: T[]): T => {
    if (!rows[0]) throw new Error('not created');
    return rows[0];
  };
  const email = (role: string) => `${tag.toLowerCase()}-${role}-${randomUUID().slice(0, 6)}@example.test`;
  const person = async (role: string) => {
    const address = email(role);
    const { id } = await buildUser(t.db, { email: address, givenName: `${tag} ${role}`, familyName: tag });
    return { id, email: address };
  };
  const [orgAdmin, leagueAdmin, coach, guardian] = [
    await person('orgadmin'),
    await person('leagueadmin'),
    await person('coach'),
    await person('parent'),
  ];
  const org = one(
    await t.db
      .insert(organizations)
      .values({ name: `${tag} Youth Baseball` })
      .returning(),
  );
  await t.db.insert(organizationAdmins).values({ organizationId: org.id, userId: orgAdmin.id });
  const rule = one(
    await t.db
      .insert(restRules)
      .values({ name: `${tag} rule`, ageGroup: '9-12', global: false, organizationId: org.id })
      .returning(),
  );
  const profile = one(
    await t.db.insert(restProfiles).values({ restRuleId: rule.id, pitchCount: 1, daysRest: 0 }).returning(),
  );
  await t.db.insert(restProfiles).values({ restRuleId: rule.id, pitchCount: 36, daysRest: 1 });
  const [majors, minors] = await t.db
    .insert(leagues)
    .values([
      { name: `${tag} Majors`, organizationId: org.id, restRuleId: rule.id },
      { name: `${tag} Minors`, organizationId: org.id },
    ])
    .returning();
  if (!majors || !minors) throw new Error('no leagues');
  await t.db.insert(leagueAdmins).values({ leagueId: majors.id, userId: leagueAdmin.id });
  const season = one(
    await t.db
      .insert(seasons)
      .values({ organizationId: org.id, name: `${tag} Spring`, startDate: isoDay(-60), endDate: isoDay(60) })
      .returning(),
  );
  await t.db.update(seasons).set({ state: 'active' }).where(eq(seasons.id, season.id));
  const [team, team2, team3] = await t.db
    .insert(teams)
    .values([
      { organizationId: org.id, leagueId: majors.id, seasonId: season.id, name: `${tag} Tigers` },
      { organizationId: org.id, leagueId: majors.id, seasonId: season.id, name: `${tag} Cubs` },
      { organizationId: org.id, leagueId: minors.id, seasonId: season.id, name: `${tag} Owls` },
    ])
    .returning();
  if (!team || !team2 || !team3) throw new Error('no teams');
  await t.db.insert(teamCoaches).values({ teamId: team.id, userId: coach.id });
  const [player, player2, player3] = await t.db
    .insert(players)
    .values([
      { organizationId: org.id, firstName: tag, lastName: 'Quokka', birthDate: '2015-05-05', jerseyNumber: '7' },
      { organizationId: org.id, firstName: tag, lastName: 'Wombat', birthDate: '2014-04-04' },
      { organizationId: org.id, firstName: tag, lastName: 'Numbat', birthDate: '2016-06-06' },
    ])
    .returning();
  if (!player || !player2 || !player3) throw new Error('no players');
  await t.db.insert(rosterEntries).values([
    { teamId: team.id, playerId: player.id },
    { teamId: team2.id, playerId: player2.id },
    { teamId: team3.id, playerId: player3.id },
  ]);
  await t.db.insert(playerGuardians).values({ playerId: player.id, userId: guardian.id });
  const game = one(
    await t.db
      .insert(games)
      .values({
        organizationId: org.id,
        leagueId: majors.id,
        seasonId: season.id,
        date: isoDay(-2),
        startTime: '18:00',
        homeTeamId: team.id,
        awayTeamId: team2.id,
        state: 'final',
      })
      .returning(),
  );
  const counts = { pitches: 80, pitchedInnings: [1, 2, 3, 4], caughtInnings: [], outs: 12, intentionalWalks: 0 };
  const outing = one(
    await t.db
      .insert(pitchOutings)
      .values({
        id: randomUUID(),
        gameId: game.id,
        playerId: player.id,
        teamId: team.id,
        date: game.date,
        ...counts,
        recordedBy: coach.id,
        recordedByName: `${tag} coach`,
        createdPayload: counts,
      })
      .returning(),
  );
  const outing2 = one(
    await t.db
      .insert(pitchOutings)
      .values({
        id: randomUUID(),
        gameId: game.id,
        playerId: player2.id,
        teamId: team2.id,
        date: game.date,
        ...counts,
        recordedByName: `${tag} other coach`,
        createdPayload: counts,
      })
      .returning(),
  );
  const correction = one(
    await t.db
      .insert(outingCorrections)
      .values({ outingId: outing.id, changedByName: `${tag} coach`, reason: `${tag} recount`, before: counts })
      .returning(),
  );
  const violation = one(
    await t.db
      .insert(violations)
      .values({
        organizationId: org.id,
        leagueId: majors.id,
        seasonId: season.id,
        teamId: team.id,
        playerId: player.id,
        gameId: game.id,
        outingId: outing.id,
        date: game.date,
        code: 'DAILY_MAX_EXCEEDED',
        message: `${tag} pitched too much`,
      })
      .returning(),
  );
  await t.db.insert(gameConfirmations).values({
    gameId: game.id,
    teamId: team.id,
    confirmedBy: coach.id,
    confirmedByName: `${tag} coach`,
    confirmedAt: new Date(),
    counts: { [player.id]: { pitches: 80, intentionalWalks: 0 } },
  });
  const event = one(
    await t.db
      .insert(pitchEvents)
      .values({
        id: randomUUID(),
        gameId: game.id,
        pitcherId: player.id,
        bookTeamId: team.id,
        deviceId: randomUUID(),
        seq: 1,
        at: new Date(),
        kind: 'strike',
        recordedBy: coach.id,
      })
      .returning(),
  );
  const outsideId = randomUUID();
  await t.db.insert(outsideOutings).values({
    id: outsideId,
    playerId: player.id,
    organizationId: org.id,
    date: isoDay(-5),
    description: `${tag} travel team`,
    pitches: 40,
    reportedBy: guardian.id,
    reportedByName: `${tag} parent`,
    createdPayload: [],
  });
  const refused = one(
    await t.db
      .insert(refusedPitchEvents)
      .values({
        eventId: randomUUID(),
        userId: coach.id,
        organizationId: org.id,
        leagueId: majors.id,
        gameId: game.id,
        description: `${tag} Tigers vs ${tag} Cubs`,
        event: {},
        reason: `${tag} lost access`,
      })
      .returning(),
  );
  const official = one(
    await t.db
      .insert(officials)
      .values({
        organizationId: org.id,
        leagueId: majors.id,
        name: `${tag} Umpire`,
        email: `${tag.toLowerCase()}.umpire@example.org`,
      })
      .returning(),
  );
  const { cookie } = await signIn(t.app, orgAdmin.email, 'correct-horse-battery');
  expect(cookie).not.toBe('');
  const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, orgAdmin.id));
  return {
    organization: org.id,
    league: majors.id,
    league2: minors.id,
    season: season.id,
    team: team.id,
    team2: team2.id,
    team3: team3.id,
    player: player.id,
    player2: player2.id,
    player3: player3.id,
    guardian: guardian.id,
    coach: coach.id,
    leagueAdmin: leagueAdmin.id,
    orgAdmin: orgAdmin.id,
    game: game.id,
    outing: outing.id,
    outing2: outing2.id,
    violation: violation.id,
    outside: outsideId,
    rule: rule.id,
    profile: profile.id,
    event: event.id,
    refused: refused.id,
    official: official.id,
    correction: correction.id,
    session: session?.id ?? 'none',
    emails: { guardian: guardian.email, coach: coach.email, leagueAdmin: leagueAdmin.email, orgAdmin: orgAdmin.email },
  };
}

/** Every row of B's (any row holding one of B's ids), to show that no call of A's changed them. */
export async function snapshotOf(t: TestApp, ids: readonly string[], options: { without?: string[] } = {}) {
  const tables = {
    users,
    sessions,
    organizations,
    organizationAdmins,
    restRules,
    restProfiles,
    leagues,
    leagueAdmins,
    seasons,
    teams,
    teamCoaches,
    players,
    rosterEntries,
    playerGuardians,
    games,
    pitchOutings,
    outingCorrections,
    violations,
    gameConfirmations,
    pitchEvents,
    outsideOutings,
    refusedPitchEvents,
    officials,
  };
  const out: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    if (options.without?.includes(name)) continue;
    const rows = (await t.db.select().from(table as typeof users)) as unknown[];
    out[name] = rows
      .map((row) => JSON.stringify(row))
      .filter((text) => ids.some((id) => text.includes(id)))
      .sort();
  }
  return out;
}
