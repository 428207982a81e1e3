import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, todayIn } from '../../core/local-date.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from './client.ts';
import { DEMO_PASSWORD } from './demo-seed.ts';
import { ensurePresetRules } from './preset-rules.ts';

/**
 * `bullpen seed-scale`: a national program's data for benchmarks, made by set-based SQL
 * in the database so a million outings take seconds, not hours. Every league looks like the demo's:
 * eight teams of twelve on Little League's rule, two game days a week, three pitchers a side, a
 * season ten weeks in with five to go. Ids come from md5 of a run tag and each row's numbers, so
 * rows are joined without keeping ids in memory, and a second run adds a second, separate set.
 */
export interface ScaleOptions {
  leagues: number;
  leaguesPerOrganization?: number;
  /** The date the season is ten weeks into; the organization's today by default. */
  today?: string;
}

export interface ScaleSummary {
  tag: string;
  organizations: number;
  leagues: number;
  teams: number;
  players: number;
  users: number;
  games: number;
  outings: number;
  violations: number;
  seconds: number;
  password: string;
  /** Accounts and ids a benchmark starts from (the first league of the run). */
  sample: {
    coachEmail: string;
    leagueAdminEmail: string;
    organizationAdminEmail: string;
    organizationId: string;
    leagueId: string;
    seasonId: string;
    teamId: string;
  };
}

const TEAMS_PER_LEAGUE = 8;
const PLAYERS_PER_TEAM = 12;
const WEEKS_PLAYED = 10;
const WEEKS_AHEAD = 5;
// Tuesday and Saturday of each week (the season starts on a Monday's worth of days before); every
// team plays once on each game day.
const FIRST_GAME_DAY = 1;
const SECOND_GAME_DAY = 5;
const GAME_DAYS_PER_WEEK = 2;
const PITCHERS_PER_SIDE = 3;

/** Outings one league adds: its played game days, four games each, two sides, three pitchers. */
export const OUTINGS_PER_LEAGUE = WEEKS_PLAYED * GAME_DAYS_PER_WEEK * (TEAMS_PER_LEAGUE / 2) * 2 * PITCHERS_PER_SIDE;

