import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../core/admin-inputs.ts';
import { addDays, todayIn } from '../../core/local-date.ts';
import type { Role } from '../../core/roles.ts';
import { History } from '../services/history.ts';
import { createUserWithPassword, findUserByEmail } from '../services/users.repository.ts';
import { recomputeViolations } from '../services/violations.repository.ts';
import type { Db } from './client.ts';
import { ensurePresetRules } from './preset-rules.ts';
import {
  games,
  leagueAdmins,
  leagues,
  organizationAdmins,
  organizations,
  pitchOutings,
  playerGuardians,
  players,
  rosterEntries,
  seasons,
  settings,
  teamCoaches,
  teams,
  users,
} from './schema.ts';

// The demo a fresh install serves: its accounts, organization, season, rosters and half a season of games with the
// violations a league meets. Over 500 lines on purpose: one demo, read top to bottom in the order it is built.

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
 * A team's twelve children, the `first`-th of the demo onwards: league ages spread over the
 * division's, names and jerseys that differ, and the demo parent's child first on the Tigers and
 * the Cubs.
 */
function demoRoster(options: {
  organizationId: string;
  year: number;
  ages: [number, number];
  teamIndex: number;
  teamName: string;
  first: number;
  parentId: string | undefined;
}) {
  const { organizationId, year, teamIndex, teamName } = options;
  const [youngest, oldest] = options.ages;
  const roster = [];
  for (let i = 0, n = options.first; i < 12; i++, n++) {
    // League age on August 31 of the season's year: born between September 1 and August 31.
    const age = youngest + (i % (oldest - youngest + 1));
    const birthDate = addDays(`${year - age - 1}-09-01`, (n * 37 + teamIndex * 11) % 365);
    const demoChild = options.parentId && i === 0 && ['Tigers', 'Cubs'].includes(teamName);
    roster.push({
      organizationId,
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
  return roster;
}

/** Each child's parent: the demo parent for their own two, an invited one (no password) for the rest. */
async function linkDemoParents(
  db: Db,
  made: { id: string; first: string; last: string }[],
  n: number,
  parentId: string | undefined,
): Promise<void> {
  for (const player of made) {
    const guardianId =
      player.last === 'Parent' && parentId
        ? parentId
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

/**
 * A realistic league around today: the active season (six weeks in, six to go), eight
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
  const today = options.today ?? todayIn(DEFAULT_TIME_ZONE);
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
  const schedule: DemoTeam[] = [];
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
      const [coach] = await db
        .select({ givenName: users.givenName, familyName: users.familyName })
        .from(users)
        .where(eq(users.id, coachId));
      const roster = demoRoster({
        organizationId: options.organizationId,
        year,
        ages: [youngest, oldest],
        teamIndex,
        teamName,
        first: n,
        parentId: options.parentId,
      });
      n += roster.length;
      const made = await db
        .insert(players)
        .values(roster)
        .returning({ id: players.id, first: players.firstName, last: players.lastName });
      await db.insert(rosterEntries).values(made.map((p) => ({ teamId: team.id, playerId: p.id })));
      schedule.push({
        leagueId: league.id,
        leagueName: league.name,
        teamId: team.id,
        name: teamName,
        coachId,
        coachName: coach ? `${coach.givenName} ${coach.familyName}` : 'Coach',
        playerIds: made.map((p) => p.id),
      });
      await linkDemoParents(db, made, n, options.parentId);
    }
  }
  await seedHalfSeason(db, {
    organizationId: options.organizationId,
    seasonId: season.id,
    seasonStart: addDays(today, -42),
    today,
    teams: schedule,
  });
}

interface DemoTeam {
  leagueId: string;
  leagueName: string;
  teamId: string;
  name: string;
  coachId: string;
  coachName: string;
  /** The roster in order: the first five pitch in turn, the seventh catches. */
  playerIds: string[];
}

/** Counts of one demo outing. */
interface DemoCounts {
  pitches: number;
  pitchesBeforeLastBatter: number | null;
  pitchedInnings: number[];
  caughtInnings: number[];
  outs: number;
  intentionalWalks: number;
}

const inningsFrom = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/**
 * One team's outings in one demo game: a starter and a reliever by turn, and the catcher; three
 * rounds break a rule on purpose (for View Violations) and one shows a catcher who pitches.
 */
function demoLines(team: DemoTeam, turn: number, round: number, tired: Map<string, string>): [string, DemoCounts][] {
  const starter = team.playerIds[turn % 5] as string;
  const reliever = team.playerIds[(turn + 3) % 5] as string;
  const catcher = team.playerIds[6] as string;
  const spread = (turn * 7 + team.name.length * 3) % 20;
  const lines: [string, DemoCounts][] = [
    [
      starter,
      {
        pitches: 45 + spread,
        pitchesBeforeLastBatter: 41 + spread,
        pitchedInnings: inningsFrom(1, 4),
        caughtInnings: [],
        outs: 12,
        intentionalWalks: 0,
      },
    ],
    [
      reliever,
      {
        pitches: 12 + (spread % 9),
        pitchesBeforeLastBatter: 9 + (spread % 9),
        pitchedInnings: inningsFrom(5, 6),
        caughtInnings: [],
        outs: 6,
        intentionalWalks: turn % 4 === 1 ? 1 : 0,
      },
    ],
    [
      catcher,
      {
        pitches: 0,
        pitchesBeforeLastBatter: null,
        pitchedInnings: [],
        caughtInnings: inningsFrom(1, 6),
        outs: 0,
        intentionalWalks: 0,
      },
    ],
  ];
  if (round === 5 && team.name === 'Lions') {
    // 78 pitches owe 4 days; the same starter relieves in the next game, four days later.
    lines[0] = [starter, { ...(lines[0] as [string, DemoCounts])[1], pitches: 78, pitchesBeforeLastBatter: 72 }];
    tired.set(team.teamId, starter);
  }
  const tooSoon = round === 6 ? tired.get(team.teamId) : undefined;
  if (tooSoon) lines[1] = [tooSoon, (lines[1] as [string, DemoCounts])[1]];
  if (round === 6 && team.name === 'Wolves') {
    // A Minors pitcher (daily max 75) starts a new batter at 77.
    lines[0] = [
      starter,
      {
        ...(lines[0] as [string, DemoCounts])[1],
        pitches: 81,
        pitchesBeforeLastBatter: 77,
        pitchedInnings: inningsFrom(1, 5),
      },
    ];
  }
  if (round === 4 && team.name === 'Bears') {
    // The catcher of innings 1-4 pitches the sixth.
    lines[2] = [
      catcher,
      {
        pitches: 14,
        pitchesBeforeLastBatter: 11,
        pitchedInnings: [6],
        caughtInnings: inningsFrom(1, 4),
        outs: 3,
        intentionalWalks: 0,
      },
    ];
    lines[1] = [reliever, { ...(lines[1] as [string, DemoCounts])[1], pitchedInnings: [5], outs: 3 }];
  }
  return lines;
}

/**
 * Half a season of games: every team plays every four days from the season's start to
 * yesterday; five pitchers take turns starting (at most 65 pitches, so each is rested by the next
 * game under Little League's rule) and the seventh player catches. Three games break a rule on
 * purpose, so View Violations has something to review: a Lions starter back on the mound too soon,
 * a Wolves pitcher starting a batter past the daily max, and a Bears catcher of four innings who
 * then pitched.
 */
async function seedHalfSeason(
  db: Db,
  options: { organizationId: string; seasonId: string; seasonStart: string; today: string; teams: DemoTeam[] },
) {
  const pairings = [
    [0, 1, 2, 3],
    [0, 2, 1, 3],
    [0, 3, 1, 2],
  ];
  const starts = new Map<string, number>();
  const tired = new Map<string, string>();
  const pitched = new Set<string>();
  for (const leagueId of new Set(options.teams.map((t) => t.leagueId))) {
    const teams = options.teams.filter((t) => t.leagueId === leagueId);
    if (teams.length < 4) continue;
    for (let round = 0; ; round++) {
      const date = addDays(options.seasonStart, 3 + round * 4);
      if (date >= options.today) break;
      const order = pairings[round % pairings.length] as number[];
      for (const [home, away] of [
        [order[0], order[1]],
        [order[2], order[3]],
      ] as [number, number][]) {
        const [game] = await db
          .insert(games)
          .values({
            organizationId: options.organizationId,
            leagueId,
            seasonId: options.seasonId,
            date,
            startTime: '18:00',
            homeTeamId: (teams[home] as DemoTeam).teamId,
            awayTeamId: (teams[away] as DemoTeam).teamId,
            state: 'final',
          })
          .returning({ id: games.id });
        if (!game) throw new Error('game not created');
        for (const team of [teams[home], teams[away]] as DemoTeam[]) {
          const turn = starts.get(team.teamId) ?? 0;
          starts.set(team.teamId, turn + 1);
          const lines = demoLines(team, turn, round, tired);
          await db.insert(pitchOutings).values(
            lines.map(([playerId, counts]) => ({
              id: randomUUID(),
              gameId: game.id,
              playerId,
              teamId: team.teamId,
              date,
              ...counts,
              recordedBy: team.coachId,
              recordedByName: team.coachName,
              createdPayload: { gameId: game.id, playerId, teamId: team.teamId, ...counts },
            })),
          );
          for (const [playerId] of lines) pitched.add(playerId);
        }
      }
    }
  }
  await recomputeViolations(db, [...pitched], await History.open(db, null, new Date(), []));
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
