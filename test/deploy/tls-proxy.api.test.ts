import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts';
import { dateIn, dayIn, labelOf } from '../e2e/game-helpers.ts';
import { ensureCaddy, freePorts, httpsGet, type Started, start, stop, waitFor } from './proxy-stack.ts';

/**
 * A league serves Bullpen over HTTPS behind Caddy (docs/decisions/0042-caddy-in-front.md). This test installs
 * Caddy from Debian, runs deploy/Caddyfile as it is (its placeholders filled from the environment) on a local
 * certificate in front of a production server, and signs in through it in Chromium. The browser reaches Caddy
 * over IPv6 (::1) and Caddy reaches Bullpen over IPv4 (127.0.0.1), so the browser's address and the proxy's
 * differ in the session list.
 */

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;
if (!asRoot) console.log('tls-proxy.api.test.ts: skipped: it installs Caddy with apt-get and needs root.');

/**
 * The bullpen command as a league runs it in production, the compiled server (`npm run start:prod`, built by the
 * API tests' global setup): the one place this test names it.
 */
const bullpen = (...args: string[]): [string, string[]] => [
  process.execPath,
  ['--enable-source-maps', join(root, 'dist/server/bullpen.js'), ...args],
];

const HOST = 'bullpen.test';
const EMAIL = 'chief@example.com';
const PASSWORD = 'Proxy-chief-7731';
/** An address a client writes in X-Forwarded-For to pass for another: Caddy replaces it, Bullpen believes only Caddy. */
const SPOOFED = '203.0.113.9';
/** The browser's address, as the session list writes an IPv6 address: short (stored with every group in full). */
const BROWSER_ADDRESS = '::1';
const PROXY_ADDRESS = '127.0.0.1';

const chromiumArgs = [
  '--headless',
  ...CHROMIUM_FLAGS,
  // No DNS for the test's host name: the browser finds Caddy on IPv6 loopback.
  `--host-resolver-rules=MAP ${HOST} [::1]`,
];

