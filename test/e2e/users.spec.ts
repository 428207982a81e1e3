import { expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, seriousViolations, signIn, signInToDashboard } from './fixtures.ts';

async function openUsers(page: Page, { viaMenu = true } = {}) {
  await signInToDashboard(page, 'superadmin@example.com');
  if (viaMenu) {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User Management' }).click();
  } else {
    await page.goto('/admin/users');
  }
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
}

/** Narrows the list to one user by the server-side search, then returns that user's row. */
async function findRow(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

/** A GraphQL call from inside the signed-in page (same origin, the session cookie). */
async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    { query, variables },
  );
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

test.describe('User Management', () => {
  test('SuperAdmin adds a user, edits email, name and roles; the user signs in with the temporary password; then deletes', async ({
    page,
    browser,
    request,
  }) => {
    const noErrors = failOnConsoleErrors(page);
    const stamp = Date.now();
    const email = `e2e-user-${stamp}@example.com`;
    const newEmail = `e2e-renamed-${stamp}@example.com`;
    const temporaryPassword = `Dugout-${stamp}-Temp`;
    await openUsers(page);

    // Add: the four messages first, nothing sent.
    await page.getByRole('button', { name: '+ Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await expect(add.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await add.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'Email is required',
      'Temporary password is required',
      'First name is required',
      'Last name is required',
    ]) {
      await expect(add.getByText(message)).toBeVisible();
    }
    await add.getByRole('textbox', { name: 'Email' }).fill(`  ${email.toUpperCase()} `);
    await add.getByRole('textbox', { name: 'Temporary Password' }).fill(temporaryPassword);
    await add.getByRole('textbox', { name: 'First Name' }).fill(' Elle ');
    await add.getByRole('textbox', { name: 'Last Name' }).fill('Tee');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();

    // The server emailed the temporary password.
    const mailbox = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
    expect(JSON.stringify(mailbox.items.at(-1))).toContain(temporaryPassword);

    let row = await findRow(page, email);
    await expect(row.getByRole('cell')).toHaveText([email, 'Elle', 'Tee', /Edit Email/]);

    // A second user with the same email is refused; the modal stays open with the server's message.
    await page.getByRole('button', { name: '+ Add User' }).click();
    await add.getByRole('textbox', { name: 'Email' }).fill(email);
    await add.getByRole('textbox', { name: 'Temporary Password' }).fill(temporaryPassword);
    await add.getByRole('textbox', { name: 'First Name' }).fill('Elle');
    await add.getByRole('textbox', { name: 'Last Name' }).fill('Again');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByRole('alert')).toHaveText('A user with this email already exists');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();

    // Edit Email.
    await row.getByRole('button', { name: `Edit Email of ${email}` }).click();
    const editEmail = page.getByRole('dialog', { name: `Edit Email of ${email}` });
    await editEmail.getByRole('textbox', { name: 'New Email' }).fill('');
    await editEmail.getByRole('button', { name: 'Save' }).click();
    await expect(editEmail.getByText('Email is required')).toBeVisible();
    await editEmail.getByRole('textbox', { name: 'New Email' }).fill(newEmail);
    await editEmail.getByRole('button', { name: 'Save' }).click();
    await expect(editEmail).toBeHidden();
    row = await findRow(page, newEmail);

    // Edit Name.
    await row.getByRole('button', { name: `Edit Name of ${newEmail}` }).click();
    const editName = page.getByRole('dialog', { name: `Edit Name of ${newEmail}` });
    await editName.getByRole('textbox', { name: 'Last Name' }).fill(' ');
    await editName.getByRole('button', { name: 'Save' }).click();
    await expect(editName.getByRole('alert')).toHaveText('First and last name required');
    await editName.getByRole('textbox', { name: 'First Name' }).fill('Ellie');
    await editName.getByRole('textbox', { name: 'Last Name' }).fill('Tran');
    await editName.getByRole('button', { name: 'Save' }).click();
    await expect(editName).toBeHidden();
    await expect(row.getByRole('cell')).toHaveText([newEmail, 'Ellie', 'Tran', /Edit Email/]);

    // Roles: coach, and admin of a league shown as 'League (Organization)'.
    await row.getByRole('button', { name: `Roles of ${newEmail}` }).click();
    const roles = page.getByRole('dialog', { name: `Roles of ${newEmail}` });
    for (const role of ['SuperAdmin', 'admin', 'coach', 'parent']) {
      await expect(roles.getByRole('checkbox', { name: role, exact: true })).not.toBeChecked();
    }
    await roles.getByRole('checkbox', { name: 'coach' }).check();
    await roles.getByRole('combobox', { name: 'Admin of leagues' }).click();
    await page.getByRole('option', { name: 'Majors (Riverside Youth Baseball)' }).click();
    await page.keyboard.press('Escape');
    await expect(roles).toBeVisible();
    await roles.getByRole('button', { name: 'Save' }).click();
    await expect(roles).toBeHidden();
    await row.getByRole('button', { name: `Roles of ${newEmail}` }).click();
    await expect(roles.getByRole('checkbox', { name: 'coach' })).toBeChecked();
    await expect(roles.getByText('Majors (Riverside Youth Baseball)')).toBeVisible();
    await roles.getByRole('button', { name: 'Cancel' }).click();
    await expect(roles).toBeHidden();

    // The new user signs in with the temporary password and must choose their own.
    const other = await (await browser.newContext()).newPage();
    await signIn(other, newEmail, temporaryPassword);
    await expect(other.getByRole('heading', { name: 'Set Your New Password' })).toBeVisible();
    await other.getByRole('textbox', { name: 'New Password' }).fill(`Bullpen-${stamp}-mine`);
    await other.getByRole('button', { name: 'Submit' }).click();
    await expect(other).toHaveURL(/\/dashboard$/);
    // coach as ticked, and admin of the league it administers (docs/decisions/0006).
    const menu = other.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Manage Leagues' })).toBeVisible();
    await menu.getByRole('button', { name: 'Coach' }).click();
    await expect(menu.getByRole('link', { name: 'Log Pitch Outing' })).toBeVisible();
    await other.context().close();

    // Delete.
    await row.getByRole('button', { name: `Delete ${newEmail}` }).click();
    const remove = page.getByRole('dialog', { name: 'Delete User' });
    await expect(remove.getByText(`Confirm deletion of ${newEmail}?`)).toBeVisible();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(remove).toBeHidden();
    await expect(page.getByRole('cell', { name: newEmail, exact: true })).toHaveCount(0);
    await expect(page.getByText('No user matches the search.')).toBeVisible();
    noErrors();
  });

  test("'Load more' follows the server's nextToken, 50 users a page", async ({ page }) => {
    test.setTimeout(90_000);
    const prefix = `e2e-page-${Date.now()}`;
    await openUsers(page);
    // 51 users through the API (adding them one by one on screen is not what this test is about).
    const ids: string[] = [];
    for (let start = 0; start < 51; start += 10) {
      const batch = Array.from({ length: Math.min(10, 51 - start) }, (_, i) => start + i);
      const created = await Promise.all(
        batch.map((n) =>
          graphql<{ createUser: { id: string } }>(
            page,
            'mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }',
            {
              input: {
                email: `${prefix}-${String(n).padStart(2, '0')}@example.com`,
                givenName: 'Page',
                familyName: `Number ${n}`,
                temporaryPassword: `Paging-${prefix}-pw`,
              },
            },
          ),
        ),
      );
      ids.push(...created.map((result) => result.createUser.id));
    }
    try {
      await page.getByRole('searchbox', { name: 'Search users' }).fill(prefix);
      await expect(page.getByRole('cell', { name: `${prefix}-00@example.com`, exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: new RegExp(`^${prefix}-`) })).toHaveCount(50);
      await expect(page.getByText('50 users shown, more to load')).toBeVisible();
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect(page.getByRole('cell', { name: `${prefix}-50@example.com`, exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: new RegExp(`^${prefix}-`) })).toHaveCount(51);
      await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
      await expect(page.getByText('51 users shown')).toBeVisible();
    } finally {
      // Other tests expect the demo accounts on the first page.
      for (const id of ids) {
        await graphql(page, 'mutation ($input: DeleteUserInput!) { deleteUser(input: $input) { id } }', {
          input: { id },
        });
      }
    }
  });

  test('has no serious or critical accessibility violation, with a modal open too', async ({ page }) => {
    await openUsers(page);
    await findRow(page, 'admin@example.com');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Roles of admin@example.com' }).click();
    // Scanned once the modal has faded in (colours mid-fade fail the contrast check).
    await expect(page.getByRole('dialog', { name: 'Roles of admin@example.com' })).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '+ Add User' }).click();
    await page.getByRole('dialog', { name: 'Add User' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the list pages 50 at a time and searches on the server', async ({ page }) => {
    await openUsers(page);
    await expect(page.getByText(/users? shown/)).toBeVisible();
    // The header row plus at most one page of 50.
    expect(await page.getByRole('row').count()).toBeLessThanOrEqual(51);
    // Each word must start the given name, family name or email, whatever its case.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('CASEY co');
    await expect(page.getByRole('cell', { name: 'coach@example.com', exact: true })).toBeVisible();
    // One row: only its email cell is a bare email.
    await expect(page.getByRole('cell', { name: /^\S+@\S+$/ })).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('super');
    await expect(page.getByRole('cell', { name: 'superadmin@example.com', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'coach@example.com', exact: true })).toHaveCount(0);
  });

  test("the SuperAdmin cannot delete their own account: the modal stays open with the server's message", async ({
    page,
  }) => {
    await openUsers(page);
    const row = await findRow(page, 'superadmin@example.com');
    await row.getByRole('button', { name: 'Delete superadmin@example.com' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete User' });
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(remove.getByRole('alert')).toHaveText('You cannot delete your own account');
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toBeHidden();
    await expect(row.getByRole('button', { name: 'Delete superadmin@example.com' })).toBeFocused();
  });

  test('a coach who opens it by its address reads that it is not for their role', async ({ page }) => {
    await signInToDashboard(page, 'coach@example.com');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Add User' })).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('an admin reads their people, and is offered nothing only SuperAdmin may do', async ({ page }) => {
    await signInToDashboard(page, 'admin@example.com');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'coach@example.com', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Add User' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  });

  test('works on a phone: the table scrolls sideways inside its box', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await openUsers(page, { viaMenu: false });
    await expect(page.getByText(/users? shown/)).toBeVisible();
    // The page itself does not scroll sideways; only the table's box does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
