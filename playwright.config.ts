import { rmSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './test/chromium.ts';

// Debian's Chromium, headless (test/chromium.ts).
const launchOptions = { executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] };

const EMBEDDED_PORT = 4173;
const POSTGRES_PORT = 4174;
const dataDir = '.data-test/e2e-embedded';
// Only the main process starts from a fresh embedded database (workers load this file too).
if (!process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });

const serverEnv = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  BULLPEN_DEV_MAILBOX: '1',
  BULLPEN_SIGNIN_IP_LIMIT: '10000',
  // A game past its deadline settles within seconds, so the game day's test sees it happen.
  BULLPEN_SETTLE_SECONDS: '3',
};

const postgresUrl = process.env.E2E_DATABASE_URL;

/** The browser tests that run on PostgreSQL too (decision 0046); every spec runs on the embedded database. */
const POSTGRES_SPECS = [
  'game-day.spec.ts',
  'live-count.spec.ts',
  'official-count.spec.ts',
  'parent-live.spec.ts',
  'pitch-record.spec.ts',
  'tracker.spec.ts',
  'moment-of-decision.spec.ts',
];

// Users the browser tests need beyond the demo accounts, made with the CLI before the server starts.
const prepare = [
  'create-user --email temp@example.com --given-name Tina --family-name Temp --roles coach --password Temp-pass-4821 --temporary',
  'create-user --email reset@example.com --given-name Rory --family-name Reset --roles parent --password Reset-pass-7302',
  'create-user --email sessions@example.com --given-name Sid --family-name Sessions --roles coach --password Sessions-pass-5120',
  'create-user --email revoke@example.com --given-name Rae --family-name Revoke --roles parent --password Revoke-pass-6631',
]
  .map((args) => `node bin/bullpen.mjs ${args}`)
  .join(' && ');
const serve = `${prepare} && node bin/bullpen.mjs serve`;

export default defineConfig({
  testDir: 'test/e2e',
  // After the servers start: the demo Majors' deadline of two weeks, for games played on past days.
  globalSetup: './test/e2e/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // The tests of one server run in order (they share its accounts). The two servers' projects run one after
  // the other by default: on a 2-core machine, side by side (E2E_WORKERS=2) two browsers and two servers
  // starved each other (2026-11-25: 6 of 14 Rest Rules tests timed out, on the code before this change too).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // One retry: a test that fails twice fails; one that passes on its retry is listed as flaky by
  // scripts/test.ts with the page of its failed try (decision 0024).
  retries: 1,
  reporter: 'list',
  // A failed test keeps its trace (each step's page as DOM snapshots, the network, the console) and a screenshot
  // of the end; the trace takes no screenshots as it goes: recording them cost Chromium about a third of a core
  // for the whole run (2026-11-28, a signed-in dashboard left idle for 10 s: 2.2 to 3.7 CPU-seconds more with
  // them, none more without), and the browser tests share two cores with the servers.
  use: {
    launchOptions,
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'embedded',
      workers: 1,
      use: { ...devices['Desktop Chrome'], launchOptions, baseURL: `http://localhost:${EMBEDDED_PORT}` },
    },
    ...(postgresUrl
      ? [
          {
            name: 'postgres',
            // On PostgreSQL, the game day: where the database serves many writers and servers at once (taps,
            // live subscriptions over LISTEN/NOTIFY, the outbox, the record's history). The admin screens'
            // operations run on PostgreSQL in the API tests (decision 0046).
            testMatch: POSTGRES_SPECS,
            workers: 1,
            use: { ...devices['Desktop Chrome'], launchOptions, baseURL: `http://localhost:${POSTGRES_PORT}` },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: serve,
      url: `http://localhost:${EMBEDDED_PORT}/readyz`,
      env: { ...serverEnv, PORT: String(EMBEDDED_PORT), BULLPEN_DATA_DIR: dataDir },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    ...(postgresUrl
      ? [
          {
            command: serve,
            url: `http://localhost:${POSTGRES_PORT}/readyz`,
            env: { ...serverEnv, PORT: String(POSTGRES_PORT), DATABASE_URL: postgresUrl, BULLPEN_DEMO: '1' },
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'pipe' as const,
          },
        ]
      : []),
  ],
});
