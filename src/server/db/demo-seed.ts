import { count, eq } from 'drizzle-orm';
import type { Role } from '../../core/roles.ts';
import { createUserWithPassword, findUserByEmail } from '../services/users.repository.ts';
import type { Db } from './client.ts';
import {
  leagueAdmins,
  leagues,
  organizationAdmins,
  organizations,
  restProfiles,
  restRules,
  settings,
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
  { email: 'coach@example.com', givenName: 'Casey', familyName: 'Coach', roles: ['coach'], note: 'coach' },
  { email: 'parent@example.com', givenName: 'Pat', familyName: 'Parent', roles: ['parent'], note: 'parent' },
];

/**
 * The global rest rules as the spec models them (intervals: from `pitchCount` pitches on,
 * `daysRest` calendar days). Numbers from ../shared/pitch-rules.md with their sources; a league
 * edits them as data. The full presets (daily limits, catchers, windows) arrive with the rules engine.
 */
export const GLOBAL_REST_RULES: { name: string; ageGroup: string; intervals: [number, number][] }[] = [
  // Little League Regulation VI, league age 14 and under.
  {
    name: 'Little League Baseball',
    ageGroup: '14 and under',
    intervals: [
      [1, 0],
      [21, 1],
      [36, 2],
      [51, 3],
      [66, 4],
    ],
  },
  // Little League Regulation VI, league age 15-16.
  {
    name: 'Little League Baseball',
    ageGroup: '15-16',
    intervals: [
      [1, 0],
      [31, 1],
      [46, 2],
      [61, 3],
      [76, 4],
    ],
  },
  // USA Baseball / MLB Pitch Smart, ages 17-18.
  {
    name: 'Pitch Smart',
    ageGroup: '17-18',
    intervals: [
      [1, 0],
      [31, 1],
      [46, 2],
      [61, 3],
      [81, 4],
    ],
  },
  // Babe Ruth / Cal Ripken tournament rule, ages 9-12.
  {
    name: 'Babe Ruth Tournament',
    ageGroup: '9-12',
    intervals: [
      [1, 0],
      [41, 1],
      [66, 2],
    ],
  },
];

/** True on a fresh install: no organization yet and the demo never seeded (users made by the CLI may exist). */
export async function needsDemo(db: Db): Promise<boolean> {
  const [seeded] = await db.select().from(settings).where(eq(settings.key, 'demo_seeded'));
  if (seeded) return false;
  const [row] = await db.select({ n: count() }).from(organizations);
  return (row?.n ?? 0) === 0;
}

/** Seeds the demo organization once: two leagues, the global rest rules and the demo accounts. */
export async function seedDemo(db: Db): Promise<void> {
  await db.insert(settings).values({ key: 'demo_seeded', value: new Date().toISOString() });
  const ids: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const existing = await findUserByEmail(db, account.email);
    ids[account.email] = existing
      ? existing.id
      : (await createUserWithPassword(db, { ...account, password: DEMO_PASSWORD })).id;
  }
  const ruleIds: string[] = [];
  for (const rule of GLOBAL_REST_RULES) {
    const [row] = await db
      .insert(restRules)
      .values({ name: rule.name, ageGroup: rule.ageGroup, global: true })
      .returning({ id: restRules.id });
    if (!row) throw new Error('rest rule not created');
    ruleIds.push(row.id);
    await db
      .insert(restProfiles)
      .values(rule.intervals.map(([pitchCount, daysRest]) => ({ restRuleId: row.id, pitchCount, daysRest })));
  }
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
      { name: 'Majors', organizationId: org.id, restRuleId: ruleIds[0] },
      { name: 'Minors', organizationId: org.id, restRuleId: ruleIds[0] },
    ])
    .returning({ id: leagues.id });
  if (adminId) await db.insert(leagueAdmins).values(created.map((l) => ({ leagueId: l.id, userId: adminId })));
}
