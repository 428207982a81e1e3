import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const BIN = new URL('../../bin/bullpen.mjs', import.meta.url).pathname;

/**
 * Runs `bullpen eligibility` with `input` on stdin, pointed at an embedded data folder that does
 * not exist: opening the database or taking its lock would create it.
 */
function eligibility(input: string, { args = [] as string[], nodeArgs = [] as string[] } = {}) {
  const { child, dataDir } = start(args, nodeArgs);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(input);
  return new Promise<{ code: number | null; stdout: string; stderr: string; dataDir: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, dataDir }));
  });
}

function start(args: string[], nodeArgs: string[] = []) {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'bullpen-eligibility-')), 'data');
  const { DATABASE_URL: _unused, ...env } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, BIN, 'eligibility', ...args], {
    env: { ...env, BULLPEN_DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  });
  return { child, dataDir };
}

const REQUEST = {
  rule: 'little-league-baseball',
  birthDate: '2016-06-01',
  asOf: '2027-04-08',
  appearances: [{ date: '2027-04-05', game: 'g1', pitches: 70 }],
};

describe('bullpen eligibility', () => {
  it('reads one JSON object on stdin and prints one, without a database', async () => {
    const input = {
      rule: 'little-league-baseball',
      birthDate: '2016-06-01',
      asOf: '2027-04-08',
      appearances: [
        { date: '2027-04-05', game: 'g1', pitches: 70 },
        { date: '2027-04-08', game: 'g2', pitches: 12, pitchedInnings: [1] },
      ],
    };
    const { code, stdout, stderr, dataDir } = await eligibility(JSON.stringify(input));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // Monday with 70 pitches: eligible Saturday; Thursday's outing broke the rest.
    expect(JSON.parse(stdout)).toEqual({
      age: 11,
      dailyMax: 85,
      pitchedToday: 12,
      remainingToday: 0,
      restDaysOwed: 0,
      nextEligibleDate: '2027-04-10',
      canPitchOnAsOf: false,
      violations: [
        {
          code: 'PITCHED_BEFORE_ELIGIBLE',
          date: '2027-04-08',
          game: 'g2',
          message:
            'Pitched on 2027-04-08 while resting: 70 pitches on 2027-04-05 owed 4 days of rest, so the first eligible date was 2027-04-10.',
        },
      ],
    });
    // No embedded database was opened and no lock taken.
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);

  it('on bad input, says what is wrong on stderr and exits with 2', async () => {
    const { code, stdout, stderr, dataDir } = await eligibility('{"rule":"little-league","birthDate":"2016-06-01"}');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('rule: Unknown preset "little-league"');
    expect(stderr).toContain('asOf: asOf must be a date written YYYY-MM-DD');
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);

  it('--batch answers each line on its own line, in order; a bad line answers its error and the rest go on', async () => {
    const lines = [
      JSON.stringify(REQUEST),
      JSON.stringify({ ...REQUEST, rule: 'little-league' }),
      '',
      'not json',
      JSON.stringify({ ...REQUEST, asOf: '2027-04-10' }),
      JSON.stringify({ ...REQUEST, rule: 'pitch-smart', appearances: [] }),
    ];
    const { code, stdout, stderr, dataDir } = await eligibility(`${lines.join('\n')}\n`, { args: ['--batch'] });
    expect(stderr).toBe('');
    // Some line was bad input: 2, as the single mode's bad input.
    expect(code).toBe(2);
    const answers = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    // The blank line is skipped; five requests, five answers.
    expect(answers).toHaveLength(5);
    expect(answers[0]).toMatchObject({ restDaysOwed: 4, nextEligibleDate: '2027-04-10', canPitchOnAsOf: false });
    // The same message the single mode writes on stderr, as the line's error.
    expect(answers[1]).toEqual({ error: expect.stringContaining('rule: Unknown preset "little-league"') });
    expect(Object.keys(answers[1])).toEqual(['error']);
    expect(answers[2]).toEqual({ error: expect.stringContaining('Input is not valid JSON') });
    expect(answers[3]).toMatchObject({ nextEligibleDate: '2027-04-10', canPitchOnAsOf: true });
    expect(answers[4]).toMatchObject({ pitchedToday: 0, canPitchOnAsOf: true, violations: [] });
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);

  it('--batch exits with 0 when every line is answered', async () => {
    const input = `${JSON.stringify(REQUEST)}\r\n${JSON.stringify({ ...REQUEST, asOf: '2027-04-09' })}`;
    const { code, stdout, stderr } = await eligibility(input, { args: ['--batch'] });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // CRLF line ends are read as well; the last line needs no newline.
    const answers = stdout.trimEnd().split('\n');
    expect(answers.map((line) => JSON.parse(line).nextEligibleDate)).toEqual(['2027-04-10', '2027-04-10']);
  }, 30_000);

  it('--batch answers each line as it arrives, before stdin ends', async () => {
    const { child } = start(['--batch']);
    const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    for (const asOf of ['2027-04-06', '2027-04-10']) {
      child.stdin.write(`${JSON.stringify({ ...REQUEST, asOf })}\n`);
      const answer = await answers.next();
      expect(JSON.parse(String(answer.value)).canPitchOnAsOf).toBe(asOf === '2027-04-10');
    }
    child.stdin.end();
    const [code] = await once(child, 'close');
    expect(code).toBe(0);
  }, 30_000);

  it('loads the rules engine and nothing of the server: no app, database driver or GraphQL', async () => {
    // A module hook in the child writes down every module it resolves.
    const folder = mkdtempSync(join(tmpdir(), 'bullpen-eligibility-modules-'));
    const listed = join(folder, 'modules.txt');
    const hook = join(folder, 'hook.mjs');
    writeFileSync(
      hook,
      `import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
const urls = [];
registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); urls.push(found.url); return found; } });
process.on('exit', () => writeFileSync(${JSON.stringify(listed)}, urls.join('\\n')));
`,
    );
    const { code } = await eligibility(JSON.stringify(REQUEST), { nodeArgs: ['--import', hook] });
    expect(code).toBe(0);
    const modules = readFileSync(listed, 'utf8').split('\n');
    expect(modules).toContainEqual(expect.stringContaining('/src/core/rules/engine.ts'));
    const server = modules.filter((url) => url.includes('/src/server/') && !url.endsWith('/src/server/cli.ts'));
    expect(server).toEqual([]);
    const heavy = modules.filter((url) =>
      /\/node_modules\/(fastify|pg|@electric-sql|graphql|graphql-yoga|drizzle-orm|better-auth)\//.test(url),
    );
    expect(heavy).toEqual([]);
  }, 30_000);
});
