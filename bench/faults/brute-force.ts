// Brute force across two servers (docs/reliability.md): two Bullpen servers on one PostgreSQL must enforce the
// sign-in backoff of an account and the per-IP limit together, not each on its own.
//
//   node bench/faults/brute-force.ts [--quick]
//
// It creates the database bullpen_fault_brute on the PostgreSQL of TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), starts servers A and B on it with the demo accounts, and:
//   1. tries wrong passwords for coach@example.com, alternating A and B, each from another IP (as a
//      botnet would): after 5 failures the account is backed off on both, so the right password is
//      refused on both; without --quick it waits for the 30 s backoff to end and signs in.
//   2. sends 2 x BULLPEN_SIGNIN_IP_LIMIT + 4 sign-ins from one IP, alternating A and B, then a burst
//      from another IP at once: each IP gets exactly the limit, then 429 on both servers.
// The servers trust X-Forwarded-For from 127.0.0.1 (BULLPEN_TRUST_PROXY), as behind a load balancer:
// this script plays the balancer and says which client IP each request comes from.
// It always stops the servers it started (by pid) and drops its database.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import { checklist, DEMO, log, main, onCleanup, startBullpen } from './lib.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'bullpen_fault_brute';
const IP_LIMIT = 10;
const IP_WINDOW_SECONDS = 120;
// src/server/services/throttle.service.ts: DEFAULT_BACKOFF.
const FREE_FAILURES = 5;
const FIRST_LOCK_SECONDS = 30;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** What a sign-in was answered: status, the error's code ('OK' for a 200), Retry-After and time. */
interface Attempt {
  status: number;
  code: string;
  retryAfter: string | null;
  ms: number;
}

type Server = 'A' | 'B';

/** One sign-in through the server at `url`, as the balancer forwards it from client `ip`. */
async function attempt(url: string, email: string, password: string, ip: string): Promise<Attempt> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
  const body = z
    .object({ code: z.string().optional() })
    .catch({})
    .parse(await res.json().catch(() => ({})));
  return {
    status: res.status,
    code: body.code ?? (res.status === 200 ? 'OK' : ''),
    retryAfter: res.headers.get('retry-after'),
    ms: Math.round(performance.now() - t0),
  };
}

const line = (n: number, server: Server, ip: string, what: string, r: Attempt) =>
  `  #${String(n).padStart(2)}  server ${server}  ${ip.padEnd(15)}  ${what.padEnd(14)}  ${r.status} ${r.code}${
    r.retryAfter ? ` (Retry-After ${r.retryAfter} s)` : ''
  }  ${r.ms} ms`;