// Each test drives Chromium, on 2 cores beside the other projects' tests.
describe.skipIf(!asRoot)('Bullpen behind Caddy on HTTPS (deploy/Caddyfile)', { timeout: 60_000 }, () => {
  // Made in beforeAll: a skipped suite's body runs too, its hooks do not.
  let dir = '';
  let accessLog = '';
  let restartServer: () => Promise<void>;
  let httpsPort = 0;
  let origin = '';
  let caddy: Started | undefined;
  let server: Started | undefined;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const timing = Date.now();
    dir = mkdtempSync(join(tmpdir(), 'bullpen-tls-proxy-'));
    accessLog = join(dir, 'access.log');
    await ensureCaddy();
    if (!existsSync(join(root, 'dist/web/index.html'))) {
      console.log('tls-proxy: dist/web is missing, building the web app (vite build, as npm run build does)');
      await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, maxBuffer: 1 << 24 });
    }
    const [bullpenPort, proxyPort, httpPort] = (await freePorts(3)) as [number, number, number];
    httpsPort = proxyPort;
    origin = `https://${HOST}:${httpsPort}`;

    // Production, on a fresh embedded database, with no demo accounts and no development mailbox.
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(bullpenPort),
      BULLPEN_DATA_DIR: join(dir, 'data'),
      BULLPEN_SECRET: randomBytes(32).toString('base64url'),
      BULLPEN_PUBLIC_URL: origin,
      BULLPEN_TRUST_PROXY: PROXY_ADDRESS,
      BULLPEN_DEMO: '0',
      // As docs/deploy.md sets it: well over Caddy's second between checks of /readyz.
      BULLPEN_DRAIN_SECONDS: '3',
    };
    // Bullpen (the superadmin first: the server holds the data folder), Caddy and Chromium start side by side.
    const bullpenReady = (async () => {
      const [node, createArgs] = bullpen('create-superadmin', '--email', EMAIL, '--password', PASSWORD);
      await run(node, createArgs, { env, cwd: root });
      server = start(...bullpen('serve'), env);
      await waitFor('Bullpen', server, async () => (await fetch(`http://127.0.0.1:${bullpenPort}/readyz`)).ok);
    })();
    // As `systemctl restart bullpen` does: SIGTERM, then the same command again once it has exited.
    restartServer = async () => {
      await stop(server);
      server = start(...bullpen('serve'), env);
      await waitFor('Bullpen', server, async () => (await fetch(`http://127.0.0.1:${bullpenPort}/readyz`)).ok);
    };
    const browserReady = chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs }).then((launched) => {
      browser = launched;
    });

    // The repository's Caddyfile as it is; what differs from a league's machine comes from its placeholders.
    mkdirSync(join(dir, 'caddy-home'));
    caddy = start('caddy', ['run', '--config', join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
      PATH: process.env.PATH,
      HOME: join(dir, 'caddy-home'),
      XDG_DATA_HOME: join(dir, 'caddy-data'),
      XDG_CONFIG_HOME: join(dir, 'caddy-config'),
      BULLPEN_HOST: HOST,
      BULLPEN_HTTPS_PORT: String(httpsPort),
      BULLPEN_HTTP_PORT: String(httpPort),
      BULLPEN_CADDY_ADMIN: `unix/${join(dir, 'caddy-admin.sock')}`,
      BULLPEN_CERT_ISSUER: 'internal',
      BULLPEN_UPSTREAM: `127.0.0.1:${bullpenPort}`,
      BULLPEN_ACCESS_LOG: accessLog,
    });
    // Both settled before a failure is thrown, so that afterAll finds the browser to close.
    for (const started of await Promise.allSettled([bullpenReady, browserReady])) {
      if (started.status === 'rejected') throw started.reason;
    }
    // Ready when Bullpen answers through it, on its certificate.
    await waitFor('Caddy', caddy, async () => (await httpsGet('::1', httpsPort, HOST, '/readyz')).status === 200);

    // A local certificate; and a header a client could send to pass for another address.
    context = await browser.newContext({ ignoreHTTPSErrors: true, extraHTTPHeaders: { 'x-forwarded-for': SPOOFED } });
    page = await context.newPage();
    console.log(`tls-proxy: Caddy, Bullpen and Chromium ready in ${((Date.now() - timing) / 1000).toFixed(1)} s`);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await stop(caddy);
    await stop(server);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('signs in through the proxy: the session cookie is __Secure-, and HSTS reaches the browser', async () => {
    const opened = await page.goto(`${origin}/login`);
    expect(opened?.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    const [signedIn] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email')),
      page.getByRole('button', { name: 'Sign In' }).click(),
    ]);
    expect(signedIn.status()).toBe(200);
    expect(signedIn.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await page.waitForURL(/\/dashboard$/);
    const session = (await context.cookies(origin)).find((c) => c.name.endsWith('session_token'));
    expect(session).toMatchObject({ name: '__Secure-bullpen.session_token', secure: true, httpOnly: true });
  });

  it("lists the browser's address in the sessions, not the proxy's nor a forged one", async () => {
    await page.getByRole('link', { name: 'Account' }).click();
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await sessions.getByText('This device').waitFor();
    // One session, its address on the line under the device.
    const text = (await sessions.textContent()) ?? '';
    expect(text).toContain(BROWSER_ADDRESS);
    expect(text).not.toContain('0000:');
    expect(text).not.toContain(PROXY_ADDRESS);
    expect(text).not.toContain(SPOOFED);
  });

  it('brings a live count to the page over a websocket through the proxy', async () => {
    const sockets: string[] = [];
    const pushed: string[] = [];
    page.on('websocket', (socket) => {
      sockets.push(socket.url());
      socket.on('framereceived', (frame) => pushed.push(String(frame.payload)));
    });
    const game = await gameToCount(page);

    // The Tigers' dugout counts live in this page.
    await page.goto(`${origin}/tracker`);
    await page.getByRole('combobox', { name: 'Team' }).click();
    await page.getByRole('option', { name: /^Tigers/ }).click();
    await page.getByRole('button', { name: `Open game of ${game.label} vs Lions` }).click();
    await page.getByRole('button', { name: 'Count live' }).click();
    await page.getByRole('combobox', { name: 'Pitcher' }).click();
    await page.getByRole('option', { name: /Riley Proxy/ }).click();
    await page.getByRole('group', { name: 'Taps' }).waitFor();
    await expect.poll(() => sockets).toContain(`wss://${HOST}:${new URL(origin).port}/graphql`);

    // The Lions' dugout, another device, counts the same pitcher: two pitches.
    const lions = await browser.newContext({ ignoreHTTPSErrors: true });
    const other = await lions.newPage();
    await other.goto(`${origin}/login`);
    const status = await other.evaluate(
      async (body) =>
        (
          await fetch('/api/auth/sign-in/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
        ).status,
      JSON.stringify({ email: EMAIL, password: PASSWORD }),
    );
    expect(status).toBe(200);
    const device = randomUUID();
    const events = ['new_batter', 'ball', 'strike'].map((kind, i) => ({
      id: randomUUID(),
      deviceId: device,
      seq: i + 1,
      at: new Date(Date.now() + i).toISOString(),
      gameId: game.gameId,
      bookTeamId: game.lionsId,
      pitcherId: game.pitcherId,
      kind,
    }));
    await graphql(
      other,
      'mutation ($input: SubmitPitchEventsInput!) { submitPitchEvents(input: $input) { counts { pitches } } }',
      { input: { events } },
    );
    await lions.close();

    // It arrives without a reload, pushed over the websocket.
    await expect
      .poll(() => page.getByRole('status', { name: 'Their count' }).textContent(), { timeout: 10_000 })
      .toBe('2');
    expect(pushed.some((message) => message.includes('"type":"next"') && message.includes('onGameCount'))).toBe(true);
  });

  it('keeps every request of a restart waiting for the new server, none failing (no 502 or 503)', async () => {
    const statuses: number[] = [];
    let restarting = true;
    const restarted = restartServer().finally(() => {
      restarting = false;
    });
    // A phone asking all along, and for 3 s more (Caddy checks /readyz every second).
    const until = { done: false };
    void restarted.then(() => setTimeout(() => Object.assign(until, { done: true }), 3000));
    while (restarting || !until.done) {
      // Caddy holds a request up to 30 s (lb_try_duration): the client waits longer.
      statuses.push((await httpsGet('::1', httpsPort, HOST, '/healthz', 35_000)).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await restarted;
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 90_000);

  it('keeps a coach counting and an admin editing through a restart: every POST lands, no error shows', async () => {
    // The live count of the test before is open in `page`: the Tigers' book of Riley Proxy. An admin edits the
    // organization in a second tab of the same browser, signed in there (a tab keeps its own session's state).
    const admin = await context.newPage();
    await admin.goto(`${origin}/login`);
    await admin.getByLabel('Email').fill(EMAIL);
    await admin.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await admin.waitForURL(/\/dashboard$/);
    await admin.goto(`${origin}/admin/organizations`);
    let name = 'Proxy Little League';
    await admin.getByRole('button', { name: `Edit ${name}`, exact: true }).waitFor();
    // Whatever the two tabs were shown that reads as a failure, kept as it appears (an alert, the sync bar's "Not sent").
    for (const tab of [page, admin]) {
      await tab.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { failures: string[] }).failures = seen;
        new MutationObserver(() => {
          for (const alert of document.querySelectorAll('[role="alert"]')) seen.push(alert.textContent ?? '');
          if (document.body.textContent?.includes('Not sent')) seen.push('Not sent');
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    }
    // The proxy's own 503s ("no server ready"), which the app sends again: Caddy 2.6 (Debian's) holds a GET for
    // a server but answers a POST so at once. Bullpen's own answers are marked served-by (decision 0053).
    const proxyAnswers: string[] = [];
    for (const tab of [page, admin]) {
      tab.on('response', (r) => {
        if (r.status() === 503 && r.headers()['served-by'] !== 'bullpen') proxyAnswers.push(r.url());
      });
    }
    const ours = page.getByRole('status', { name: 'Our count' });
    const before = Number(await ours.textContent());

    let restarting = true;
    const restarted = restartServer().finally(() => {
      restarting = false;
    });
    let taps = 0;
    let edits = 0;
    // Both at work for the whole restart, and 3 s after it (Caddy checks /readyz every second).
    const busy = async (work: () => Promise<void>) => {
      while (restarting) await work();
      const until = Date.now() + 3000;
      while (Date.now() < until) await work();
    };
    await Promise.all([
      busy(async () => {
        await page.getByRole('button', { name: 'Ball', exact: true }).click();
        taps++;
        await page.waitForTimeout(300);
      }),
      busy(async () => {
        await admin.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
        const edit = admin.getByRole('dialog', { name: 'Edit Organization' });
        name = `Proxy Little League ${++edits}`;
        await edit.getByRole('textbox', { name: 'Name' }).fill(name);
        await edit.getByRole('button', { name: 'Save' }).click();
        // Held while no server is ready: up to the proxy's 30 s, never an error.
        await edit.waitFor({ state: 'hidden', timeout: 35_000 });
      }),
    ]);
    await restarted;

    // Every tap counted once and sent; the last name saved; nothing read as a failure on either tab.
    await page.getByText('All sent').waitFor({ timeout: 35_000 });
    await expect.poll(async () => Number(await ours.textContent()), { timeout: 10_000 }).toBe(before + taps);
    for (const tab of [page, admin]) {
      expect(await tab.evaluate(() => (window as unknown as { failures: string[] }).failures)).toEqual([]);
    }
    await admin.reload();
    await admin.getByRole('rowheader', { name, exact: true }).waitFor();
    console.log(
      `tls-proxy: ${taps} taps, ${edits} edits across a restart; the proxy answered ${proxyAnswers.length} POSTs 503, sent again`,
    );
    expect(edits).toBeGreaterThan(1);
    // The restart was really met: without the app sending these again, the taps would read "Not sent" and the
    // edit would fail.
    expect(proxyAnswers.length).toBeGreaterThan(0);
    await admin.close();
  }, 120_000);

  it("compresses Bullpen's answers and logs each request with the browser's address, no cookie, no query", async () => {
    const encodings: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/graphql')) encodings.push(r.headers()['content-encoding'] ?? 'none');
    });
    // The live count's address carries the team and the game in its query string.
    expect(new URL(page.url()).search).toContain('game=');
    await page.reload();
    await page.getByRole('group', { name: 'Taps' }).waitFor();
    await expect.poll(() => encodings).toEqual(expect.arrayContaining([expect.stringMatching(/^(zstd|gzip)$/)]));

    const log = readFileSync(accessLog, 'utf8');
    const requests = log
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { request: { remote_ip: string; uri: string } }).request);
    expect(requests.find((r) => r.uri === '/api/auth/sign-in/email')?.remote_ip).toBe('::1');
    expect(requests.map((r) => r.uri)).toContain('/tracker?[query removed]');
    expect(requests.filter((r) => r.uri.includes('='))).toEqual([]);
    const token = (await context.cookies(origin)).find((c) => c.name.endsWith('session_token'))?.value ?? '?';
    expect(log).not.toContain(token.split('.')[0]);
    // Caddy warns at every start about a Caddyfile `caddy fmt` would change.
    expect(caddy?.output()).not.toContain('is not formatted');
  });
});

