// `npm run bench:users`: the user search ("stays fast with 100,000 users"). Seeds 100,000
// users into a fresh database (embedded, and PostgreSQL when DATABASE_URL is set), then times
// listUsers searches against `select 1` on the same connection; prints medians and ratios.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Actor, NO_SCOPES } from '../src/core/permissions.ts';
import { systemClock } from '../src/server/clock.ts';
import { type Database, openEmbedded, openPostgres } from '../src/server/db/client.ts';
import { createEvents } from '../src/server/services/events.ts';
import { createUsersService } from '../src/server/services/users.service.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const GIVEN = ['Ann', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kai', 'Lena', 'Mo', 'Nia'];
const FAMILY = ['Baker', 'Chen', 'Diaz', 'Evans', 'Fox', 'Garcia', 'Hill', 'Ito', 'Jones', 'Khan', 'Lopez', 'Moore'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function time(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

async function run(label: string, database: Database) {
  await database.migrate();
  const { db } = database;
  const given = `array[${GIVEN.map((n) => `'${n}'`).join(',')}]`;
  const family = `array[${FAMILY.map((n) => `'${n}'`).join(',')}]`;
  await db.execute(
    sql.raw(`insert into users (id, email, name, given_name, family_name)
      select gen_random_uuid()::text, 'player' || g || '@example.org', '',
             (${given})[1 + g % ${GIVEN.length}] || (g % 97)::text,
             (${family})[1 + (g / ${GIVEN.length}) % ${FAMILY.length}]
      from generate_series(1, ${USERS}) g`),
  );
  await db.execute(sql`analyze users`);
  const users = createUsersService({
    db,
    clock: systemClock,
    events: createEvents(),
    mailer: { mailbox: null, send: async () => {} },
    passwordPolicy: { minLength: 8, maxLength: 128 },
  });
  const superAdmin: Actor = {
    userId: 'bench',
    roles: ['SuperAdmin'],
    ...NO_SCOPES,
  };
  // Tokens are not read here: the cursor's key is given as is.
  const tokenAfter = (key: string) => key;
  const page = { limit: 20, after: null, tokenAfter };
  const baseline = await time(() => db.execute(sql`select 1`));
  console.log(
    `\n${label}: ${USERS.toLocaleString()} users; medians of ${RUNS} runs; select 1 = ${baseline.toFixed(2)} ms`,
  );
  for (const search of ['', 'ann', 'ann12', 'chen', 'player4242', 'ann chen', 'zzz']) {
    let found = 0;
    const ms = await time(async () => {
      found = (await users.list(superAdmin, { search }, page)).items.length;
    });
    console.log(
      `  search ${JSON.stringify(search).padEnd(14)} ${ms.toFixed(2).padStart(7)} ms  (${(ms / baseline).toFixed(0)}x select 1, ${found} on the first page)`,
    );
  }
  const deep = await time(() =>
    users.list(superAdmin, { search: '' }, { limit: 100, after: 'player99900', tokenAfter }),
  );
  console.log(`  a page of 100 near the end of everyone ${deep.toFixed(2).padStart(7)} ms`);
  await database.close();
}

const dir = mkdtempSync(join(tmpdir(), 'bullpen-bench-'));
try {
  await run('embedded (PGlite)', openEmbedded({ dataDir: dir }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  const admin = openPostgres(process.env.DATABASE_URL, { max: 1 });
  await admin.db.execute(sql.raw('drop database if exists bullpen_bench_users'));
  await admin.db.execute(sql.raw('create database bullpen_bench_users'));
  await admin.close();
  url.pathname = '/bullpen_bench_users';
  await run('PostgreSQL', openPostgres(url.toString(), { max: 2 }));
}
