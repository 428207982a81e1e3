import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openEmbedded } from './db/client.ts';

const run = promisify(execFile);
const BIN = new URL('../../bin/bullpen.mjs', import.meta.url).pathname;
const env = (dataDir: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  BULLPEN_DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  ...extra,
});

/** Starts `bullpen serve`, resolves with its URL and first lines once it listens. */
function serve(dataDir: string, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: env(dataDir, { PORT: '0', HOST: '127.0.0.1', ...extra }),
  });
  let output = '';
  const ready = new Promise<{ url: string; output: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) setTimeout(() => resolve({ url: match[1] as string, output }), 200);
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  return { child, ready };
}

async function signInStatus(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

/** A GraphQL query as a demo user, over HTTP. */
async function asDemo(url: string, email: string, query: string) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bullpen-demo' }),
  });
  const cookie =
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('bullpen.session_token='))
      ?.split(';')[0] ?? '';
  const answer = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query }),
  });
  return (await answer.json()) as { data?: Record<string, { items: Record<string, unknown>[] }> };
}

describe('the bullpen command', () => {
  it('create-superadmin generates and prints a password that signs in, and the server refuses to share the folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bullpen-cli-'));
    const { stdout } = await run(process.execPath, [BIN, 'create-superadmin', '--email', 'Chief@Example.com'], {
      env: env(dataDir),
    });
    const password = stdout.match(/Generated password: (\S+)/)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    const server = serve(dataDir, { BULLPEN_DEMO: '0' });
    try {
      const { url, output } = await server.ready;
      expect(output).not.toContain('Seeded the demo organization');
      expect(await signInStatus(url, 'chief@example.com', password)).toBe(200);
      // BULLPEN_DEMO=0: no demo accounts.
      expect(await signInStatus(url, 'coach@example.com', 'bullpen-demo')).toBe(401);
      // The embedded folder is locked while the server runs.
      await expect(
        run(
          process.execPath,
          [BIN, 'create-user', '--email', 'a@example.com', '--given-name', 'A', '--family-name', 'B'],
          {
            env: env(dataDir),
          },
        ),
      ).rejects.toThrow(/in use by process/);
    } finally {
      server.child.kill('SIGTERM');
    }
  }, 60_000);

  it('serve seeds the demo organization once on a fresh embedded database and prints the accounts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bullpen-demo-'));
    const first = serve(dataDir);
    try {
      const { url, output } = await first.ready;
      for (const email of ['superadmin@example.com', 'admin@example.com', 'coach@example.com', 'parent@example.com']) {
        expect(output).toContain(email);
      }
      expect(await signInStatus(url, 'admin@example.com', 'bullpen-demo')).toBe(200);
      // Half a season of games with outings, three of which break a rule, and the presets.
      const games = await asDemo(url, 'admin@example.com', '{ listGames(limit: 1000) { items { id outingCount } } }');
      expect(games.data?.listGames?.items.length).toBeGreaterThanOrEqual(30);
      expect(games.data?.listGames?.items.every((g) => (g.outingCount as number) > 0)).toBe(true);
      const violations = await asDemo(url, 'admin@example.com', '{ listViolations { items { code teamName } } }');
      expect(violations.data?.listViolations?.items.map((v) => v.code).sort()).toEqual([
        'DAILY_MAX_EXCEEDED',
        'PITCHED_AFTER_CATCHING_LIMIT',
        'PITCHED_BEFORE_ELIGIBLE',
      ]);
      const rules = await asDemo(url, 'superadmin@example.com', '{ listRestRules { items { presetId } } }');
      expect(rules.data?.listRestRules?.items.filter((r) => r.presetId).length).toBe(7);
      // The demo coach sees the Tigers' pitchers with their status today.
      const status = await asDemo(url, 'coach@example.com', '{ listTeams { items { id } } }');
      const teamId = status.data?.listTeams?.items[0]?.id as string;
      const report = (await asDemo(
        url,
        'coach@example.com',
        `{ pitcherStatus(teamId: "${teamId}") { ruleName pitchers { today { canPitch } recentOutings { date } } } }`,
      )) as unknown as { data: { pitcherStatus: { ruleName: string; pitchers: { recentOutings: unknown[] }[] } } };
      expect(report.data.pitcherStatus.ruleName).toBe('Little League Baseball');
      expect(report.data.pitcherStatus.pitchers.some((p) => p.recentOutings.length > 0)).toBe(true);
    } finally {
      first.child.kill('SIGTERM');
      await new Promise((resolve) => first.child.once('exit', resolve));
    }
    const second = serve(dataDir);
    try {
      const { output } = await second.ready;
      expect(output).not.toContain('Seeded the demo organization');
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    }

    // The demo's history holds (its start recorded what the seed wrote); a count changed behind
    // the server's back does not, and the command says which and exits 1.
    const verified = await run(process.execPath, [BIN, 'audit', 'verify'], { env: env(dataDir) });
    expect(verified.stdout).toMatch(/^The history holds: \d+ entries, and \d+ records are what it ends in\./);
    const database = openEmbedded({ dataDir });
    // A digest kept outside the database (the daily email, a printed log) holds; one Bullpen never wrote does not.
    const [head] = (
      (await database.db.execute(
        sql`select chain, seq, hash from audit_heads where chain <> 'global' and seq > 0 limit 1`,
      )) as unknown as { rows: { chain: string; seq: number; hash: string }[] }
    ).rows;
    await database.close();
    const digest = `${head?.chain}:${head?.seq}:${head?.hash}`;
    const anchored = await run(process.execPath, [BIN, 'audit', 'verify', '--head', digest], { env: env(dataDir) });
    expect(anchored.stdout).toMatch(/the 1 digest\(s\) kept outside the database match\.$/m);
    const forged = await run(
      process.execPath,
      [BIN, 'audit', 'verify', '--head', `${head?.chain}:${head?.seq}:${'0'.repeat(64)}`],
      { env: env(dataDir) },
    ).catch((error: { code: number; stderr: string }) => error);
    expect((forged as { code: number }).code).toBe(1);
    expect((forged as { stderr: string }).stderr).toContain('no longer has the hash you kept');
    const database2 = openEmbedded({ dataDir });
    const newest = (await database2.db.execute(
      sql`select hash from audit_entries where game_id is not null order by id desc limit 1`,
    )) as unknown as { rows: { hash: string }[] };
    const changed = (await database2.db.execute(
      sql`update pitch_outings set pitches = pitches + 4 where id = (select id from pitch_outings order by id limit 1) returning id`,
    )) as unknown as { rows: { id: string }[] };
    await database2.close();
    const tampered = await run(process.execPath, [BIN, 'audit', 'verify'], { env: env(dataDir) }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((tampered as { code: number }).code).toBe(1);
    // A hash printed on a game's log names its entry; one from elsewhere names none (exit 1).
    const checked = await run(process.execPath, [BIN, 'audit', 'check', newest.rows[0]?.hash ?? ''], {
      env: env(dataDir),
    });
    expect(checked.stdout).toMatch(/^Entry \d+ of the history, .* UTC, game .*: the game has not changed since/);
    const unknown = await run(process.execPath, [BIN, 'audit', 'check', 'f'.repeat(64)], { env: env(dataDir) }).catch(
      (error: { code: number }) => error,
    );
    expect((unknown as { code: number }).code).toBe(1);
    expect((tampered as { stderr: string }).stderr).toContain(
      `outing ${changed.rows[0]?.id} is not what its history ends in`,
    );
  }, 120_000);
});
