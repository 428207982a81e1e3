import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { pdfText } from '../../src/server/testing/pdf-text.ts';
import { failOnConsoleErrors, seriousViolations, signInToDashboard } from './fixtures.ts';

/**
 * The pitch log: the Tigers' coach opens a past game of the demo in the tracker, opens its
 * pitch log, finds each pitcher's count as the game's panel showed it, prints it (no app header or
 * menu on paper), downloads the PDF of the same log, and reads it on a phone.
 */

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Opens the oldest game of the team (a past demo game, with outings of both teams) and its first outing; every
 * game is listed first, as the other browser tests' games are newer than the demo's.
 */
async function openPastGame(page: Page) {
  const all = page.getByRole('button', { name: /^Show all \d+ games$/ });
  await expect(page.getByRole('button', { name: /^Open game of / }).first()).toBeVisible();
  if (await all.isVisible()) await all.click();
  // A phone lists the games and outings as cards.
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    const open = page.getByRole('list', { name: 'Games' }).getByRole('button', { name: /^Open game of / });
    await expect(open.first()).toBeVisible();
    await open.last().click();
    const card = page.getByRole('list', { name: 'Outings' }).getByRole('listitem').first();
    const pitcher = squash((await card.getByRole('heading').textContent()) ?? '');
    const pitches = /(\d+) pitch/.exec((await card.textContent()) ?? '')?.[1] ?? '';
    expect(pitcher).not.toBe('');
    expect(pitches).toMatch(/^\d+$/);
    return { pitcher, pitches };
  }
  const games = page.getByRole('table', { name: 'Games' });
  const open = games.getByRole('button', { name: /^Open game of / });
  await expect(open.first()).toBeVisible();
  await open.last().click();
  const outing = page.getByRole('table', { name: 'Outings' }).getByRole('row').nth(1);
  const pitcher = squash((await outing.getByRole('rowheader').textContent()) ?? '');
  const pitches = squash((await outing.getByRole('cell').first().textContent()) ?? '');
  expect(pitcher).not.toBe('');
  expect(pitches).toMatch(/^\d+$/);
  return { pitcher, pitches };
}

const logRow = (page: Page, pitcher: string) =>
  page
    .getByRole('table', { name: 'Pitch log' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: pitcher, exact: true }) });

test.describe('Pitch log', () => {
  test('the coach opens a past game’s pitch log, prints it and downloads its PDF', async ({ page }) => {
    test.setTimeout(60_000);
    const noErrors = failOnConsoleErrors(page);
    await signInToDashboard(page, 'coach@example.com');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Log Pitch Outing' }).click();
    const { pitcher, pitches } = await openPastGame(page);

    await page.getByRole('link', { name: /^Pitch log of / }).click();
    await expect(page).toHaveURL(/\/tracker\/games\/[0-9a-f-]+\/log\?team=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pitch Log' })).toBeVisible();
    const row = logRow(page, pitcher);
    await expect(row).toHaveCount(1);
    // Team, then Pitches: the count the game's panel showed.
    await expect(row.getByRole('cell').nth(1)).toHaveText(pitches);
    await expect(row.getByRole('cell').first()).toHaveText('Tigers');
    // Both dugouts' pitchers are on the log, and both managers sign it.
    const teams = await page.getByRole('table', { name: 'Pitch log' }).getByRole('row').allTextContents();
    expect(teams.filter((text) => text.startsWith('Tigers')).length).toBeGreaterThan(0);
    expect(teams.filter((text) => !text.startsWith('Tigers') && !text.startsWith('Team')).length).toBeGreaterThan(0);
    await expect(page.getByText(/^Home manager \(/)).toBeVisible();
    await expect(page.getByText(/^Visiting manager \(/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Print: window.print is called; on paper, no header, menu or buttons; the log and signatures stay.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Download PDF' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Pitch Log' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pitch log' })).toBeVisible();
    await expect(page.getByText(/^Home manager \(/)).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // The PDF: the server's file of the same log, with the same pitcher.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^pitch-log-.+\.pdf$/);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = squash(pdfText(pdf));
    expect(text).toContain(pitcher);
    expect(text).toContain('Home manager');

    // Back to the same game in the tracker.
    await page.getByRole('link', { name: /Back to Log Pitch Outing/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Game of / })).toBeVisible();
    noErrors();
  });

  test('the pitch log reads on a phone: the table scrolls in its box, the page does not', async ({ browser }) => {
    await phoneCheck(browser);
  });
});

async function phoneCheck(browser: Browser) {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const noErrors = failOnConsoleErrors(page);
  await signInToDashboard(page, 'coach@example.com');
  await page.goto('/tracker');
  const { pitcher } = await openPastGame(page);
  await page.getByRole('link', { name: /^Pitch log of / }).click();
  await expect(logRow(page, pitcher)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  noErrors();
  await phone.close();
}
