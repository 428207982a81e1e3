import { expect, type Page, test } from '@playwright/test';
import { PSEUDO_LOCALE } from '../../src/core/i18n/locales.ts';
import { sectionsFor } from '../../src/core/menu.ts';
import { paths, pitchLogPath, plateCardPath } from '../../src/core/paths.ts';
import type { Role } from '../../src/core/roles.ts';
import { signInToDashboard } from './fixtures.ts';

/**
 * Every route in the pseudo-locale (docs/i18n.md, Testing) on a 390 px phone: every letter of a
 * catalogue's message is accented there and every message 40 % longer, and dates are written in
 * Greek letters. So a plain ASCII letter on a page is either the league's own data (a name, an
 * email) or a sentence that skipped the catalogues; and a layout that cannot take a longer
 * language shows as text cut off or pushed off the screen.
 */
const PHONE = { width: 390, height: 844 };

/** The league's own words: every name the SuperAdmin can read, each word of it. */
async function dataWords(page: Page): Promise<Set<string>> {
  const lists = {
    listOrganizations: 'name timeZone',
    listLeagues: 'name',
    listSeasons: 'name organizationName',
    listTeams: 'name leagueName seasonName',
    listPlayers: 'firstName lastName',
    listUsers: 'email givenName familyName',
    listRestRules: 'name ageGroup organizationName',
    listGames: 'homeTeamName awayTeamName opponentName officialName leagueName seasonName withdrawnReason',
    listViolations: 'note opponent',
    listOutsideOutings: 'description',
  };
  // Names of products, written the same in every language (a session's browser and system).
  const words = new Set<string>([
    'Bullpen',
    'Chrome',
    'Chromium',
    'Firefox',
    'Safari',
    'Edge',
    'Android',
    'Windows',
    'Linux',
    'macOS',
    'iOS',
    'curl',
  ]);
  const walk = (value: unknown) => {
    if (typeof value === 'string') for (const word of value.match(/[A-Za-z]+/g) ?? []) words.add(word);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const [list, fields] of Object.entries(lists)) {
    let nextToken: string | null = null;
    do {
      const query = `query ($nextToken: String) { ${list}(limit: 200, nextToken: $nextToken) { items { ${fields} } nextToken } }`;
      const response = await page.request.post('/graphql', { data: { query, variables: { nextToken } } });
      const body = (await response.json()) as { data?: Record<string, { nextToken: string | null }>; errors?: unknown };
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      walk(body.data);
      nextToken = body.data?.[list]?.nextToken ?? null;
    } while (nextToken);
  }
  return words;
}

interface PageProblems {
  untranslated: string[];
  clipped: string[];
}

/** What on the page is plain ASCII (not through a catalogue) or does not fit, in the browser. */
function findProblems(): { texts: string[]; clipped: string[] } {
  const visible = (el: Element) =>
    (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
  // The language switch names each language in its own words, marked with its lang.
  const foreign = (el: Element) => el.closest('[lang]:not(html)') !== null;
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent?.trim();
    if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
    if (!visible(parent) || foreign(parent)) continue;
    texts.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
    if (!visible(el) || foreign(el)) continue;
    for (const name of ['aria-label', 'placeholder', 'title']) {
      const value = el.getAttribute(name)?.trim();
      if (value) texts.push(value);
    }
  }
  const clipped: string[] = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    clipped.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
  }
  const scrolls = (el: Element | null): boolean => {
    for (let at = el; at && at !== document.body; at = at.parentElement) {
      const overflow = getComputedStyle(at).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
    const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!ownText || !visible(el)) continue;
    // Text for screen readers only (Mantine's VisuallyHidden: a 1 px box) is meant to be out of sight.
    const seen = el.getBoundingClientRect();
    if (seen.width <= 2 || seen.height <= 2) continue;
    const style = getComputedStyle(el);
    const label = (el.textContent ?? '').trim().slice(0, 60);
    const hides = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
    if (hides && el.scrollWidth > el.clientWidth + 1) clipped.push(`cut off: "${label}"`);
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.right > width + 1 || box.left < -1) && !scrolls(el)) {
      clipped.push(`off the screen (${Math.round(box.left)}–${Math.round(box.right)} px): "${label}"`);
    }
  }
  return { texts, clipped };
}

