import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { addDays } from '../../core/local-date.ts';
import type { Role } from '../../core/roles.ts';
import { createUserWithPassword, findUserByEmail } from '../services/users.repository.ts';
import type { Db } from './client.ts';
import { ensurePresetRules } from './preset-rules.ts';
import {
  leagueAdmins,
  leagues,
  organizationAdmins,
  organizations,
  playerGuardians,
  players,
  rosterEntries,
  seasons,
  settings,
  teamCoaches,
  teams,
  users,
} from './schema.ts';

export const DEMO_PASSWORD = 'bullpen-demo';

export const DEMO_ACCOUNTS: { email: string; givenName: string; familyName: string; roles: Role[]; note: string }[] = [
  { email: 'superadmin@example.com', givenName: 'Sam', familyName: 'Super', roles: ['SuperAdmin'], note: 'SuperAdmin' },
  {
    email: 'admin@example.com',
    givenName: 'Alex',
    familyName: 'Admin',
    roles: ['admin'],
    note: 'admin of the demo organization',
  },
  {
    email: 'coach@example.com',
    givenName: 'Casey',
    familyName: 'Coach',
    roles: ['coach'],
    note: 'coach of the Majors Tigers',
  },
  {
    email: 'parent@example.com',
    givenName: 'Pat',
    familyName: 'Parent',
    roles: ['parent'],
    note: 'parent of Riley (Tigers) and Max (Cubs)',
  },
];

/** True on a fresh install: no organization yet and the demo never seeded (users made by the CLI may exist). */
export async function needsDemo(db: Db): Promise<boolean> {
  const [seeded] = await db.select().from(settings).where(eq(settings.key, 'demo_seeded'));
  if (seeded) return false;
  const [row] = await db.select({ n: count() }).from(organizations);
  return (row?.n ?? 0) === 0;
}

/** Seeds the demo organization once: two leagues on Little League's rule, their people and the demo accounts. */
export async function seedDemo(db: Db): Promise<void> {
  await db.insert(settings).values({ key: 'demo_seeded', value: new Date().toISOString() });
  const ids: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const existing = await findUserByEmail(db, account.email);
    ids[account.email] = existing
      ? existing.id
      : (await createUserWithPassword(db, { ...account, password: DEMO_PASSWORD })).id;
  }
  // The shipped rulebooks are global rules on every installation; the demo leagues play Little League's.
  const presets = await ensurePresetRules(db);
  const littleLeague = presets.get('little-league-baseball') ?? null;
  const [org] = await db
    .insert(organizations)
    .values({ name: 'Riverside Youth Baseball' })
    .returning({ id: organizations.id });
  if (!org) throw new Error('organization not created');
  const adminId = ids['admin@example.com'];
  if (adminId) await db.insert(organizationAdmins).values({ organizationId: org.id, userId: adminId });
  const created = await db
    .insert(leagues)
    .values([
      { name: 'Majors', organizationId: org.id, restRuleId: littleLeague },
      { name: 'Minors', organizationId: org.id, restRuleId: littleLeague },
    ])
    .returning({ id: leagues.id, name: leagues.name });
  if (adminId) await db.insert(leagueAdmins).values(created.map((l) => ({ leagueId: l.id, userId: adminId })));
  await seedLeaguePeople(db, {
    organizationId: org.id,
    leagues: created,
    coachId: ids['coach@example.com'],
    parentId: ids['parent@example.com'],
  });
}

const DEMO_TEAMS: Record<string, string[]> = {
  Majors: ['Tigers', 'Lions', 'Bears', 'Hawks'],
  Minors: ['Cubs', 'Eagles', 'Foxes', 'Wolves'],
};
// League ages of each division (Little League: Majors 11-12, Minors 9-10).
const DEMO_AGES: Record<string, [number, number]> = { Majors: [11, 12], Minors: [9, 10] };
const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Cam',
  'Dani',
  'Eli',
  'Finn',
  'Gia',
  'Hugo',
  'Ivy',
  'Jack',
  'Kai',
  'Lena',
  'Max',
  'Nora',
  'Owen',
  'Pia',
  'Quinn',
  'Rosa',
  'Sam',
  'Theo',
  'Uma',
  'Vic',
  'Wes',
  'Zoe',
];
const PARENT_NAMES = [
  'Chris',
  'Dana',
  'Jordan',
  'Morgan',
  'Robin',
  'Sasha',
  'Jamie',
  'Reese',
  'Taylor',
  'Drew',
  'Kim',
  'Lee',
];
const LAST_NAMES = [
  'Garcia',
  'Smith',
  'Nguyen',
  'Johnson',
  'Brown',
  'Lee',
  'Martinez',
  'Davis',
  'Lopez',
  'Wilson',
  'Clark',
  'Young',
  'King',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Hill',
  'Rivera',
  'Moore',
];