export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleSummary> {
  const started = performance.now();
  const leagueCount = options.leagues;
  if (!Number.isInteger(leagueCount) || leagueCount < 1 || leagueCount > 100_000) {
    throw new Error('--leagues must be a whole number from 1 to 100000');
  }
  const perOrg = options.leaguesPerOrganization ?? 5;
  if (!Number.isInteger(perOrg) || perOrg < 1) throw new Error('--leagues-per-organization must be at least 1');
  const organizationCount = Math.ceil(leagueCount / perOrg);
  const tag = randomBytes(3).toString('hex');
  const today = options.today ?? todayIn('America/New_York');
  const seasonStart = addDays(today, -7 * WEEKS_PLAYED);
  const seasonEnd = addDays(seasonStart, 7 * (WEEKS_PLAYED + WEEKS_AHEAD));
  const year = Number(today.slice(0, 4));
  const presets = await ensurePresetRules(db);
  const rule = presets.get('little-league-baseball');
  if (!rule) throw new Error("Little League's preset rule is missing");
  // One hash for every seeded account: argon2 per user would take longer than the whole seed.
  const hash = await hashPassword(DEMO_PASSWORD);
  const id = (kind: string, ...parts: unknown[]) =>
    sql.raw(`md5('${tag}-${kind}-' || ${parts.join(" || '-' || ")})::uuid`);
  // The organization of league number `l` (a column or expression), in SQL.
  const orgOf = (l: string) => `((${l} - 1) / ${perOrg} + 1)`;
  // Whole numbers go in as SQL text: generate_series cannot infer a parameter's type.
  const n = (value: number) => sql.raw(String(Math.trunc(value)));
  let counts: Record<string, unknown> = {};

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into organizations (id, name, time_zone)
      select ${id('o', 'o')}, 'District ' || o || ' Little League (' || ${tag} || ')',
        (array['America/New_York','America/Chicago','America/Denver','America/Los_Angeles'])[1 + o % 4]
      from generate_series(1, ${n(organizationCount)}) o`);
    await tx.execute(sql`
      insert into seasons (id, organization_id, name, start_date, end_date, state)
      select ${id('s', 'o')}, ${id('o', 'o')}, ${`Season ${year}`}, ${seasonStart}::date, ${seasonEnd}::date, 'active'
      from generate_series(1, ${n(organizationCount)}) o`);
    await tx.execute(sql`
      insert into leagues (id, name, organization_id, rest_rule_id)
      select ${id('l', 'l')},
        (array['Majors','Minors','Juniors','Intermediate','Seniors'])[1 + (l - 1) % 5] || ' ' || l,
        ${id('o', orgOf('l'))}, ${rule}::uuid
      from generate_series(1, ${n(leagueCount)}) l`);
    await tx.execute(sql`
      insert into teams (id, organization_id, league_id, season_id, name)
      select ${id('t', 'l', 't')}, ${id('o', orgOf('l'))}, ${id('l', 'l')},
        ${id('s', orgOf('l'))},
        (array['Tigers','Lions','Bears','Hawks','Cubs','Eagles','Foxes','Wolves'])[t + 1]
      from generate_series(1, ${n(leagueCount)}) l, generate_series(0, ${n(TEAMS_PER_LEAGUE - 1)}) t`);
    // League ages 11-12 (Majors) for everyone: the rule's daily max is 85.
    await tx.execute(sql`
      insert into players (id, organization_id, first_name, last_name, birth_date, jersey_number)
      select ${id('p', 'l', 't', 'p')}, ${id('o', orgOf('l'))},
        (array['Ava','Ben','Cam','Dani','Eli','Finn','Gia','Hugo','Ivy','Jack','Kai','Lena'])[1 + (l + p) % 12],
        (array['Garcia','Smith','Nguyen','Johnson','Brown','Lee','Martinez','Davis','Lopez','Wilson'])[1 + (l * 7 + t * 3 + p) % 10],
        make_date(${n(year - 12)} + p % 2, 1 + (l + t + p) % 12, 1 + (l * 3 + p) % 28), (p + 1)::text
      from generate_series(1, ${n(leagueCount)}) l, generate_series(0, ${n(TEAMS_PER_LEAGUE - 1)}) t,
        generate_series(0, ${n(PLAYERS_PER_TEAM - 1)}) p`);
    await tx.execute(sql`
      insert into roster_entries (team_id, player_id)
      select ${id('t', 'l', 't')}, ${id('p', 'l', 't', 'p')}
      from generate_series(1, ${n(leagueCount)}) l, generate_series(0, ${n(TEAMS_PER_LEAGUE - 1)}) t,
        generate_series(0, ${n(PLAYERS_PER_TEAM - 1)}) p`);

    // People: a coach per team, an admin per league and per organization, all with the demo password.
    await tx.execute(sql`
      create temporary table scale_people on commit drop as
      select ${id('uc', 'l', 't')}::text as id, 'coach.' || l || '.' || t || '.' || ${tag} || '@scale.example' as email,
        'Coach' as given, 'Team ' || l || '-' || t as family, array['coach'] as roles
      from generate_series(1, ${n(leagueCount)}) l, generate_series(0, ${n(TEAMS_PER_LEAGUE - 1)}) t
      union all
      select ${id('ul', 'l')}::text, 'league-admin.' || l || '.' || ${tag} || '@scale.example', 'League', 'Admin ' || l, array['admin']
      from generate_series(1, ${n(leagueCount)}) l
      union all
      select ${id('uo', 'o')}::text, 'admin.' || o || '.' || ${tag} || '@scale.example', 'District', 'Admin ' || o, array['admin']
      from generate_series(1, ${n(organizationCount)}) o`);
    await tx.execute(sql`
      insert into users (id, name, email, email_verified, given_name, family_name, roles)
      select id, given || ' ' || family, email, true, given, family, roles from scale_people`);
    await tx.execute(sql`
      insert into accounts (id, account_id, provider_id, user_id, password)
      select md5(id || '-account'), id, 'credential', id, ${hash} from scale_people`);
    await tx.execute(sql`
      insert into team_coaches (team_id, user_id)
      select ${id('t', 'l', 't')}, ${id('uc', 'l', 't')}::text
      from generate_series(1, ${n(leagueCount)}) l, generate_series(0, ${n(TEAMS_PER_LEAGUE - 1)}) t`);
    await tx.execute(sql`
      insert into league_admins (league_id, user_id)
      select ${id('l', 'l')}, ${id('ul', 'l')}::text from generate_series(1, ${n(leagueCount)}) l`);
    await tx.execute(sql`
      insert into organization_admins (organization_id, user_id)
      select ${id('o', 'o')}, ${id('uo', 'o')}::text from generate_series(1, ${n(organizationCount)}) o`);

    // The schedule: a round robin by the circle method (team 0 fixed, the other seven turn), so each
    // team plays once on each game day. r is the round, k the game of the day.
    const days = (WEEKS_PLAYED + WEEKS_AHEAD) * GAME_DAYS_PER_WEEK;
    await tx.execute(sql`
      create temporary table scale_games on commit drop as
      select l, d, k, ${id('g', 'l', 'd', 'k')} as id,
        ${seasonStart}::date + (d / 2) * 7 + (case when d % 2 = 0 then ${n(FIRST_GAME_DAY)} else ${n(SECOND_GAME_DAY)} end) as date,
        case when k = 0 then 0 else 1 + (k + d % 7) % 7 end as a,
        case when k = 0 then 1 + (d % 7) else 1 + (7 - k + d % 7) % 7 end as b
      from generate_series(1, ${n(leagueCount)}) l, generate_series(0, ${n(days - 1)}) d, generate_series(0, 3) k`);
    await tx.execute(sql`
      insert into games (id, organization_id, league_id, season_id, date, start_time, home_team_id, away_team_id, state)
      select g.id, ${id('o', orgOf('g.l'))}, ${id('l', 'g.l')},
        ${id('s', orgOf('g.l'))}, g.date, '18:00',
        ${id('t', 'g.l', 'case when g.d % 2 = 0 then g.a else g.b end')},
        ${id('t', 'g.l', 'case when g.d % 2 = 0 then g.b else g.a end')},
        case when g.date < ${today}::date then 'final' else 'scheduled' end
      from scale_games g`);

    // Outings of the played games: on its d-th game day a team's pitchers are players 3d, 3d+1 and
    // 3d+2 (mod 12), so each arm pitches every other week; about one starter in 200 goes past 85.
    await tx.execute(sql`
      create temporary table scale_outings on commit drop as
      select g.id as game_id, g.l, side.t, j, g.date,
        ${id('out', 'g.l', 'g.d', 'side.t', 'j')} as id,
        ${id('p', 'g.l', 'side.t', '((g.d * 3 + j) % 12)')} as player_id,
        ${id('t', 'g.l', 'side.t')} as team_id,
        ${id('uc', 'g.l', 'side.t')}::text as recorded_by,
        (hashtext(${tag} || g.id::text || side.t || j) & 2147483647) as h
      from scale_games g, lateral (values (g.a), (g.b)) as side(t), generate_series(0, ${n(PITCHERS_PER_SIDE - 1)}) j
      where g.date < ${today}::date`);
    await tx.execute(sql`
      insert into pitch_outings (id, game_id, player_id, team_id, date, pitches, pitched_innings, outs,
        recorded_by, recorded_by_name, created_payload)
      select o.id, o.game_id, o.player_id, o.team_id, o.date,
        case when o.j = 0 and o.h % 200 = 0 then 86 + o.h % 10
             when o.j = 0 then 45 + o.h % 40 when o.j = 1 then 15 + o.h % 30 else 5 + o.h % 20 end,
        case when o.j = 0 then array[1,2,3,4] when o.j = 1 then array[5] else array[6] end,
        case when o.j = 0 then 12 else 3 end,
        o.recorded_by, 'Coach Team ' || o.l || '-' || o.t, jsonb_build_object('seed', 'scale')
      from scale_outings o`);
    await tx.execute(sql`
      insert into violations (organization_id, league_id, season_id, team_id, player_id, game_id, outing_id, date,
        code, message, state)
      select ${id('o', orgOf('o.l'))}, ${id('l', 'o.l')}, ${id('s', orgOf('o.l'))},
        o.team_id, o.player_id, o.game_id, o.id, o.date, 'DAILY_MAX_EXCEEDED',
        'Reached the daily max: 85 of 85 pitches today.',
        case when o.h % 3 = 0 then 'acknowledged' else 'open' end
      from scale_outings o where o.j = 0 and o.h % 200 = 0`);
    const counted = await tx.execute(sql`
      select (select count(*) from scale_games) as games, (select count(*) from scale_outings) as outings,
        (select count(*) from scale_outings where j = 0 and h % 200 = 0) as violations`);
    counts = rowsOf(counted)[0] ?? {};
  });
  // Leave the database as it would be long after such a load, not in the minutes after it: the visibility
  // map set and the planner's statistics fresh (vacuum), and the dirty pages written out (a checkpoint,
  // which needs a superuser or pg_checkpoint and is skipped without). Otherwise autovacuum and the
  // checkpointer write gigabytes while a benchmark measures.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`).catch(() => {});

  const sampleLeague = 1;
  return {
    tag,
    organizations: organizationCount,
    leagues: leagueCount,
    teams: leagueCount * TEAMS_PER_LEAGUE,
    players: leagueCount * TEAMS_PER_LEAGUE * PLAYERS_PER_TEAM,
    users: leagueCount * (TEAMS_PER_LEAGUE + 1) + organizationCount,
    games: Number(counts.games ?? 0),
    outings: Number(counts.outings ?? 0),
    violations: Number(counts.violations ?? 0),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    password: DEMO_PASSWORD,
    sample: {
      coachEmail: `coach.${sampleLeague}.0.${tag}@scale.example`,
      leagueAdminEmail: `league-admin.${sampleLeague}.${tag}@scale.example`,
      organizationAdminEmail: `admin.1.${tag}@scale.example`,
      organizationId: scaleId(tag, 'o', 1),
      leagueId: scaleId(tag, 'l', sampleLeague),
      seasonId: scaleId(tag, 's', 1),
      teamId: scaleId(tag, 't', sampleLeague, 0),
    },
  };
}