/** GraphQL from inside the page, as the web app sends it (same origin, the session's cookie). */
async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return res.json();
    },
    { query, variables },
  );
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

/**
 * A league with the Tigers and the Lions in an active season, Riley Proxy pitching for the Tigers, and their
 * game today; with how the tracker writes its date ('Sat, May 2').
 */
async function gameToCount(page: Page) {
  const id = async (mutation: string, input: Record<string, unknown>) => {
    const data = await graphql<Record<string, { id: string }>>(
      page,
      `mutation ($input: ${mutation[0]?.toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { id } }`,
      { input },
    );
    return data[mutation]?.id ?? '';
  };
  const organizationId = await id('createOrganization', { name: 'Proxy Little League' });
  const seasonId = await id('createSeason', {
    organizationId,
    name: 'Spring',
    startDate: (await dayIn(page, -30)).iso,
    endDate: (await dayIn(page, 60)).iso,
    state: 'active',
  });
  const leagueId = await id('createLeague', { organizationId, name: 'Majors' });
  const tigersId = await id('createTeam', { leagueId, seasonId, name: 'Tigers' });
  const lionsId = await id('createTeam', { leagueId, seasonId, name: 'Lions' });
  const pitcherId = await id('createPlayer', {
    organizationId,
    teamId: tigersId,
    firstName: 'Riley',
    lastName: 'Proxy',
    birthDate: '2014-05-01',
  });
  // Today in the league's time zone (the organization's default, America/New_York): the calendar holds, a game is
  // counted on its day, not before.
  const iso = dateIn(0);
  const date = { iso, label: await labelOf(page, iso) };
  const gameId = await id('createGame', {
    date: date.iso,
    startTime: '10:00',
    homeTeamId: tigersId,
    awayTeamId: lionsId,
  });
  return { gameId, lionsId, pitcherId, label: date.label };
}
