import { type Browser, expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, seriousViolations, signInToDashboard } from './fixtures.ts';
import { after, openGame, restedDay } from './game-helpers.ts';

/**
 * Log Pitch Outing: the Tigers' coach creates a game against an outside opponent on a past day with no other
 * Tigers game (the calendar holds), logs two rested
 * pitchers from the paper log and reads the rest each owes; the league's admin sees the live
 * preview; and the screen works on a phone. The game's opponent is unique to the run.
 */

/** A calendar date `days` from the browser's today, and how the screen writes it ('Sat, May 2'). */
function dayIn(page: Page, days: number) {
  return page.evaluate((n) => {
    const now = new Date();
    const date = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + n));
    const iso = date.toISOString().slice(0, 10);
    const label = new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(date);
    return { iso, label };
  }, days);
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

const outingRow = (page: Page, player: string) =>
  page
    .getByRole('table', { name: 'Outings' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: player, exact: true }) });

const stamp = Date.now();
const opponent = `Harbor Pirates ${stamp}`;

test.describe
  .serial('Log Pitch Outing', () => {
    let gameDay: { iso: string; label: string };
    let first = '';
    let second = '';
    let third = '';

    test('the coach creates a game and logs two pitchers; the table shows the rest each owes', async ({ page }) => {
      test.setTimeout(90_000);
      const noErrors = failOnConsoleErrors(page);
      await signInToDashboard(page, 'coach@example.com');
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Log Pitch Outing' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Log Pitch Outing' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Team' })).toHaveValue(/^Tigers \(Majors, /);
      await expect(page.getByRole('heading', { level: 2, name: 'Games' })).toBeVisible();

      // A past day (the calendar holds) within the league's two weeks to confirm (test/e2e/global-setup.ts).
      // Three Tigers who have not pitched around that day.
      const found = await restedDay(page, [-5, -6, -8, -9, -10, -12, -13, -7, -11, -4, -3], 3);
      gameDay = found.day;
      [first, second, third] = found.rested as [string, string, string];
      await page.getByRole('button', { name: '+ New Game' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Game' });
      await expect(dialog.getByLabel('Date')).toHaveValue((await dayIn(page, 0)).iso);
      await dialog.getByLabel('Date').fill(gameDay.iso);
      await dialog.getByLabel('Start time').fill('17:30');
      await expect(dialog.getByRole('radio', { name: 'Home' })).toBeChecked();
      await pick(page, 'Opponent team', 'Outside opponent');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Choose the other team or name the outside opponent');
      await dialog.getByRole('textbox', { name: 'Opponent name' }).fill(opponent);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();

      // The new game opens by itself, its heading focused.
      const heading = page.getByRole('heading', { level: 2, name: `Game of ${gameDay.label} vs ${opponent}` });
      await expect(heading).toBeFocused();
      await expect(page.getByRole('button', { name: `Open game of ${gameDay.label} vs ${opponent}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByText('No outings recorded for this game yet.')).toBeVisible();

      // Two of them, as the Player select names them.
      await page.getByRole('combobox', { name: 'Player' }).click();
      await expect(page.getByRole('option', { name: first, exact: true })).toBeVisible();
      await expect(page.getByRole('option', { name: second, exact: true })).toBeVisible();
      await page.keyboard.press('Escape');

      // 70 pitches, the last batter started at 66: the 66+ tier, 4 days of rest; eligible on day 5.
      await pick(page, 'Player', first);
      await page.getByRole('textbox', { name: 'Pitches', exact: true }).fill('70');
      await page.getByRole('textbox', { name: 'Pitches before last batter' }).fill('66');
      const pitched = page.getByRole('group', { name: 'Innings pitched' });
      for (const inning of [1, 2, 3, 4]) await pitched.getByText(String(inning), { exact: true }).click();
      await page.getByRole('textbox', { name: 'Outs' }).fill('12');
      // The preview runs the rule the team plays by, for the coach too.
      const preview = page.getByRole('region', { name: 'Rest preview' });
      await expect(preview).toContainText('Daily max: 85');
      await expect(preview).toContainText('Rest owed: 4 days');
      await page.getByRole('button', { name: 'Save outing' }).click();
      await expect(page.getByText(`Saved: ${first}.`)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Pitches', exact: true })).toHaveValue('');
      const day5 = await after(page, gameDay.iso, 5);
      await expect(outingRow(page, first)).toContainText('4 days');
      await expect(outingRow(page, first)).toContainText(day5.label);
      await expect(outingRow(page, first)).toContainText('1, 2, 3, 4');
      await expect(outingRow(page, first)).toContainText('Casey Coach');

      // 30 pitches: 21-35, 1 day of rest; eligible on day 2.
      await pick(page, 'Player', second);
      await page.getByRole('textbox', { name: 'Pitches', exact: true }).fill('30');
      await page.getByRole('button', { name: 'Save outing' }).click();
      await expect(page.getByText(`Saved: ${second}.`)).toBeVisible();
      const day2 = await after(page, gameDay.iso, 2);
      await expect(outingRow(page, second)).toContainText('1 day');
      await expect(outingRow(page, second)).toContainText(day2.label);

      // A recorded pitcher is no longer offered; the games list counts the outings.
      await page.getByRole('combobox', { name: 'Player' }).click();
      await expect(page.getByRole('option', { name: first, exact: true })).toHaveCount(0);
      await page.keyboard.press('Escape');
      const gameRow = page.getByRole('table', { name: 'Games' }).getByRole('row').filter({ hasText: opponent });
      await expect(gameRow.getByRole('cell').nth(3)).toHaveText('2');

      // The server keeps pitch counts: a game with outings is withdrawn, never deleted, and only by an admin.
      await page.getByRole('button', { name: `Delete game of ${gameDay.label} vs ${opponent}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Withdraw Game' });
      await expect(confirm.getByText(/^This game holds pitch counts, so it is withdrawn, not deleted/)).toBeVisible();
      await confirm.getByRole('textbox', { name: 'Reason' }).fill('Entered twice');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(confirm.getByRole('alert')).toContainText('only a league admin can move or withdraw it');
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      expect(await seriousViolations(page)).toEqual([]);
      noErrors();
    });

    test('the league admin sees the rest preview and the daily max warning as they type', async ({ page }) => {
      const noErrors = failOnConsoleErrors(page);
      await signInToDashboard(page, 'admin@example.com');
      await page.goto('/tracker');
      await pick(page, 'Team', /^Tigers \(Majors, /);
      await openGame(page, `Open game of ${gameDay.label} vs ${opponent}`);
      await page.getByRole('combobox', { name: 'Player' }).click();
      await page.getByRole('option', { name: third, exact: true }).click();
      const preview = page.getByRole('region', { name: 'Rest preview' });
      await page.getByRole('textbox', { name: 'Pitches', exact: true }).fill('50');
      await expect(preview).toContainText('Rest owed: 2 days');
      await expect(preview).toContainText(`Next eligible: ${(await after(page, gameDay.iso, 3)).label}`);
      await expect(preview).toContainText('Daily max: 85');
      await page.getByRole('textbox', { name: 'Pitches', exact: true }).fill('90');
      await expect(preview).toContainText('Rest owed: 4 days');
      await expect(preview).toContainText('the daily max at age');
      await expect(preview).toContainText('The record must be true: it will be saved and reported as a violation.');
      expect(await seriousViolations(page)).toEqual([]);
      noErrors();
    });

    test('works on a phone: the page never scrolls sideways, the form is in reach', async ({ browser }) => {
      const { page, close } = await phone(browser);
      const noErrors = failOnConsoleErrors(page);
      await signInToDashboard(page, 'coach@example.com');
      await page.goto('/tracker');
      await openGame(page, `Open game of ${gameDay.label} vs ${opponent}`);
      await expect(
        page.getByRole('heading', { level: 2, name: `Game of ${gameDay.label} vs ${opponent}` }),
      ).toBeVisible();
      // On a phone the outings are cards: the name, pitches, rest and next eligible date in sight, none cut off.
      const cards = page.getByRole('list', { name: 'Outings' }).getByRole('listitem');
      await expect(cards).toHaveCount(2);
      for (const card of await cards.all()) {
        await expect(card).toContainText(/Rest owed: \d+ days? · Next eligible: /);
        const edge = await card.boundingBox();
        expect((edge?.x ?? 0) + (edge?.width ?? 0)).toBeLessThanOrEqual(375);
      }
      // The games are cards too: the opponent and Edit in sight.
      const game = page
        .getByRole('list', { name: 'Games' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: `Open game of ${gameDay.label} vs ${opponent}` }) });
      await expect(game).toContainText(`vs ${opponent}`);
      const edit = await game.getByRole('button', { name: /^Edit game of / }).boundingBox();
      expect((edit?.x ?? 0) + (edit?.width ?? 0)).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const save = page.getByRole('button', { name: 'Save outing' });
      await save.scrollIntoViewIfNeeded();
      const box = await save.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      const pitches = page.getByRole('textbox', { name: 'Pitches', exact: true });
      const field = await pitches.boundingBox();
      expect((field?.x ?? 0) + (field?.width ?? 0)).toBeLessThanOrEqual(375);
      // Each card holds its outing's actions.
      const correct = page.getByRole('button', { name: /^Correct outing of / }).first();
      await correct.scrollIntoViewIfNeeded();
      await correct.click();
      const dialog = page.getByRole('dialog', { name: 'Correct outing' });
      await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect(await seriousViolations(page)).toEqual([]);
      noErrors();
      await close();
    });
  });

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}
