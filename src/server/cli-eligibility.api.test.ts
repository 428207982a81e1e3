import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = new URL('../../bin/bullpen.mjs', import.meta.url).pathname;

/**
 * Runs `bullpen eligibility` with `input` on stdin, pointed at an embedded data folder that does
 * not exist: opening the database or taking its lock would create it.
 */
function eligibility(input: string) {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'bullpen-eligibility-')), 'data');
  const { DATABASE_URL: _unused, ...env } = process.env;
  const child = spawn(process.execPath, [BIN, 'eligibility'], {
    env: { ...env, BULLPEN_DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  });
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
});
