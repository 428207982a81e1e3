import { type Browser, expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, seriousViolations, signInToDashboard } from './fixtures.ts';
import { freeDay, gameAgainstLions, graphql, openGame, pick, tap } from './game-helpers.ts';

/**
 * Live counting at the field (decision 0016): the Tigers' coach counts a game pitch by
 * pitch, loses the connection, keeps counting, reloads the page offline (the service worker opens
 * it, the taps wait in IndexedDB), and every pitch reaches the server exactly once when the
 * connection returns. Then two dugouts count the same pitcher and see each other's count and the
 * discrepancy within seconds (the Lions' side counted by the organization's admin).
 */

// Without a connection the browser logs each failed request and socket: expected here.
const OFFLINE_NOISE = [/ERR_INTERNET_DISCONNECTED/, /WebSocket/i, /Failed to fetch/, /ERR_NETWORK_CHANGED/];

interface Book {
  pitcherId: string;
  pitcherName: string;
  bookTeamId: string;
  pitches: number;
  batters: number;
  intentionalWalks: number;
}

async function gameCounts(page: Page, gameId: string): Promise<Book[]> {
  const { gameCounts } = await graphql<{ gameCounts: Book[] }>(
    page,
    'query ($gameId: ID!) { gameCounts(gameId: $gameId) { pitcherId pitcherName bookTeamId pitches batters intentionalWalks } }',
    { gameId },
  );
  return gameCounts;
}

/**
 * Chooses the `index`th of the pitchers the list marks available and answers their name as the list writes
 * it ('#7 Riley Rivera', without the mark: '· Available, 85 pitches left today').
 */
async function choosePitcher(page: Page, index: number): Promise<string> {
  await page.getByRole('combobox', { name: 'Pitcher' }).click();
  const option = page.getByRole('option', { name: / · Available/ }).nth(index);
  const name = ((await option.textContent()) ?? '').split(' · ')[0] ?? '';
  await option.click();
  await expect(page.getByRole('group', { name: 'Taps' })).toBeVisible();
  return name;
}

/** A past day of the demo season (the calendar holds) with no Tigers game yet: each test its own. */
const DAYS = [-2, -4, -5, -6, -8, -9, -10, -12, -13];

const count = (page: Page) => page.getByRole('status', { name: 'Pitch count' });

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

