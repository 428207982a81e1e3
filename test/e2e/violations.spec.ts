import { expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, seriousViolations, signInToDashboard } from './fixtures.ts';
import { pitchTooSoon } from './game-helpers.ts';

async function openViolations(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'View Violations' }).click();
  await expect(page).toHaveURL(/\/admin\/violations/);
  await expect(page.getByRole('heading', { level: 1, name: 'View Violations' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveValue('Riverside Youth Baseball');
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('View Violations', () => {
  test('a league admin finds a violation by team, acknowledges and resolves it with notes', async ({ page }) => {
    test.slow(); // Sets up games and outings, with accessibility scans.
    const noErrors = failOnConsoleErrors(page);
    await signInToDashboard(page, 'admin@example.com');
    // On past days of the season (the calendar holds), by a player the demo's rotation never pitches.
    const made = await pitchTooSoon(page, { days: -36, nth: -1, opponent: 'E2E Visitors' });
    await openViolations(page);
    await choose(page, 'Team', 'Tigers (Majors)');
    await choose(page, 'Rule broken', 'Pitched before eligible');

    const table = page.getByRole('table', { name: 'Violations' });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: made.player, exact: true }) })
      .filter({ hasText: 'Pitched before eligible' })
      .filter({ hasText: 'vs E2E Visitors' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText('TigersMajors');
    await expect(row.getByText('Open', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').nth(6)).toHaveText('—');
    // Every row shown is the Tigers'.
    await expect(table.getByRole('row').filter({ hasText: 'Minors' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Acknowledge: a note is required.
    const acknowledge = row.getByRole('button', {
      name: new RegExp(`^Acknowledge ${made.player}, .+, Pitched before eligible$`),
    });
    await acknowledge.click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge violation' });
    await expect(dialog.getByText(`${made.player}, `, { exact: false }).first()).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(dialog.getByText('Add a note: what was done about it')).toBeVisible();
    await expect(dialog).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Coach reminded of the 4 days of rest.');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Acknowledged', { exact: true })).toBeVisible();
    await expect(row.getByText(/^Alex Admin, /)).toBeVisible();
    await expect(row.getByText('Coach reminded of the 4 days of rest.')).toBeVisible();

    // Resolve, by keyboard.
    const resolve = row.getByRole('button', { name: new RegExp(`^Resolve ${made.player}, `) });
    await resolve.focus();
    await page.keyboard.press('Enter');
    const resolveDialog = page.getByRole('dialog', { name: 'Resolve violation' });
    await expect(resolveDialog.getByRole('textbox', { name: 'Note' })).toHaveValue('');
    await page.keyboard.type('Pitcher sat out the next game.');
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab'); // Resolve
    await page.keyboard.press('Enter');
    await expect(resolveDialog).toBeHidden();
    await expect(row.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(row.getByText(/^Alex Admin, .*\d/)).toBeVisible();
    await expect(row.getByText('Pitcher sat out the next game.')).toBeVisible();
    await expect(row.getByRole('button')).toHaveText(['Reopen']);

    // The State filter: no longer among the open ones.
    await choose(page, 'State', 'Open');
    await expect(row).toHaveCount(0);
    await choose(page, 'State', 'Resolved');
    await expect(row).toHaveCount(1);
    noErrors();
  });

  test('works on a phone: the filters stack, each violation is a card with its actions in reach', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const noErrors = failOnConsoleErrors(page);
    await signInToDashboard(page, 'admin@example.com');
    await page.goto('/admin/violations');
    await expect(page.getByRole('heading', { level: 1, name: 'View Violations' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Violations' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Violations' })).toHaveCount(0);
    // Each card's first action is on screen, not scrolled away sideways.
    const action = cards.first().getByRole('button').first();
    const box = await action.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    noErrors();
    await context.close();
  });
});
