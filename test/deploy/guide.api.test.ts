import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INSTALL_ROOT } from '../../src/server/paths.ts';
import { startSmtp } from '../../src/server/testing/smtp.ts';
import { flowScript, readGuide } from './guide.ts';

// docs/deploy.md, followed as written: every `sh` block, in order, on a copy of this machine's file system
// (overlays on /etc, /srv and /usr/local in a mount namespace of its own, so nothing of the machine changes),
// once with PostgreSQL and once with the embedded database. Root only: mounts, useradd and runuser need it.
// About 3 minutes, most of it `npm ci` and `npm run build` (docs/performance.md); up to 15 on a loaded machine.

const root = process.getuid?.() === 0;
if (!root) console.log('docs/deploy.md test skipped: it needs root (mount namespaces, useradd, runuser).');

const STAND_IN = join(INSTALL_ROOT, 'test/deploy/systemctl-stand-in.ts');
const work = root ? mkdtempSync(join(tmpdir(), 'bullpen-guide-')) : '';
const state = join(work, 'systemctl');

function psql(sql: string): void {
  execFileSync('runuser', ['-u', 'postgres', '--', 'psql', '-qAt', '-c', sql], { stdio: 'pipe' });
}
function dropGuideDatabase(): void {
  psql('drop database if exists bullpen with (force)');
  psql('drop database if exists bullpen_restore_drill with (force)');
  psql('drop role if exists bullpen');
}

let sandbox: ChildProcess | undefined;

afterAll(() => {
  if (!root) return;
  // A flow still running (the test timed out): its whole process group, before its folder goes.
  if (sandbox?.pid && sandbox.exitCode === null) {
    try {
      process.kill(-sandbox.pid, 'SIGKILL');
    } catch {}
  }
  // Whatever the stand-in started and a failed run left running.
  if (existsSync(state)) {
    for (const file of readdirSync(state).filter((f) => f.endsWith('.pid'))) {
      try {
        process.kill(Number(readFileSync(join(state, file), 'utf8')), 'SIGKILL');
      } catch {}
    }
  }
  dropGuideDatabase();
  rmSync(work, { recursive: true, force: true });
});

/** Runs a flow's script in a mount namespace of its own; resolves with its output and exit code. */
function runInSandbox(script: string): Promise<{ code: number | null; output: string }> {
  const file = join(work, 'flow.sh');
  writeFileSync(file, script);
  return new Promise((resolve) => {
    const child = spawn('unshare', ['--mount', '--propagation', 'private', 'bash', file], { detached: true });
    sandbox = child;
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!root)('docs/deploy.md, followed as written on a fresh machine', () => {
  it(
    'installs, configures, serves, backs up, restores and upgrades Bullpen, on PostgreSQL and embedded',
    async () => {
      const guide = readGuide(join(INSTALL_ROOT, 'docs/deploy.md'));
      // The guide's shape: what the test does not run is said in the guide, and every block is run or said.
      expect(guide.filter((b) => b.tags.includes('machine')).length).toBe(2);
      expect(guide.filter((b) => b.tags.includes('values'))).toHaveLength(1);

      const smtp = await startSmtp();
      const branch = execFileSync('git', ['-C', INSTALL_ROOT, 'rev-parse', '--abbrev-ref', 'HEAD'], {
        encoding: 'utf8',
      }).trim();
      // The upgrade (step 11) installs the same code by its commit: a folder beside the branch's, and the way a
      // release is installed from a repository published without tags.
      const commit = execFileSync('git', ['-C', INSTALL_ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      const values = [
        'BULLPEN_HOST=bullpen.test',
        `BULLPEN_SOURCE=${INSTALL_ROOT}`,
        `BULLPEN_RELEASE=${branch}`,
        `SMTP_URL='${smtp.url}'`,
        "MAIL_FROM='Bullpen <pitches@bullpen.test>'",
        'ADMIN_EMAIL=volunteer@bullpen.test',
      ].join('\n');
      // The stand-ins, copied into the sandbox's /usr/local/sbin, ahead of the machine's /usr/bin on every PATH.
      mkdirSync(join(work, 'bin'), { recursive: true });
      for (const tool of ['systemctl', 'journalctl']) {
        const shim = join(work, 'bin', tool);
        writeFileSync(
          shim,
          `#!/bin/sh\nSYSTEMCTL_STAND_IN_STATE=${state} exec ${process.execPath} ${STAND_IN} ${tool} "$@"\n`,
        );
        chmodSync(shim, 0o755);
      }
      dropGuideDatabase();
      try {
        const { code, output } = await runInSandbox(
          flowScript({ guide, values, work, shims: join(work, 'bin'), node: process.execPath, upgradeTo: commit }),
        );
        if (code !== 0) console.log(output.slice(-8000));
        expect(code, 'the flow script exited').toBe(0);
        for (const flow of ['postgres', 'embedded']) {
          expect(output).toContain(`== ${flow}: every block ran`);
          expect(output).toMatch(new RegExp(`== ${flow}: signed in as the SuperAdmin`));
          expect(output).toContain(`== ${flow}: the 40-day-old backup was removed`);
        }
        expect(output.match(/The restore drill passed/g)).toHaveLength(2);
        // Step 9's backup, and on PostgreSQL the upgrade's (step 11): none lost to the retention.
        expect(output).toContain('== postgres: 2 backups kept');
        expect(output).toContain('== embedded: 1 backups kept');
        expect(output).toMatch(/ok +production +safe to serve on the internet/);
        // The upgrade built beside the running release and switched in one step; going back was the same switch.
        expect(output).toContain("== postgres: the running release's files were not touched by the upgrade");
        expect(output).toContain(`== postgres: went back to releases/${branch}`);
        expect(output).toMatch(/Bullpen is ready \(http:\/\/127\.0\.0\.1:3000\/readyz answered/);
        // Each step's time, for the times docs/deploy.md states.
        console.log(
          output
            .split('\n')
            .filter((line) => /^== (took|\w+: a release's folder)/.test(line))
            .join('\n'),
        );
      } finally {
        await smtp.close();
      }
    },
    15 * 60_000,
  );
});
