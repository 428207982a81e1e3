import { expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, seriousViolations, signInToDashboard } from './fixtures.ts';

const RIVERSIDE = 'Riverside Youth Baseball';

/** Opens League Management from the menu and picks Riverside (other tests add organizations that sort first). */
async function openLeagues(page: Page, email: string) {
  await signInToDashboard(page, email);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  if (email === 'admin@example.com') await menu.getByRole('link', { name: 'Manage Leagues' }).click();
  else await menu.getByRole('link', { name: 'Manage Leagues' }).first().click();
  await expect(page).toHaveURL(/\/admin\/leagues$/);
  await expect(page.getByRole('heading', { level: 1, name: 'League Management' })).toBeVisible();
  const organization = page.getByRole('combobox', { name: 'Organization' });
  if ((await organization.inputValue()) !== RIVERSIDE) {
    await organization.click();
    await page.getByRole('option', { name: RIVERSIDE, exact: true }).click();
  }
  await expect(organization).toHaveValue(RIVERSIDE);
  await expect(page.getByRole('rowheader', { name: 'Majors', exact: true })).toBeVisible();
}

function rowOf(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

async function addLeague(page: Page, name: string) {
  await page.getByRole('button', { name: '+ Add League' }).click();
  const dialog = page.getByRole('dialog', { name: `Add League to ${RIVERSIDE}` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Rest Rule' }).click();
  await page.getByRole('option', { name: 'None: no pitch limits or rest checked yet' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, name).getByText('None', { exact: true })).toBeVisible();
}

async function deleteLeague(page: Page, name: string) {
  await rowOf(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete League' });
  await expect(dialog.getByText('Are you sure you want to delete this league?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('rowheader', { name, exact: true })).toHaveCount(0);
}

test.describe('League Management', () => {
  test('a SuperAdmin adds, renames, sets the rest rule and admins of, and deletes a league', async ({ page }) => {
    test.slow(); // A long walk with accessibility scans.
    const noErrors = failOnConsoleErrors(page);
    await openLeagues(page, 'superadmin@example.com');
    expect(await seriousViolations(page)).toEqual([]);
    const name = `E2E League ${Date.now()}`;
    await addLeague(page, name);

    // Edit.
    const renamed = `${name} renamed`;
    await rowOf(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit League' });
    await edit.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const row = rowOf(page, renamed);
    await expect(row).toBeVisible();

    // Manage Rest Rule: a global rule, then its tooltip by keyboard focus.
    await row.getByRole('button', { name: `Manage Rest Rule for ${renamed}` }).click();
    const rule = page.getByRole('dialog', { name: `Manage Rest Rule: ${renamed}` });
    await expect(rule.getByRole('radio', { name: 'Global Rules' })).toBeChecked();
    await expect(rule.getByRole('radio', { name: `${RIVERSIDE} Rules` })).toBeVisible();
    const select = rule.getByRole('combobox', { name: 'Rest Rule' });
    await expect(select).toHaveValue('None');
    await expect(select).toBeEnabled();
    await select.click();
    await page.getByRole('option', { name: 'Texas UIL varsity (Grades 9-12)' }).click();
    await expect(rule.getByText('Intervals: 0 → 0 d, 31 → 1 d, 46 → 2 d, 66 → 3 d, 86 → 4 d')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await rule.getByRole('button', { name: 'Save' }).click();
    await expect(rule).toBeHidden();
    const ruleName = row.getByText('Texas UIL varsity', { exact: true });
    await expect(ruleName).toBeVisible();
    // Keyboard users reach the name with Tab (from the row's first cell).
    await row.getByRole('rowheader').click();
    await page.keyboard.press('Tab');
    await expect(ruleName).toBeFocused();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toHaveText('0 → 0 d31 → 1 d46 → 2 d66 → 3 d86 → 4 d');

    // The organization's own rules: Riverside has none, so None is the only choice; None clears the rule.
    await row.getByRole('button', { name: `Manage Rest Rule for ${renamed}` }).click();
    await rule.getByRole('radio', { name: `${RIVERSIDE} Rules` }).check();
    await expect(select).toHaveValue('None');
    await rule.getByRole('button', { name: 'Save' }).click();
    await expect(rule).toBeHidden();
    await expect(row.getByText('None', { exact: true })).toBeVisible();

    // Manage Admins with the 'Search users' picker.
    await row.getByRole('button', { name: `Manage Admins of ${renamed}` }).click();
    const admins = page.getByRole('dialog', { name: `Manage Admins: ${renamed}` });
    const search = admins.getByPlaceholder('Search users');
    await search.fill('casey');
    await expect(page.getByRole('option', { name: 'Casey Coach (coach@example.com)' })).toBeVisible();
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(admins.getByRole('button', { name: 'Remove Casey Coach' })).toBeVisible();
    await search.fill('casey');
    await expect(page.getByRole('listbox').getByText('No matching users')).toBeVisible();
    // Escape closes the dropdown, not the modal.
    await search.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(admins).toBeVisible();
    await admins.getByRole('button', { name: 'Save' }).click();
    await expect(admins).toBeHidden();
    await expect(row.getByText('Casey Coach')).toBeVisible();

    // Delete.
    await deleteLeague(page, renamed);
    expect(await seriousViolations(page)).toEqual([]);
    noErrors();
  });

  test("an organization admin manages their own organization's leagues only", async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    await openLeagues(page, 'admin@example.com');
    // Only their organization is offered.
    await page.getByRole('combobox', { name: 'Organization' }).click();
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('rowheader', { name: 'Minors', exact: true })).toBeVisible();
    await expect(rowOf(page, 'Majors').getByText('Little League Baseball', { exact: true })).toBeVisible();

    const name = `E2E Admin League ${Date.now()}`;
    await addLeague(page, name);

    // The picker finds the people of their organization (a coach of one of its teams), nobody else.
    await rowOf(page, name)
      .getByRole('button', { name: `Manage Admins of ${name}` })
      .click();
    const admins = page.getByRole('dialog', { name: `Manage Admins: ${name}` });
    await expect(
      admins.getByText('Only people of your organization are listed. To add someone else, use Invite Admin.'),
    ).toBeVisible();
    await admins.getByPlaceholder('Search users').fill('superadmin@example.com');
    await expect(page.getByText('No matching users')).toBeVisible();
    await admins.getByPlaceholder('Search users').fill('coach@example.com');
    await page.getByRole('option', { name: 'Casey Coach (coach@example.com)' }).click();
    await admins.getByRole('button', { name: 'Save' }).click();
    await expect(admins).toBeHidden();
    await expect(rowOf(page, name).getByText('Casey Coach')).toBeVisible();

    // Someone from outside comes by invitation: a new person's temporary password is shown once.
    await rowOf(page, name)
      .getByRole('button', { name: `Invite Admin to ${name}` })
      .click();
    const invite = page.getByRole('dialog', { name: `Invite Admin to ${name}` });
    await invite.getByRole('textbox', { name: 'Email' }).fill(`e2e-admin-${Date.now()}@example.com`);
    await invite.getByRole('textbox', { name: 'First Name' }).fill('Robin');
    await invite.getByRole('textbox', { name: 'Last Name' }).fill('Reyes');
    await invite.getByRole('button', { name: 'Save' }).click();
    const shown = page.getByRole('dialog', { name: 'Temporary Password' });
    await expect(shown.getByLabel('Temporary password')).toHaveText(/^\S{16}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await expect(rowOf(page, name).getByText('Robin Reyes')).toBeVisible();

    await deleteLeague(page, name);
    await expect(page.getByRole('button', { name: '+ Add Organization' })).toHaveCount(0);
    noErrors();
  });

  test('works on a phone and with the keyboard', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const noErrors = failOnConsoleErrors(page);
    await signInToDashboard(page, 'superadmin@example.com');
    await page.goto('/admin/leagues');
    await expect(page.getByRole('heading', { level: 1, name: 'League Management' })).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Add League' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Keyboard: open Add League with Enter, type, Escape closes.
    await page.getByRole('button', { name: '+ Add League' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Add League to / });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    noErrors();
    await context.close();
  });
});
