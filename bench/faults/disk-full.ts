// The embedded database's disk full (docs/reliability.md). BULLPEN_DATA_DIR on a small
// tmpfs of its own; the rest of it filled with a filler file while outings are submitted.
//  A. The disk full: a write that needs a new page of a table fails (PostgreSQL's 53100, an ERROR);
//     Bullpen must refuse it with 503 and a message that says the disk is full, store nothing of it,
//     keep serving reads, and take writes again once the filler is deleted, without a restart.
//  B. The disk full when the WAL needs its next segment: PGlite PANICs and its next query would spin
//     forever, freezing the process. Bullpen must notice, answer 503 at once to everything (the process
//     stays responsive), and reopen the database by itself once there is room again.
// For B the WAL is moved, with the server stopped, to near the end of its segment
// (pg_logical_emit_message), so the segment switch comes within a few dozen outings.
//   node bench/faults/disk-full.ts [--quick]      (root: it mounts a tmpfs)
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statfsSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  type Answer,
  checklist,
  createLedger,
  DEMO,
  driveLoad,
  freePort,
  kindOf,
  log,
  main,
  messageOf,
  onCleanup,
  prepareGames,
  printTallies,
  type Query,
  request,
  run,
  signIn,
  sleep,
  startBullpen,
  verifyAuditChain,
  verifyLedger,
} from './lib.ts';

const MiB = 1024 * 1024;
const freeBytes = (dir: string) => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

const TMPFS_MAGIC = 0x01021994;
const TMPFS_BYTES = 128 * MiB;

