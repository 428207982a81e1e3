// `node bench/void-signatures.ts [games...]`: the minute job that tells the admins of a void official's signature
// (tellOfVoidedSignatures), with nothing to tell, on a season of N signed games (each with 12 entries of history
// before its signature), embedded and, with DATABASE_URL (a database of its own: it is filled), PostgreSQL.
// Prints each run's median beside `select 1` on the same connection; then the job with 20 changed games waiting, and
// what the history's mark (signatures.repository.ts markSignedGamesChanged) adds to a write (docs/performance.md).
import { sql } from 'drizzle-orm';
import { systemClock } from '../src/server/clock.ts';
import { type Database, openEmbedded, openPostgres } from '../src/server/db/client.ts';
import { createEvents } from '../src/server/services/events.ts';
import { markSignedGamesChanged } from '../src/server/services/signatures.repository.ts';
import { createSignaturesService } from '../src/server/services/signatures.service.ts';
import { median } from './measure.ts';

const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ENTRIES = 12;

async function time(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** The job with nothing else built: it reads and writes the database only. */
function voidJob(database: Database): (now: Date) => Promise<number> {
  const deps = { db: database.db, clock: systemClock, events: createEvents(), games: {}, throttle: {} } as never;
  const service = createSignaturesService(deps);
  return (now) => service.tellOfVoidedSignatures(now);
}

/** Grows the season to `total` signed games, each signed on 2027-05-01 after its history. */
async function growTo(database: Database, from: number, total: number, place: Record<string, string>) {
  const { db } = database;
  await db.execute(sql`
    with made as (
      insert into games (organization_id, league_id, season_id, date, home_team_id, away_team_id, state,
        official_name, official_signed_at, official_counts, official_digest, signatures_checked_at)
      select ${place.org}::uuid, ${place.league}::uuid, ${place.season}::uuid, date '2027-04-01' + (g % 60),
        ${place.home}::uuid, ${place.away}::uuid, 'final', 'Pat Umpire', timestamptz '2027-06-01T12:00:00Z',
        '{"date":"2027-04-01","counts":{}}'::jsonb, md5(g::text), timestamptz '2027-06-01T12:00:00Z'
      from generate_series(${from + 1}::int, ${total}::int) g
      returning id)
    insert into audit_entries (chain, seq, organization_id, league_id, game_id, at, actor_name, entity, entity_id,
      action, prev_hash, hash)
    select ${place.org}, 1000000 + row_number() over () + ${from * ENTRIES}::int, ${place.org}::uuid,
      ${place.league}::uuid, made.id, timestamptz '2027-05-01T12:00:00Z' + (e || ' minutes')::interval, 'Hal Home',
      (array['outing', 'pitch-event', 'game', 'confirmation'])[1 + e % 4], made.id::text, 'recorded', 'x', 'x'
    from made, generate_series(1, ${ENTRIES}::int) e`);
  await db.execute(sql`analyze games`);
  await db.execute(sql`analyze audit_entries`);
}

async function run(label: string, database: Database) {
  await database.migrate();
  const { db } = database;
  const one = async (q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: Record<string, string>[] }).rows[0] as Record<string, string>;
  const org = (await one(sql`insert into organizations (name) values ('Bench') returning id`)).id as string;
  const league = (await one(sql`insert into leagues (name, organization_id) values ('Majors', ${org}) returning id`))
    .id as string;
  const season = (
    await one(sql`insert into seasons (organization_id, name, start_date, end_date, state)
      values (${org}, '2027', '2027-03-01', '2027-07-31', 'active') returning id`)
  ).id as string;
  const team = async (name: string) =>
    (
      await one(sql`insert into teams (organization_id, league_id, season_id, name)
        values (${org}, ${league}, ${season}, ${name}) returning id`)
    ).id as string;
  const place = { org, league, season, home: await team('Tigers'), away: await team('Cubs') };
  const job = voidJob(database);
  const now = new Date('2027-06-02T12:00:00Z');
  const baseline = await time(() => db.execute(sql`select 1`));
  let grown = 0;
  for (const size of SIZES) {
    await growTo(database, grown, size, place);
    grown = size;
    const told = await job(now);
    const ms = await time(() => job(now));
    console.log(
      `${label}\t${size} signed games\ttold ${told}\tmedian ${ms.toFixed(2)} ms\tselect 1 ${baseline.toFixed(2)} ms\tratio ${(ms / baseline).toFixed(1)}`,
    );
  }
  // The same season with 20 games changed since the job last looked (each looked at, and its void signature told).
  const changed: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await db.execute(sql`update games set signature_changed_at = now()
      where id in (select id from games where official_digest is not null order by id limit 20)`);
    const start = performance.now();
    await job(now);
    changed.push(performance.now() - start);
  }
  console.log(`${label}\t${grown} signed games, 20 changed\tmedian ${median(changed).toFixed(2)} ms`);
  // What the history adds to each write: the mark, on a game nobody signed (a tap's usual case).
  const [unsigned] = (
    (await db.execute(sql`insert into games (organization_id, league_id, season_id, date,
    home_team_id, opponent_name) values (${place.org}, ${place.league}, ${place.season}, '2027-05-01', ${place.home},
    'River City') returning id`)) as unknown as { rows: { id: string }[] }
  ).rows;
  const mark = await time(() => markSignedGamesChanged(db, [unsigned?.id as string], now));
  console.log(`${label}\tthe history's mark on an unsigned game\tmedian ${mark.toFixed(2)} ms`);
  await database.close();
}

await run('embedded', openEmbedded());
if (process.env.DATABASE_URL) await run('postgres', openPostgres(process.env.DATABASE_URL, { max: 2 }));