await main('brute-force', async ({ quick }) => {
  const checks = checklist();
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${DATABASE}`;
  const databaseUrl = dbUrl.toString();

  // A database of our own, dropped at the end whatever happens (never the one in ADMIN_URL).
  if (new URL(ADMIN_URL).pathname.slice(1) === DATABASE) {
    throw new Error(`TEST_DATABASE_URL must not name ${DATABASE} itself`);
  }
  await admin(`drop database if exists ${DATABASE} with (force)`);
  await admin(`create database ${DATABASE}`);
  onCleanup(async () => {
    await admin(`drop database if exists ${DATABASE} with (force)`);
    log(`dropped database ${DATABASE}`);
  }, `drop ${DATABASE}`);
  log(`created database ${DATABASE} on ${dbUrl.host}`);

  const env = {
    BULLPEN_SIGNIN_IP_LIMIT: String(IP_LIMIT),
    BULLPEN_SIGNIN_IP_WINDOW_SECONDS: String(IP_WINDOW_SECONDS),
    BULLPEN_TRUST_PROXY: '127.0.0.1',
  };
  // One after the other: the first migrates and seeds the demo, the second finds it done.
  const a = await startBullpen({ databaseUrl, env, name: 'A' });
  log(`server A (pid ${a.pid}) at ${a.url}`);
  const b = await startBullpen({ databaseUrl, env, name: 'B' });
  log(`server B (pid ${b.pid}) at ${b.url}`);
  const servers = { A: a, B: b };
  const other: Record<Server, Server> = { A: 'B', B: 'A' };

  // The account's row of the shared throttle table, or null when it has none.
  const throttle = z.object({ failures: z.number(), locked_until: z.date().nullable(), now: z.date() });
  const lockOf = async (email: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select failures, locked_until, now() as now from sign_in_throttles where key = $1',
        [`account:${email}`],
      );
      return rows[0] === undefined ? null : throttle.parse(rows[0]);
    } finally {
      await client.end();
    }
  };

  // --- 1. The account's backoff, across servers ---
  const { email, password } = DEMO.coach;
  log(`1. wrong passwords for ${email}, alternating A and B, each from another IP`);
  let n = 0;
  const failures = [];
  for (let i = 0; i < FREE_FAILURES; i++) {
    const server: Server = i % 2 === 0 ? 'A' : 'B';
    const ip = `203.0.113.${10 + i}`;
    const r = await attempt(servers[server].url, email, `wrong-guess-${i}`, ip);
    console.log(line(++n, server, ip, 'wrong password', r));
    failures.push(r);
  }
  const lockedAt = Date.now();
  checks.check(
    failures.every((r) => r.status === 401),
    `${FREE_FAILURES} wrong passwords over both servers answered 401 (${failures.map((r) => r.status).join(', ')})`,
  );
  const lock = await lockOf(email);
  const lockSeconds = lock?.locked_until ? (lock.locked_until.getTime() - lock.now.getTime()) / 1000 : 0;
  console.log(
    `  sign_in_throttles: ${lock?.failures ?? 0} failures, locked for ${lockSeconds.toFixed(1)} s more (shared table)`,
  );
  checks.check(
    lock?.failures === FREE_FAILURES && lockSeconds > FIRST_LOCK_SECONDS - 10 && lockSeconds <= FIRST_LOCK_SECONDS,
    `the ${FREE_FAILURES} failures counted as one account's (${lock?.failures}), locked for about ${FIRST_LOCK_SECONDS} s (${lockSeconds.toFixed(1)} s left)`,
  );

  const refused: (Attempt & { server: Server })[] = [];
  for (const server of ['B', 'A'] as const) {
    const ip = `198.51.100.${server === 'A' ? 1 : 2}`;
    const r = await attempt(servers[server].url, email, password, ip);
    console.log(line(++n, server, ip, 'RIGHT password', r));
    refused.push({ server, ...r });
  }
  checks.check(
    refused.every((r) => r.status === 401 && r.code === 'INVALID_EMAIL_OR_PASSWORD'),
    `while backed off, the right password is refused on both servers with the wrong password's answer (${refused
      .map((r) => `${r.server} ${r.status} ${r.code}`)
      .join(', ')})`,
  );
  const wrongMs = failures.map((r) => r.ms).sort((x, y) => x - y)[Math.floor(failures.length / 2)];
  console.log(
    `  timing: a wrong password takes ${wrongMs} ms (median), a refusal while backed off ${refused.map((r) => r.ms).join(' / ')} ms`,
  );
  const after = await lockOf(email);
  checks.check(
    after?.failures === FREE_FAILURES,
    `attempts while backed off neither count nor extend the lock (${after?.failures} failures)`,
  );

  let unlockedAfter: number | null = null;
  if (!quick) {
    log(`waiting for the backoff to end (locked until ${after?.locked_until?.toISOString()})`);
    // Polls once a second, alternating servers, from yet other IPs.
    let server: Server = 'A';
    for (let i = 0; i < FIRST_LOCK_SECONDS + 15; i++) {
      const ip = `198.51.100.${10 + i}`;
      const r = await attempt(servers[server].url, email, password, ip);
      if (r.status === 200) {
        unlockedAfter = (Date.now() - lockedAt) / 1000;
        console.log(line(++n, server, ip, 'RIGHT password', r), `  <- ${unlockedAfter.toFixed(1)} s after the lock`);
        break;
      }
      if (i % 5 === 0) console.log(line(++n, server, ip, 'RIGHT password', r));
      server = other[server];
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    checks.check(
      unlockedAfter !== null && unlockedAfter >= FIRST_LOCK_SECONDS - 1 && unlockedAfter <= FIRST_LOCK_SECONDS + 5,
      `the right password works again once the ${FIRST_LOCK_SECONDS} s are over (after ${unlockedAfter?.toFixed(1) ?? 'never'} s)`,
    );
    const cleared = await lockOf(email);
    checks.check(cleared === null, 'the successful sign-in cleared the account’s failures');
  }

  // --- 2. The per-IP limit, across servers ---
  const ip = '192.0.2.77';
  const total = 2 * IP_LIMIT + 4;
  log(`2. ${total} sign-ins from ${ip}, alternating A and B (limit ${IP_LIMIT} per ${IP_WINDOW_SECONDS} s)`);
  const sequential: (Attempt & { server: Server })[] = [];
  for (let i = 0; i < total; i++) {
    const server: Server = i % 2 === 0 ? 'A' : 'B';
    // Unknown accounts: the IP limit is what stops them, not an account's backoff.
    const r = await attempt(servers[server].url, `nobody-${randomUUID().slice(0, 8)}@example.com`, 'guess', ip);
    sequential.push({ server, ...r });
    if (i < 3 || (i >= IP_LIMIT - 2 && i <= IP_LIMIT + 2) || i >= total - 2) {
      console.log(line(++n, server, ip, 'unknown email', r));
    } else n++;
  }
  const passed = sequential.filter((r) => r.status !== 429);
  const limited = sequential.filter((r) => r.status === 429);
  const tally = (list: (Attempt & { server: Server })[]) => {
    const counts = new Map<string, number>();
    for (const r of list) counts.set(`${r.server} ${r.status}`, (counts.get(`${r.server} ${r.status}`) ?? 0) + 1);
    return [...counts].map(([k, v]) => `${k}: ${v}`).join(', ');
  };
  console.log(`  answers: ${tally(sequential)}`);
  checks.check(
    passed.length === IP_LIMIT && sequential.slice(0, IP_LIMIT).every((r) => r.status === 401),
    `exactly the limit got through, counted over both servers: ${passed.length} of ${total} (limit ${IP_LIMIT}, not ${2 * IP_LIMIT})`,
  );
  checks.check(
    limited.length === total - IP_LIMIT &&
      limited.some((r) => r.server === 'A') &&
      limited.some((r) => r.server === 'B') &&
      limited.every((r) => Number(r.retryAfter) > 0),
    `every later attempt got 429 with Retry-After, on both servers (${limited.length}; Retry-After ${limited[0]?.retryAfter} s)`,
  );
  const fresh = await attempt(b.url, email, password, '192.0.2.78');
  console.log(line(++n, 'B', '192.0.2.78', 'RIGHT password', fresh));
  checks.check(
    fresh.status !== 429,
    `another IP is not limited by it (${fresh.status} ${fresh.code}${quick ? ', the account still backed off' : ''})`,
  );

  const burstIp = '192.0.2.99';
  log(`   and ${total} at once from ${burstIp}, half to each server`);
  const t0 = Date.now();
  const burst = await Promise.all(
    Array.from({ length: total }, (_, i) => {
      const server: Server = i % 2 === 0 ? 'A' : 'B';
      return attempt(servers[server].url, `nobody-${randomUUID().slice(0, 8)}@example.com`, 'guess', burstIp).then(
        (r) => ({ server, ...r }),
      );
    }),
  );
  console.log(`  answers in ${Date.now() - t0} ms: ${tally(burst)}`);
  checks.check(
    burst.filter((r) => r.status !== 429).length === IP_LIMIT,
    `concurrent attempts over both servers: exactly ${IP_LIMIT} got through (${burst.filter((r) => r.status !== 429).length})`,
  );
  checks.check(
    [...sequential, ...burst, ...failures, ...refused].every((r) => r.status < 500),
    'no 5xx answer at any point',
  );

  const summary = checks.pass
    ? `backoff after ${FREE_FAILURES} failures held on both servers (right password refused on A and B${
        unlockedAfter ? `, accepted again after ${unlockedAfter.toFixed(1)} s` : ''
      }); per-IP limit ${IP_LIMIT}: ${passed.length}/${total} sequential and ${
        burst.filter((r) => r.status !== 429).length
      }/${total} concurrent got through over two servers`
    : `failed: ${checks.failed.join('; ')}`;
  return { pass: checks.pass, summary };
});