/** Fills `dir`'s file system with one file, leaving `leave` bytes (0: until the kernel says ENOSPC). */
function fill(dir: string, leave = 0): { file: string; written: number } {
  // Only ever our small tmpfs: never the machine's disk, should the mount have gone.
  const fs = statfsSync(dir);
  if (fs.type !== TMPFS_MAGIC || fs.blocks * fs.bsize > TMPFS_BYTES) {
    throw new Error(`${dir} is not the ${TMPFS_BYTES / MiB} MiB tmpfs this script mounted: not filling it`);
  }
  const file = join(dir, 'filler');
  const fd = openSync(file, 'a');
  let written = 0;
  try {
    for (const chunk of [MiB, 64 * 1024, 4096]) {
      const buffer = Buffer.alloc(chunk, 0xab);
      for (;;) {
        if ((leave > 0 && freeBytes(dir) - chunk < leave) || written >= TMPFS_BYTES) break;
        try {
          written += writeSync(fd, buffer);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return { file, written };
}

/** One round of probes: when, and what each answered. */
interface Probe {
  at: number;
  outings: Answer & { ms: number };
  me: Answer & { ms: number };
  csv: Answer & { ms: number };
  ready: Answer & { ms: number };
  health: Answer & { ms: number };
}
type Probed = Exclude<keyof Probe, 'at'>;

/** Reads, REST and health while the disk is full: what each answers. */
async function probe(url: string, cookie: string, adminCookie: string, gameId: string): Promise<Probe> {
  const [outings, me, csv, ready, health] = await Promise.all([
    request(url, '/graphql', {
      method: 'POST',
      cookie,
      body: { query: `{ listPitchOutings(filter: { gameId: { eq: "${gameId}" } }) { items { id } } }` },
      timeoutMs: 15_000,
    }),
    request(url, '/graphql', { method: 'POST', cookie, body: { query: '{ me { id } }' }, timeoutMs: 15_000 }),
    request(url, '/api/reports/outings.csv', { cookie: adminCookie, timeoutMs: 15_000 }),
    request(url, '/readyz', { timeoutMs: 15_000 }),
    request(url, '/healthz', { timeoutMs: 15_000 }),
  ]);
  return { at: Date.now(), outings, me, csv, ready, health };
}

function tally(probes: Probe[], key: Probed) {
  const counts = new Map<string, number>();
  for (const p of probes) counts.set(kindOf(p[key]), (counts.get(kindOf(p[key])) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n}× ${k}`).join(', ');
}

/** Probes every `ms` until `until()` says stop. */
function probing(
  url: string,
  cookies: { coach: string; admin: string },
  gameId: string,
  until: () => boolean,
  ms = 1_000,
): { probes: Probe[]; done: Promise<void> } {
  const probes: Probe[] = [];
  const done = (async () => {
    while (!until()) {
      probes.push(await probe(url, cookies.coach, cookies.admin, gameId));
      await sleep(ms);
    }
  })();
  return { probes, done };
}

const isDiskFull = (kind: string) => kind === '503 SERVICE_UNAVAILABLE';
const saysDiskFull = (msg: string | undefined) => /out of disk space/.test(msg ?? '');

/** WAL segments after `current` that were never written (zero-filled ahead of need). */
function unusedSegmentsAfter(dataDir: string, current: string): string[] {
  const dir = join(dataDir, 'pg_wal');
  return readdirSync(dir).filter((f) => {
    if (!/^[0-9A-F]{24}$/.test(f) || f <= current) return false;
    const fd = openSync(join(dir, f), 'r');
    try {
      const page = Buffer.alloc(8192);
      readSync(fd, page, 0, page.length, 0);
      return page.every((b) => b === 0);
    } finally {
      closeSync(fd);
    }
  });
}

/** Moves the WAL, with no server on the folder, to `room` bytes before the end of its segment. */
async function walNearSegmentEnd(
  dataDir: string,
  room: number,
): Promise<{ file: string; offset: number; left: number }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite({ dataDir });
  try {
    // Hint bits set now, before the WAL is placed: the server's start-up reads every table (its change
    // history checks each record has one), and setting them then would log whole pages.
    await db.query('vacuum');
    const offset = async () => {
      const { rows } = await db.query(
        'select (pg_walfile_name_offset(pg_current_wal_insert_lsn())).file_offset::int as o, pg_walfile_name(pg_current_wal_insert_lsn()) as f',
      );
      return z.object({ o: z.number(), f: z.string() }).parse(rows[0]);
    };
    const segment = 16 * MiB;
    let at = await offset();
    // Past the mark already: finish this segment (the disk still has room), then go on in the next.
    if (segment - at.o < room) {
      await db.query(`select pg_logical_emit_message(false, 'bullpen-fault', repeat('x', ${segment - at.o + 1024}))`);
      at = await offset();
    }
    while (segment - at.o > room + 8192) {
      const step = Math.min(1024 * 1024, segment - at.o - room);
      await db.query(`select pg_logical_emit_message(false, 'bullpen-fault', repeat('x', ${Math.max(1, step - 200)}))`);
      at = await offset();
    }
    return { file: at.f, offset: at.o, left: segment - at.o };
  } finally {
    await db.close();
  }
}

await main('disk-full', async ({ quick }) => {
  const c = checklist();
  if (process.getuid?.() !== 0) return { pass: false, summary: 'must run as root to mount a tmpfs' };

  // --- A small tmpfs of our own ---
  const mnt = mkdtempSync(join(tmpdir(), 'bullpen-disk-full-'));
  onCleanup(() => rmSync(mnt, { recursive: true, force: true }), `remove ${mnt}`);
  const size = `${TMPFS_BYTES / MiB}m`;
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mnt]);
  } catch (error) {
    return { pass: false, summary: `cannot mount a tmpfs (needs root with CAP_SYS_ADMIN): ${messageOf(error)}` };
  }
  onCleanup(async () => {
    const res = await run('umount', [mnt], { allowFail: true });
    if (res.code !== 0) await run('umount', ['-l', mnt], { allowFail: true });
  }, `unmount ${mnt}`);
  const dataDir = join(mnt, 'data');
  log(`tmpfs of ${size} at ${mnt}; BULLPEN_DATA_DIR=${dataDir}`);

  const port = await freePort();
  let server = await startBullpen({ port, dataDir, name: 'bullpen (embedded, tmpfs)' });
  log(`bullpen pid ${server.pid} up; ${mib(freeBytes(mnt))} free on the tmpfs`);
  let cookie = await signIn(server.url, DEMO.coach.email, DEMO.coach.password);
  const games = quick ? 8 : 30;
  const { pairs, gameIds } = await prepareGames(server.url, cookie, { games });
  // The game whose outings the probes list (prepareGames made at least one).
  const [probedGame = ''] = gameIds;
  const ledger = createLedger(pairs);
  // The report downloads are for league officials: the demo admin probes REST.
  let adminCookie = await signIn(server.url, DEMO.admin.email, DEMO.admin.password);
  const baseline = ledger.entries.slice(0, Math.floor(pairs.length * 0.2));
  const phaseA = ledger.entries.slice(baseline.length, Math.floor(pairs.length * 0.5));
  const phaseB = ledger.entries.slice(baseline.length + phaseA.length);
  const target = () => ({ url: server.url, cookie });
  const loadStart = new Date(Date.now() - 1_000);

  // --- Room on the disk: the baseline ---
  await driveLoad(ledger, {
    entries: baseline,
    getTarget: target,
    rate: 15,
    concurrency: 4,
    deadline: Date.now() + 60_000,
  });
  log(`baseline: ${baseline.filter((e) => e.acked).length}/${baseline.length} acknowledged with room on the disk`);

  // --- A. The disk full ---
  console.log('\n--- A. the disk full ---');
  const filler = fill(mnt);
  log(`filled: ${mib(filler.written)} of filler, ${mib(freeBytes(mnt))} free`);
  let phaseOver = false;
  const probesA = probing(server.url, { coach: cookie, admin: adminCookie }, probedGame, () => phaseOver);
  const before = ledger.statuses.get('200 ok') ?? 0;
  await driveLoad(ledger, {
    entries: phaseA,
    getTarget: target,
    rate: 10,
    concurrency: 4,
    retryMs: 2_000,
    deadline: Date.now() + (quick ? 5_000 : 20_000),
  });
  phaseOver = true;
  await probesA.done;
  const refusedA = phaseA.filter((e) => e.answers.some((a) => a !== '200 ok'));
  const ackedFull = (ledger.statuses.get('200 ok') ?? 0) - before;
  log(`while full: ${ackedFull} acknowledged (room left in a page), ${refusedA.length} refused`);
  const answersA = new Set(phaseA.flatMap((e) => e.answers));
  const sampleA = phaseA.find((e) => e.lastFailure)?.lastFailure;
  const messageA = ledger.messages.get('503 SERVICE_UNAVAILABLE');
  console.log(`  answers: ${[...answersA].join(', ')}; the 503's message: "${messageA}"`);
  console.log(`  probes while full (${probesA.probes.length}):`);
  for (const key of ['outings', 'me', 'csv', 'ready', 'health'] as const)
    console.log(`    ${key.padEnd(8)} ${tally(probesA.probes, key)}`);
  c.check(server.exit === null, 'A: the server stays up with the disk full');
  const sentA = phaseA.filter((e) => e.attempts > 0).length;
  c.check(refusedA.length > 0, `A: writes were refused while the disk was full (${refusedA.length} of ${sentA} sent)`);
  c.check(
    [...answersA].every((a) => a === '200 ok' || isDiskFull(a)) && saysDiskFull(messageA) && sampleA?.retryAfter === 5,
    'A: each refusal is 503 SERVICE_UNAVAILABLE with Retry-After and "out of disk space" (no 500, no hang)',
  );
  const readsA = probesA.probes.filter((p) => p.outings.status === 200 && p.me.status === 200 && p.csv.status === 200);
  console.log(`  reads answered while full: ${readsA.length}/${probesA.probes.length} probe rounds`);
  c.check(
    probesA.probes.every((p) => p.health.status === 200) &&
      probesA.probes.every((p) => [p.outings, p.me, p.csv].every((r) => r.status === 200 || r.status === 503)),
    'A: reads answer 200, or 503 (never a 500 or no answer), and /healthz 200',
  );
  unlinkSync(filler.file);
  log(`filler deleted: ${mib(freeBytes(mnt))} free`);
  const recoverA = Date.now();
  await driveLoad(ledger, {
    entries: phaseA.filter((e) => !e.acked),
    getTarget: target,
    rate: 15,
    concurrency: 4,
    retryMs: 1_000,
    deadline: Date.now() + 60_000,
  });
  const firstA = Math.min(
    ...phaseA.flatMap(({ ackedAt }) => (ackedAt !== undefined && ackedAt >= recoverA ? [ackedAt] : [])),
  );
  c.check(
    phaseA.every((e) => e.acked),
    `A: once there was room, the refused outings were stored on retry without a restart (first ${((firstA - recoverA) / 1000).toFixed(2)} s after the filler was deleted)`,
  );

  // --- B. The disk full when the WAL needs a new segment ---
  console.log('\n--- B. the disk full at a WAL segment switch ---');
  await server.stop();
  // About 2.6 KiB of WAL an outing: the switch comes after some dozen of them.
  // Start-up and sign-in write whole pages after start-up's checkpoint first (some dozen KiB).
  const room = quick ? 128 * 1024 : 400 * 1024;
  const wal = await walNearSegmentEnd(dataDir, room);
  log(`WAL at ${wal.file} + ${wal.offset}: ${(wal.left / 1024).toFixed(0)} KiB to the segment's end`);
  server = await startBullpen({ port, dataDir, name: 'bullpen (embedded, tmpfs) #2' });
  // Start-up's checkpoint creates the next segment ahead when this one is three quarters used; a
  // server running for a while has none ahead (checkpoints are rare), so the switch needs a new file.
  // Removed here: never written (all zeros), so PostgreSQL has not opened it.
  const ahead = unusedSegmentsAfter(dataDir, wal.file);
  for (const f of ahead) unlinkSync(join(dataDir, 'pg_wal', f));
  if (ahead.length) log(`removed the segment start-up created ahead (${ahead.join(', ')})`);
  cookie = await signIn(server.url, DEMO.coach.email, DEMO.coach.password);
  adminCookie = await signIn(server.url, DEMO.admin.email, DEMO.admin.password);
  // Room for pages of tables, none for a 16 MiB segment.
  const fillerB = fill(mnt, 2 * MiB);
  log(`filled: ${mib(freeBytes(mnt))} free (no room for a WAL segment); bullpen pid ${server.pid}`);
  phaseOver = false;
  const probesB = probing(server.url, { coach: cookie, admin: adminCookie }, probedGame, () => phaseOver, 500);
  const beforeB = new Map(ledger.statuses);
  // Until a few seconds after the PANIC (or the deadline, if none comes).
  let panicSeenAt: number | null = null;
  await driveLoad(ledger, {
    entries: phaseB,
    getTarget: target,
    rate: 10,
    concurrency: 4,
    retryMs: 2_000,
    deadline: Date.now() + (quick ? 20_000 : 40_000),
    stopWhen: () => {
      panicSeenAt ??= server.lines().some((l) => l.includes('stopped after a fatal error')) ? Date.now() : null;
      return panicSeenAt !== null && Date.now() - panicSeenAt > (quick ? 2_000 : 8_000);
    },
  });
  phaseOver = true;
  await probesB.done;
  const panicked = server.lines().some((l) => l.includes('stopped after a fatal error'));
  const ackedB = phaseB.filter((e) => e.acked).length;
  log(`B: ${ackedB} acknowledged before the segment switch; PANIC noticed: ${panicked}`);
  const sinceB = [...ledger.statuses]
    .map(([k, n]): [string, number] => [k, n - (beforeB.get(k) ?? 0)])
    .filter(([, n]) => n > 0);
  console.log(`  answers: ${sinceB.map(([k, n]) => `${n}× ${k}`).join(', ')}`);
  const brokenProbes = probesB.probes.filter((p) => p.ready.status === 503);
  console.log(`  probes (${probesB.probes.length}, ${brokenProbes.length} after the PANIC):`);
  for (const key of ['outings', 'me', 'csv', 'ready', 'health'] as const)
    console.log(`    ${key.padEnd(8)} ${tally(probesB.probes, key)}`);
  c.check(panicked, 'B: the WAL segment could not be created and PGlite PANICked (seen in the server log)');
  c.check(server.exit === null, 'B: the process stays up after the PANIC');
  const slowest = Math.max(
    0,
    ...brokenProbes.flatMap((p) => [p.outings, p.me, p.csv, p.ready, p.health].map((r) => r.ms)),
  );
  const fullOrServed = (r: Answer) =>
    r.status === 200 || (r.status === 503 && saysDiskFull(r.json?.errors?.[0]?.message ?? r.json?.message));
  c.check(
    brokenProbes.length > 0 &&
      brokenProbes.every(
        (p) =>
          p.health.status === 200 &&
          [p.outings, p.me, p.csv].every(fullOrServed) &&
          p.outings.status === 503 &&
          p.csv.status === 503,
      ),
    `B: after it, every request is answered at once (slowest ${slowest} ms): what needs the database 503 "out of disk space", what a cached session answers 200, /healthz 200 (${brokenProbes.length} probes)`,
  );
  c.check(
    [...sinceB.map(([k]) => k)].every((k) => k === '200 ok' || isDiskFull(k)),
    'B: writes were acknowledged, or refused with 503 (no 500, no dropped connection)',
  );
  unlinkSync(fillerB.file);
  const freedAt = Date.now();
  log(`filler deleted: ${mib(freeBytes(mnt))} free; waiting for Bullpen to reopen the database`);
  let readyAt: number | null = null;
  while (Date.now() - freedAt < 30_000) {
    if ((await request(server.url, '/readyz')).status === 200) {
      readyAt = Date.now();
      break;
    }
    await sleep(250);
  }
  // The log line may reach us through the pipe after /readyz's answer.
  const logDeadline = Date.now() + 3_000;
  const saidReopened = () => server.lines().some((l) => l.includes('was reopened'));
  while (!saidReopened() && Date.now() < logDeadline) await sleep(100);
  const reopened = saidReopened();
  c.check(
    readyAt !== null && reopened && server.exit === null,
    `B: reopened in-process once there was room (/readyz 200 ${readyAt ? ((readyAt - freedAt) / 1000).toFixed(1) : '-'} s after the filler was deleted; same pid ${server.pid})`,
  );
  await driveLoad(ledger, {
    entries: phaseB.filter((e) => !e.acked),
    getTarget: target,
    rate: 15,
    concurrency: 4,
    retryMs: 1_000,
    deadline: Date.now() + 60_000,
  });
  c.check(
    phaseB.every((e) => e.acked),
    `B: every outing refused was stored on retry (${phaseB.length}/${phaseB.length})`,
  );

  // --- The ledger against the folder: each outing whole, or not at all ---
  await server.stop();
  console.log('\nAnswers to all outing submissions:');
  printTallies(ledger);
  console.log('\nChecks against the database:');
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite({ dataDir });
  try {
    const query: Query = async (text, params) => (await db.query(text, params)).rows;
    await verifyLedger(query, ledger, gameIds, c.check);
    // An outing and its parents' emails are written in one transaction: the counts must agree.
    const [{ expected }] = z.tuple([z.object({ expected: z.number() })]).parse(
      await query(
        `select count(*)::int as expected from pitch_outings o
           join player_guardians g on g.player_id = o.player_id
           join users u on u.id = g.user_id and u.outing_emails and not u.disabled
          where o.game_id::text = any($1::text[])`,
        [gameIds],
      ),
    );
    const [{ queued }] = z
      .tuple([z.object({ queued: z.number() })])
      .parse(
        await query(`select count(*)::int as queued from outbox_emails where kind = 'outing' and created_at >= $1`, [
          loadStart,
        ]),
      );
    c.check(
      expected === queued,
      `each stored outing has its parents' emails, no more (${queued} queued, ${expected} expected)`,
    );
    const [{ orphans }] = z.tuple([z.object({ orphans: z.number() })]).parse(
      await query(
        `select count(*)::int as orphans from violations v
          where v.game_id::text = any($1::text[]) and v.outing_id is not null
            and not exists (select 1 from pitch_outings o where o.id = v.outing_id)`,
        [gameIds],
      ),
    );
    const [{ corrections }] = z.tuple([z.object({ corrections: z.number() })]).parse(
      await query(
        `select count(*)::int as corrections from outing_corrections c join pitch_outings o on o.id = c.outing_id
          where o.game_id::text = any($1::text[])`,
        [gameIds],
      ),
    );
    c.check(
      orphans === 0 && corrections === 0,
      `no violation without its outing, no stray correction (${orphans}, ${corrections})`,
    );
  } finally {
    await db.close();
  }
  await verifyAuditChain({ dataDir }, c.check);

  return {
    pass: c.pass,
    summary:
      c.pass && readyAt !== null
        ? `A: ${refusedA.length} writes refused 503 while full, reads served, writes back without a restart; B: PGlite PANIC at the WAL segment switch answered 503 at once, reopened in-process ${((readyAt - freedAt) / 1000).toFixed(1)} s after space came back; ${ledger.acked.length} outings each stored once`
        : `failed: ${c.failed.join('; ')}`,
  };
});
