import { expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, seriousViolations, signInToDashboard } from './fixtures.ts';

async function openOrganizations(page: Page) {
  await signInToDashboard(page, 'superadmin@example.com');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Manage Organizations' }).click();
  await expect(page).toHaveURL(/\/admin\/organizations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Organization Management' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Riverside Youth Baseball' })).toBeVisible();
}

async function addOrganization(page: Page, name: string) {
  await page.getByRole('button', { name: '+ Add Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Organization' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('rowheader', { name, exact: true })).toBeVisible();
}

test.describe('Organization Management', () => {
  test('a SuperAdmin adds, renames, gives admins to and deletes an organization', async ({ page }) => {
    test.slow(); // A long walk with accessibility scans.
    const noErrors = failOnConsoleErrors(page);
    await openOrganizations(page);
    const name = `E2E Org ${Date.now()}`;

    // Add, with the spec's validation first.
    await page.getByRole('button', { name: '+ Add Organization' }).click();
    const add = page.getByRole('dialog', { name: 'Add Organization' });
    await add.getByRole('textbox', { name: 'Name' }).fill('   ');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('Name is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await add.getByRole('textbox', { name: 'Name' }).fill(`  ${name} `);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByRole('rowheader', { name, exact: true })).toBeVisible();

    // Edit.
    const renamed = `${name} renamed`;
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Organization' });
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await edit.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: renamed, exact: true }) });
    await expect(row).toBeVisible();

    // Manage Admins: search on the server, pick with the keyboard; chosen users leave the dropdown.
    await row.getByRole('button', { name: 'Manage Admins', exact: false }).click();
    const admins = page.getByRole('dialog', { name: `Manage Admins: ${renamed}` });
    const search = admins.getByPlaceholder('Type name or email');
    await expect(search).toBeVisible();
    await search.fill('alex');
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option', { name: 'Alex Admin (admin@example.com)' })).toBeVisible();
    await search.press('Enter');
    await expect(admins.getByRole('button', { name: 'Remove Alex Admin' })).toBeVisible();
    await search.fill('alex');
    await expect(listbox.getByText('No matching users')).toBeVisible();
    await expect(listbox.getByRole('option', { name: /\(admin@example\.com\)/ })).toHaveCount(0);
    // An empty search lists the first users; the list scrolls within 200 px (docs/screens.md, Screens).
    await search.fill('');
    await expect(listbox.getByRole('option', { name: 'Casey Coach (coach@example.com)' })).toBeVisible();
    await expect(listbox.getByRole('option', { name: /\(admin@example\.com\)/ })).toHaveCount(0);
    const box = await listbox.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(200);
    expect(await seriousViolations(page)).toEqual([]);
    await search.fill('casey');
    await listbox.getByRole('option', { name: 'Casey Coach (coach@example.com)' }).click();
    await admins.getByRole('button', { name: 'Save' }).click();
    await expect(admins).toBeHidden();
    await expect(row.getByText('Alex Admin')).toBeVisible();
    await expect(row.getByText('Casey Coach')).toBeVisible();

    // Delete, after the spec's question.
    await row.getByRole('button', { name: `Delete ${renamed}` }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Organization' });
    await expect(remove.getByText('Are you sure you want to delete this organization?')).toBeVisible();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(remove).toBeHidden();
    await expect(page.getByRole('rowheader', { name: renamed, exact: true })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    noErrors();
  });

  test("a SuperAdmin changes an organization's time zone", async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    await openOrganizations(page);
    const name = `E2E Zone ${Date.now()}`;
    await addOrganization(page, name);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    // A new organization gets the default zone, shown under its name.
    await expect(row.getByText('America/New_York', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Organization' });
    const zone = edit.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('America/New_York');
    await zone.fill('chicago');
    await page.getByRole('option', { name: 'America/Chicago', exact: true }).click();
    await expect(zone).toHaveValue('America/Chicago');
    await expect(edit).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByText('America/Chicago', { exact: true })).toBeVisible();

    // Stored: the modal opens on it again.
    await row.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await expect(edit.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Chicago');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete Organization' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('rowheader', { name, exact: true })).toHaveCount(0);
    noErrors();
  });

  test("shows the server's refusal to delete an organization that has leagues, in the modal", async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    await openOrganizations(page);
    const name = `E2E Org with league ${Date.now()}`;
    await addOrganization(page, name);

    await page.goto('/admin/leagues');
    await page.getByRole('combobox', { name: 'Organization' }).click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.getByRole('button', { name: '+ Add League' }).click();
    const addLeague = page.getByRole('dialog', { name: `Add League to ${name}` });
    await addLeague.getByRole('textbox', { name: 'Name' }).fill('Tee Ball');
    // A new league is asked its rest rule, the presets first.
    await addLeague.getByRole('combobox', { name: 'Rest Rule' }).click();
    await page
      .getByRole('option', { name: /^Little League Baseball/ })
      .first()
      .click();
    await addLeague.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('rowheader', { name: 'Tee Ball' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Tee Ball' })).toContainText('Little League Baseball');

    await page.goto('/admin/organizations');
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Organization' });
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(remove.getByRole('alert')).toContainText('Delete its leagues first');
    await expect(remove).toBeVisible();
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toBeHidden();
    await expect(page.getByRole('rowheader', { name, exact: true })).toBeVisible();
    noErrors();
  });

  test('an organization admin has no Organization Management in the menu and no buttons on the page', async ({
    page,
  }) => {
    const noErrors = failOnConsoleErrors(page);
    await signInToDashboard(page, 'admin@example.com');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Manage Leagues' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Manage Organizations' })).toHaveCount(0);
    await page.goto('/admin/organizations');
    await expect(page.getByRole('heading', { level: 1, name: 'Organization Management' })).toBeVisible();
    // The server lists only their own organization; the UI offers nothing they may not do.
    await expect(page.getByRole('rowheader', { name: 'Riverside Youth Baseball' })).toBeVisible();
    await expect(page.getByRole('rowheader')).toHaveCount(1);
    await expect(page.getByRole('button', { name: '+ Add Organization' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete|Manage Admins)/ })).toHaveCount(0);
    noErrors();
  });

  test('a coach who opens it by its address reads that it is not for their role, once, and nothing else', async ({
    page,
  }) => {
    const noErrors = failOnConsoleErrors(page);
    await signInToDashboard(page, 'coach@example.com');
    await page.goto('/admin/organizations');
    await expect(page.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeVisible();
    await expect(page.getByText(/^This page is for league admins\. You are signed in as a coach/)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    noErrors();
  });

  test('works on a phone: the table scrolls sideways, the buttons stay reachable', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const noErrors = failOnConsoleErrors(page);
    await signInToDashboard(page, 'superadmin@example.com');
    await page.goto('/admin/organizations');
    await expect(page.getByRole('rowheader', { name: 'Riverside Youth Baseball' })).toBeVisible();
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const manage = page.getByRole('button', { name: 'Manage Admins of Riverside Youth Baseball' });
    await manage.scrollIntoViewIfNeeded();
    await manage.click();
    const dialog = page.getByRole('dialog', { name: 'Manage Admins: Riverside Youth Baseball' });
    await expect(dialog.getByPlaceholder('Type name or email')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    noErrors();
    await context.close();
  });
});