async function check(page: Page, words: Set<string>, where: string): Promise<PageProblems> {
  // The page's data, not its loader, is what is checked.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[role="status"][aria-busy="true"], .mantine-Loader-root')).toHaveCount(0, {
    timeout: 15_000,
  });
  const { texts, clipped } = await page.evaluate(findProblems);
  // An address (a link to share), an id and a hash (the printed log's record and history digest) are not words.
  const wordsOf = (text: string) =>
    text
      .replace(/\bhttps?:\/\/\S+/g, '')
      // A game's history's digest names its chain: <organization>/game/<game> (decision 0054).
      .replace(/[0-9a-f-]{36}\/(?:game|player)\/[0-9a-f-]{36}/g, '')
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '')
      .replace(/\b[0-9a-f]{16,}\b/g, '')
      .match(/[A-Za-z]+/g) ?? [];
  const untranslated = [...new Set(texts.filter((text) => wordsOf(text).some((word) => !words.has(word))))];
  return {
    untranslated: untranslated.map((text) => `${where}: "${text}"`),
    clipped: clipped.map((problem) => `${where}: ${problem}`),
  };
}

async function inPseudoLocale(page: Page) {
  await page.evaluate((locale) => localStorage.setItem('bullpen.language', locale), PSEUDO_LOCALE);
}

/** A game of the signed-in user's and a team of theirs, for the routes that name one. */
async function aGameAndTeam(page: Page): Promise<{ gameId: string | null; teamId: string | null }> {
  const response = await page.request.post('/graphql', {
    data: { query: '{ listGames(limit: 1) { items { id } } listTeams(limit: 1) { items { id } } }' },
  });
  const body = (await response.json()) as {
    data?: { listGames: { items: { id: string }[] }; listTeams: { items: { id: string }[] } };
  };
  return { gameId: body.data?.listGames.items[0]?.id ?? null, teamId: body.data?.listTeams.items[0]?.id ?? null };
}

test.describe('the pseudo-locale on a 390 px phone', () => {
  let words: Set<string>;

  test.beforeAll(async ({ browser }, testInfo) => {
    // Words and layout are the browser's: one database is enough.
    test.skip(testInfo.project.name !== 'embedded', 'the words do not depend on the database');
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInToDashboard(page, 'superadmin@example.com');
    words = await dataWords(page);
    await context.close();
  });

  test('the pages before sign-in have every word from a catalogue, and nothing cut off', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(paths.login);
    await inPseudoLocale(page);
    const found: PageProblems = { untranslated: [], clipped: [] };
    for (const path of [paths.login, paths.forgotPassword, paths.official]) {
      await page.goto(path);
      const problems = await check(page, words, path);
      found.untranslated.push(...problems.untranslated);
      found.clipped.push(...problems.clipped);
    }
    expect(found).toEqual({ untranslated: [], clipped: [] });
    await context.close();
  });

  for (const [email, roles] of [
    ['superadmin@example.com', ['SuperAdmin']],
    ['admin@example.com', ['admin']],
    ['coach@example.com', ['coach']],
    ['parent@example.com', ['parent']],
  ] as [string, Role[]][]) {
    test(`every page of ${email} has every word from a catalogue, and nothing cut off`, async ({ browser }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await signInToDashboard(page, email);
      const { gameId, teamId } = await aGameAndTeam(page);
      await inPseudoLocale(page);
      const routes = new Set<string>([
        paths.dashboard,
        paths.account,
        ...sectionsFor(roles).flatMap((section) => section.items.map((item) => item.path)),
      ]);
      if (gameId) routes.add(pitchLogPath(gameId));
      if (teamId && roles.some((role) => role !== 'parent')) routes.add(plateCardPath(teamId));
      const found: PageProblems = { untranslated: [], clipped: [] };
      for (const path of routes) {
        await page.goto(path);
        const problems = await check(page, words, path);
        found.untranslated.push(...problems.untranslated);
        found.clipped.push(...problems.clipped);
      }
      expect(found).toEqual({ untranslated: [], clipped: [] });
      await context.close();
    });
  }

  test('the check finds English that skipped the catalogues', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(paths.login);
    await inPseudoLocale(page);
    await page.goto(paths.login);
    // Drawn by React in the pseudo-locale first (its heading accented): the prerendered English page is replaced,
    // and a line planted in it would go with it.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(/[^\x20-\x7e]/);
    await page.evaluate(() => {
      const line = document.createElement('p');
      line.textContent = 'Pitch count';
      document.querySelector('main')?.append(line);
    });
    const problems = await check(page, words, 'planted');
    expect(problems.untranslated).toEqual(['planted: "Pitch count"']);
    await context.close();
  });
});
