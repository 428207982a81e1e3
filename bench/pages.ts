// What a phone downloads to open a page, and Lighthouse's mobile run (docs/performance.md), against a running
// Bullpen. Chromium is Debian's (/usr/bin/chromium); Playwright and Lighthouse never download one here.
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type BrowserContextOptions, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../test/chromium.ts';

const CHROMIUM = CHROMIUM_PATH;
const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/**
 * The bytes a cold browser fetches to show `path` (the document, scripts, styles, fonts and
 * images), each gzipped at level 9 as a compressing proxy or CDN would send it.
 */
export async function pageWeight(
  base: string,
  path: string,
  account?: { email: string; password: string },
): Promise<{ path: string; files: number; kb: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS.slice(1) });
  try {
    // Signed in as a person is, in one context; measured in a second one with that session only.
    // The tab keeps the roles in sessionStorage (src/web/lib/session-store.ts), so they are carried over as a
    // reload would.
    let storageState: BrowserContextOptions['storageState'];
    let sessionEntries: [string, string][] = [];
    if (account) {
      const signing = await browser.newContext();
      const page = await signing.newPage();
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      storageState = await signing.storageState();
      sessionEntries = await page.evaluate(() => Object.entries(sessionStorage));
      await signing.close();
    }
    // The service worker's precache downloads after the page is up; it is not the page's weight.
    const context = await browser.newContext({ storageState, serviceWorkers: 'block' });
    await context.addInitScript((entries) => {
      for (const [key, value] of entries) sessionStorage.setItem(key, value);
    }, sessionEntries);
    const page = await context.newPage();
    const bodies: Promise<{ type: string; url: string; gzipped: number } | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (['document', 'script', 'stylesheet', 'font', 'image', 'manifest'].includes(type)) {
        bodies.push(
          response.body().then(
            (body) => ({ type, url: response.url(), gzipped: gzipSync(body, { level: 9 }).length }),
            () => null,
          ),
        );
      }
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    const landed = new URL(page.url()).pathname;
    if (landed !== path) throw new Error(`${path} ended on ${landed}`);
    const files = (await Promise.all(bodies)).filter((f) => f !== null);
    const total = files.reduce((sum, f) => sum + f.gzipped, 0);
    return { path, files: files.length, kb: total / 1024 };
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run: its performance score (0 to 1; null when it gave none, `error` says why), paints in ms. */
export interface Lighthouse {
  score: number | null;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  formFactor: string;
  error: string | undefined;
}

/** Lighthouse's default (mobile: a mid-range phone on slow 4G, simulated), performance only. */
export async function lighthouseMobile(url: string): Promise<Lighthouse> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      score: lhr.categories.performance?.score ?? null,
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      formFactor: lhr.configSettings.formFactor,
      error: lhr.runtimeError?.code,
    };
  } finally {
    await chrome.kill();
  }
}