test.describe
  .serial('Live count', () => {
    test('counts offline, survives a reload without a connection, and every pitch arrives once', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const { context, page } = await phone(browser);
      const noErrors = failOnConsoleErrors(page, OFFLINE_NOISE);
      await signInToDashboard(page, 'coach@example.com');
      const { gameId, tigers, day } = await gameAgainstLions(page, await freeDay(page, DAYS));

      await page.goto('/tracker');
      // The service worker must control the page before the connection goes.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      await openGame(page, `Open game of ${day.label} vs Lions`);
      await page.getByRole('button', { name: 'Count live' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Live count' })).toBeVisible();
      const pitcher = await choosePitcher(page, 0);
      await expect(page.getByText('Tigers pitcher', { exact: true })).toBeVisible();

      // Online: each tap counts at once and is sent.
      await tap(page, 'New batter', 'Ball', 'Strike', 'Foul');
      await expect(count(page)).toHaveText('3');
      // 'All sent' can be the text from before the taps: the server's count says they arrived.
      await expect
        .poll(async () => (await gameCounts(page, gameId)).find((b) => b.bookTeamId === tigers.id)?.pitches)
        .toBe(3);
      await expect(page.getByText('All sent')).toBeVisible();
      await expect(page.getByText('Batters faced: 1')).toBeVisible();

      // The buttons are big enough for a thumb, and the page does not scroll sideways on a phone.
      for (const label of ['Ball', 'Strike', 'Foul', 'In play', 'New batter', 'Intentional walk', 'Undo']) {
        const box = await page.getByRole('button', { name: label, exact: true }).boundingBox();
        expect(box?.height ?? 0, label).toBeGreaterThanOrEqual(56);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);

      // Offline: the taps count on screen and wait in the browser.
      await context.setOffline(true);
      await tap(page, 'Ball', 'In play', 'New batter', 'Strike', 'Ball', 'Undo');
      await expect(count(page)).toHaveText('6');
      await expect(page.getByText('6 waiting')).toBeVisible();
      await expect(page.getByText('Offline: taps are kept here')).toBeVisible();
      await expect(page.getByText('Last tap: Undo (Ball)')).toBeVisible();

      // A reload without a connection: the service worker opens the app, IndexedDB still has it all.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Live count' })).toBeVisible();
      await expect(count(page)).toHaveText('6');
      await expect(page.getByText('6 waiting')).toBeVisible();
      await expect(page.getByText('Batters faced: 2')).toBeVisible();
      await tap(page, 'Foul');
      await expect(count(page)).toHaveText('7');
      await expect(page.getByText('7 waiting')).toBeVisible();
      // Nothing reached the server meanwhile.
      await context.setOffline(false);
      // Back online: everything waiting is sent on reconnect, once.
      await expect(page.getByText('All sent')).toBeVisible({ timeout: 15_000 });
      await expect(count(page)).toHaveText('7');
      const official = (await gameCounts(page, gameId)).find((b) => b.bookTeamId === tigers.id);
      expect(official).toMatchObject({ pitches: 7, batters: 2, intentionalWalks: 0 });
      expect(pitcher).toContain(official?.pitcherName ?? '?');

      // Sending again changes nothing (every tap already stored: duplicates).
      await page.getByRole('button', { name: 'Sync now' }).click();
      await expect(page.getByText('All sent')).toBeVisible();
      expect((await gameCounts(page, gameId)).find((b) => b.bookTeamId === tigers.id)?.pitches).toBe(7);
      noErrors();
      await context.close();
    });

    test('waiting taps survive a sign-out and an expired session, and go when the same user signs in again', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const { context, page } = await phone(browser);
      const noErrors = failOnConsoleErrors(page, OFFLINE_NOISE);
      await signInToDashboard(page, 'coach@example.com');
      const { gameId, tigers, day } = await gameAgainstLions(page, await freeDay(page, DAYS));
      await page.goto('/tracker');
      await openGame(page, `Open game of ${day.label} vs Lions`);
      await page.getByRole('button', { name: 'Count live' }).click();
      await choosePitcher(page, 2);
      const live = page.url();
      await tap(page, 'New batter', 'Ball', 'Strike');
      // Sent before the connection goes ('All sent' alone can be the text from before the taps).
      await expect
        .poll(async () => (await gameCounts(page, gameId)).find((b) => b.bookTeamId === tigers.id)?.pitches)
        .toBe(2);
      await expect(page.getByText('All sent')).toBeVisible();

      // Signing out without a connection: the app tries to send, cannot, and says the taps stay.
      await context.setOffline(true);
      await tap(page, 'Ball', 'Ball', 'Foul');
      await expect(page.getByText('3 waiting')).toBeVisible();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      const warning = page.getByRole('dialog', { name: 'Taps not sent yet' });
      await expect(
        warning.getByText('3 taps are not sent yet: they stay on this device and are sent when you sign in again'),
      ).toBeVisible();
      await warning.getByRole('button', { name: 'Sign out anyway' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await context.setOffline(false);
      expect((await gameCounts(page, gameId)).find((b) => b.bookTeamId === tigers.id)?.pitches).toBe(2);

      // The same user signs in again: the taps go (on app start, before any page asks).
      await signInToDashboard(page, 'coach@example.com');
      await expect
        .poll(async () => (await gameCounts(page, gameId)).find((b) => b.bookTeamId === tigers.id)?.pitches)
        .toBe(5);

      // A session that ends while taps wait (here: its cookie is gone): the app sends the user to
      // sign in, the taps stay, and go after signing in again.
      await page.goto(live);
      await expect(count(page)).toHaveText('5');
      await expect(page.getByText('All sent')).toBeVisible();
      await context.setOffline(true);
      await tap(page, 'Strike', 'In play');
      await expect(page.getByText('2 waiting')).toBeVisible();
      await context.clearCookies();
      await context.setOffline(false);
      await expect(page).toHaveURL(/\/login\?reason=/, { timeout: 20_000 });
      await signInToDashboard(page, 'coach@example.com');
      await expect
        .poll(async () => (await gameCounts(page, gameId)).find((b) => b.bookTeamId === tigers.id)?.pitches)
        .toBe(7);
      await page.goto(live);
      await expect(count(page)).toHaveText('7');
      await expect(page.getByText('All sent')).toBeVisible();
      noErrors();
      await context.close();
    });

    test('both dugouts count the same pitcher: each sees the other’s count and the discrepancy', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      // The Tigers' dugout: their coach.
      const home = await browser.newContext();
      const coach = await home.newPage();
      const coachErrors = failOnConsoleErrors(coach);
      await signInToDashboard(coach, 'coach@example.com');
      const { day, tigers } = await gameAgainstLions(coach, await freeDay(coach, DAYS));
      await coach.goto('/tracker');
      await openGame(coach, `Open game of ${day.label} vs Lions`);
      await coach.getByRole('button', { name: 'Count live' }).click();
      const pitcher = await choosePitcher(coach, 1);

      // The Lions' dugout: the organization's admin counts in the Lions' book.
      const away = await browser.newContext();
      const admin = await away.newPage();
      const adminErrors = failOnConsoleErrors(admin);
      await signInToDashboard(admin, 'admin@example.com');
      await admin.goto('/tracker');
      await pick(admin, 'Team', `Lions (Majors, ${tigers.seasonName})`);
      await openGame(admin, `Open game of ${day.label} @ Tigers`);
      await admin.getByRole('button', { name: 'Count live' }).click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Live count' })).toBeFocused();
      expect(await seriousViolations(admin)).toEqual([]);
      await admin.getByRole('radiogroup', { name: 'Whose pitcher' }).getByText('Tigers pitcher').click();
      await pick(admin, 'Pitcher', pitcher);
      await expect(admin.getByText('Tigers pitcher', { exact: true })).toBeVisible();
      await expect(admin.getByText('Lions book', { exact: false })).toBeVisible();

      const ours = (page: Page) => page.getByRole('status', { name: 'Our count' });
      const theirs = (page: Page) => page.getByRole('status', { name: 'Their count' });
      const within = { timeout: 3000 };

      await tap(coach, 'New batter', 'Ball', 'Strike', 'Ball');
      await expect(ours(coach)).toHaveText('3');
      await expect(theirs(admin)).toHaveText('3', within);
      await expect(admin.getByText('Counts differ by 3')).toBeVisible();

      await tap(admin, 'New batter', 'Ball', 'Strike');
      await expect(ours(admin)).toHaveText('2');
      await expect(theirs(coach)).toHaveText('2', within);
      await expect(coach.getByText('Counts differ by 1')).toBeVisible(within);
      await expect(admin.getByText('Counts differ by 1')).toBeVisible(within);
      expect(await seriousViolations(coach)).toEqual([]);

      await tap(admin, 'Ball');
      await expect(theirs(coach)).toHaveText('3', within);
      await expect(coach.getByText('Counts agree')).toBeVisible(within);
      await expect(admin.getByText('Counts agree')).toBeVisible(within);

      coachErrors();
      adminErrors();
      await home.close();
      await away.close();
    });
  });
