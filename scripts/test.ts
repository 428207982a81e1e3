#!/usr/bin/env node
// `npm test`: the build, unit, API and web tests (Vitest), the fault scripts at reduced sizes, then the built app in
// Chromium (Playwright).
// API tests also run on PostgreSQL when TEST_DATABASE_URL is set; so do the browser tests.
// Ends with one summary line: "Tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { z } from 'zod';
import { faultScripts } from '../bench/faults/_list.ts';

const out = '.data-test/reports';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];

// What is read of the two reports (Vitest's and Playwright's JSON); what the code reads with `??` may be absent.
const vitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number().optional(),
});
const playwrightTest = z.object({
  projectName: z.string(),
  results: z
    .array(
      z.object({
        status: z.string().optional(),
        retry: z.number(),
        attachments: z.array(z.object({ name: z.string(), path: z.string().optional() })).optional(),
      }),
    )
    .optional(),
});
const playwrightSpec = z.object({ file: z.string(), title: z.string(), tests: z.array(playwrightTest).optional() });
interface PlaywrightSuite {
  specs?: z.infer<typeof playwrightSpec>[] | undefined;
  suites?: PlaywrightSuite[] | undefined;
}
const playwrightSuite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({ specs: z.array(playwrightSpec).optional(), suites: z.array(playwrightSuite).optional() }),
);
const playwrightReport = z.object({
  suites: z.array(playwrightSuite).optional(),
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
});
type PlaywrightReport = z.infer<typeof playwrightReport>;

/**
 * For each browser test that failed on any try (a flaky one too), prints the page as Playwright saw it
 * when it failed (the error context's accessibility snapshot): CI keeps only this log, not test-results/.
 */
function printPageSnapshots(report: PlaywrightReport) {
  type Spec = z.infer<typeof playwrightSpec>;
  type Test = z.infer<typeof playwrightTest>;
  const walk = (suite: PlaywrightSuite, visit: (spec: Spec, test: Test) => void) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) visit(spec, test);
    for (const child of suite.suites ?? []) walk(child, visit);
  };
  for (const suite of report.suites ?? []) {
    walk(suite, (spec, test) => {
      for (const result of test.results ?? []) {
        if (result.status === 'passed' || result.status === 'skipped') continue;
        const context = (result.attachments ?? []).find((a) => a.name === 'error-context' && a.path);
        if (!context?.path || !existsSync(context.path)) continue;
        console.log(
          `\n== page when it failed: [${test.projectName}] ${spec.file} › ${spec.title} (try ${result.retry + 1})`,
        );
        console.log(readFileSync(context.path, 'utf8'));
      }
    });
  }
}

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

// 1. The build (`npm run build`: the web app and the compiled server), first: the browser tests drive it, and so
// do the API tests of going live (the production server, and the proxy in front of it).
const built = run('build', 'npm', ['run', '--silent', 'build']);

// 2. Vitest: unit, api, web.
run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}/vitest.json`,
]);
if (existsSync(`${out}/vitest.json`)) {
  const report = vitestReport.parse(JSON.parse(readFileSync(`${out}/vitest.json`, 'utf8')));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
} else {
  totals.failed += 1;
}

// 3. The fault scripts at their reduced sizes (bench/faults: PostgreSQL restarted under load, SIGKILL,
// disk full, brute force across two servers); each script is one test.
// They mount a tmpfs and run initdb as postgres, so they need root: elsewhere they are skipped, and say so.
if (process.getuid?.() !== 0) {
  const scripts = faultScripts();
  console.log(`\n== faults: skipped (${scripts.length} scripts need root; run npm run faults -- --quick as root)`);
  totals.skipped += scripts.length;
} else {
  console.log('\n== faults: node bench/faults/run.ts --quick');
  const faults = spawnSync('node', ['bench/faults/run.ts', '--quick'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  process.stdout.write(faults.stdout ?? '');
  const verdicts = (faults.stdout ?? '').match(/^(PASS|FAIL) {2}/gm) ?? [];
  totals.passed += verdicts.filter((v) => v.startsWith('PASS')).length;
  totals.failed += verdicts.filter((v) => v.startsWith('FAIL')).length || (faults.status === 0 ? 0 : 1);
  if (faults.status !== 0) failedSteps.push('faults');
}

// 4. The built app in Chromium.
if (built) {
  const env: Record<string, string> = { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json` };
  if (process.env.TEST_DATABASE_URL) {
    // A fresh database for the browser tests' PostgreSQL server.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('drop database if exists bullpen_e2e with (force)');
    await admin.query('create database bullpen_e2e');
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = '/bullpen_e2e';
    env.E2E_DATABASE_URL = url.toString();
  } else {
    console.log('TEST_DATABASE_URL is not set: browser tests run on the embedded database only.');
  }
  run('playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], env);
  if (existsSync(`${out}/playwright.json`)) {
    const report = playwrightReport.parse(JSON.parse(readFileSync(`${out}/playwright.json`, 'utf8')));
    const { stats } = report;
    printPageSnapshots(report);
    if (stats.flaky)
      console.log(`\n${stats.flaky} browser test(s) flaky: failed once, passed on the retry (pages above).`);
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } else {
    totals.failed += 1;
  }
} else {
  totals.failed += 1;
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
