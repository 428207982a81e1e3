import { rmSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium (never a downloaded browser); flags from ../shared/stack.md, trap 5.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const EMBEDDED_PORT = 4173;
const POSTGRES_PORT = 4174;
const dataDir = '.data-test/e2e-embedded';
// Only the main process starts from a fresh embedded database (workers load this file too).
if (!process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });

const serverEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  BULLPEN_DEV_MAILBOX: '1',
  BULLPEN_SIGNIN_IP_LIMIT: '10000',
};

const postgresUrl = process.env.E2E_DATABASE_URL;

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: { launchOptions, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'embedded',
      use: { ...devices['Desktop Chrome'], launchOptions, baseURL: `http://localhost:${EMBEDDED_PORT}` },
    },
    ...(postgresUrl
      ? [
          {
            name: 'postgres',
            use: { ...devices['Desktop Chrome'], launchOptions, baseURL: `http://localhost:${POSTGRES_PORT}` },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: 'node bin/bullpen.mjs serve',
      url: `http://localhost:${EMBEDDED_PORT}/readyz`,
      env: { ...serverEnv, PORT: String(EMBEDDED_PORT), BULLPEN_DATA_DIR: dataDir },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    ...(postgresUrl
      ? [
          {
            command: 'node bin/bullpen.mjs serve',
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