/** Both drivers answer `execute` with `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows?: Record<string, unknown>[] }).rows ?? [];

/** The id the SQL above gives a row: md5 of the run tag, the kind and the row's numbers, as a uuid. */
export function scaleId(tag: string, kind: string, ...parts: number[]): string {
  const hex = createHash('md5')
    .update(`${tag}-${kind}-${parts.join('-')}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface OutingSlot {
  gameId: string;
  teamId: string;
  playerId: string;
}

/**
 * Played games' players who did not pitch in them, in one league: outings a benchmark may add, as a
 * late-reported reliever would be. Follows the schedule and the pitchers the SQL above chose.
 */
export function freeOutingSlots(tag: string, league: number): OutingSlot[] {
  const slots: OutingSlot[] = [];
  for (let d = 0; d < WEEKS_PLAYED * GAME_DAYS_PER_WEEK; d++) {
    const turn = d % 7;
    const pitchers = new Set(Array.from({ length: PITCHERS_PER_SIDE }, (_, j) => (d * 3 + j) % PLAYERS_PER_TEAM));
    for (let k = 0; k < TEAMS_PER_LEAGUE / 2; k++) {
      const a = k === 0 ? 0 : 1 + ((k + turn) % 7);
      const b = k === 0 ? 1 + turn : 1 + ((7 - k + turn) % 7);
      for (const team of [a, b]) {
        for (let p = 0; p < PLAYERS_PER_TEAM; p++) {
          if (pitchers.has(p)) continue;
          slots.push({
            gameId: scaleId(tag, 'g', league, d, k),
            teamId: scaleId(tag, 't', league, team),
            playerId: scaleId(tag, 'p', league, team, p),
          });
        }
      }
    }
  }
  return slots;
}