/** The season of a date as leagues name them: 'Spring 2027' (January to June) or 'Fall 2026'. */
export function demoSeasonName(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return `${month <= 6 ? 'Spring' : 'Fall'} ${year}`;
}

/**
 * A realistic league around today (issue 4): the active season (six weeks in, six to go), eight
 * teams of twelve players with coaches and parents. The demo coach coaches the Majors Tigers; the
 * demo parent has a child on the Tigers and one on the Minors Cubs. Other coaches and parents are
 * invited accounts without a password (they would choose one through "Forgot password").
 */
async function seedLeaguePeople(
  db: Db,
  options: {
    organizationId: string;
    leagues: { id: string; name: string }[];
    coachId: string | undefined;
    parentId: string | undefined;
    today?: string;
  },
) {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const [season] = await db
    .insert(seasons)
    .values({
      organizationId: options.organizationId,
      name: demoSeasonName(today),
      startDate: addDays(today, -42),
      endDate: addDays(today, 42),
      state: 'active',
    })
    .returning({ id: seasons.id });
  if (!season) throw new Error('season not created');
  let n = 0;
  for (const league of options.leagues) {
    const [youngest, oldest] = DEMO_AGES[league.name] ?? [9, 12];
    for (const [teamIndex, teamName] of (DEMO_TEAMS[league.name] ?? []).entries()) {
      const [team] = await db
        .insert(teams)
        .values({ organizationId: options.organizationId, leagueId: league.id, seasonId: season.id, name: teamName })
        .returning({ id: teams.id });
      if (!team) throw new Error('team not created');
      const slug = `${league.name}.${teamName}`.toLowerCase();
      const coachId =
        league.name === 'Majors' && teamName === 'Tigers' && options.coachId
          ? options.coachId
          : (await invited(db, `coach.${slug}@example.com`, 'Coach', teamName)).id;
      await db.insert(teamCoaches).values({ teamId: team.id, userId: coachId });
      const roster = [];
      for (let i = 0; i < 12; i++, n++) {
        // League age on August 31 of the season's year: born between September 1 and August 31.
        const age = youngest + (i % (oldest - youngest + 1));
        const birthDate = addDays(`${year - age - 1}-09-01`, (n * 37 + teamIndex * 11) % 365);
        const demoChild = options.parentId && i === 0 && ['Tigers', 'Cubs'].includes(teamName);
        roster.push({
          organizationId: options.organizationId,
          // The demo parent's two children: Riley pitches for the Tigers, Max for the Cubs.
          firstName: demoChild
            ? teamName === 'Tigers'
              ? 'Riley'
              : 'Max'
            : (FIRST_NAMES[(n * 7) % FIRST_NAMES.length] as string),
          lastName: demoChild ? 'Parent' : (LAST_NAMES[(n * 3 + teamIndex) % LAST_NAMES.length] as string),
          birthDate,
          jerseyNumber: String(i * 3 + teamIndex + 1),
        });
      }
      const made = await db
        .insert(players)
        .values(roster)
        .returning({ id: players.id, first: players.firstName, last: players.lastName });
      await db.insert(rosterEntries).values(made.map((p) => ({ teamId: team.id, playerId: p.id })));
      for (const player of made) {
        const guardianId =
          player.last === 'Parent' && options.parentId
            ? options.parentId
            : (
                await invited(
                  db,
                  `${player.first}.${player.last}.${player.id.slice(0, 4)}@example.com`.toLowerCase(),
                  PARENT_NAMES[(n + player.first.length) % PARENT_NAMES.length] as string,
                  player.last,
                )
              ).id;
        await db.insert(playerGuardians).values({ playerId: player.id, userId: guardianId });
      }
    }
  }
}

/** A demo person without a password (they never sign in unless they reset it). */
async function invited(db: Db, email: string, givenName: string, familyName: string) {
  const [user] = await db
    .insert(users)
    .values({ id: randomUUID(), email, givenName, familyName, name: `${givenName} ${familyName}`, emailVerified: true })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  return user;
}
