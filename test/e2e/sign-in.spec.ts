import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, failOnConsoleErrors, signIn, signInToDashboard } from './fixtures.ts';

test.describe('signing in', () => {
  test('shows the Login screen of the spec', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(page.getByRole('textbox', { name: 'Password' })).toHaveAttribute('required', '');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('shows the server’s message for a wrong password and stays on /login', async ({ page }) => {
    await signIn(page, 'coach@example.com', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login/);
  });

  const roles = [
    {
      email: 'superadmin@example.com',
      sees: ['User Management', 'Manage Organizations', 'Team Management'],
      hidden: ['Log Pitch Outing'],
      roles: 'SuperAdmin',
      // The first organization by name: another browser test's may come before the demo's.
      day: / today$/,
    },
    {
      email: 'admin@example.com',
      sees: ['Team Management', 'Manage Rest Rules'],
      hidden: ['User Management', "My Child's Status"],
      roles: 'admin',
      day: 'Riverside Youth Baseball today',
    },
    {
      email: 'coach@example.com',
      sees: ['Log Pitch Outing', 'Pitcher Status'],
      hidden: ['User Management', 'Team Management'],
      roles: 'coach',
      day: 'Your teams today',
    },
    {
      email: 'parent@example.com',
      sees: ["My Child's Status", 'Log Outing for My Child'],
      hidden: ['Log Pitch Outing', 'Team Management'],
      roles: 'parent',
      day: 'Your children today',
    },
  ];
  for (const role of roles) {
    test(`${role.roles} lands on the dashboard with only their sections`, async ({ page }) => {
      const noErrors = failOnConsoleErrors(page);
      await signInToDashboard(page, role.email);
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      // Their day, where the old tool asked to select a section.
      await expect(page.getByRole('heading', { level: 2, name: role.day })).toBeVisible();
      await expect(page.getByText('Select a section to view details.')).toHaveCount(0);
      // The first allowed section is open by default.
      for (const label of role.sees.slice(0, 1)) await expect(menu.getByRole('link', { name: label })).toBeVisible();
      for (const label of role.hidden) await expect(menu.getByRole('link', { name: label })).toHaveCount(0);
      // Roles are kept in session storage (a menu cache; the server decides).
      expect(await page.evaluate(() => sessionStorage.getItem('bullpen.roles'))).toContain(role.roles);
      noErrors();
    });
  }

  test('selecting a section shows its pages', async ({ page }) => {
    await signInToDashboard(page, 'superadmin@example.com');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'League Admin' }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'League Admin' })).toBeVisible();
    // The section's cards (the day below links to View Violations too).
    await main.getByRole('region', { name: 'League Admin' }).getByRole('link', { name: 'View Violations' }).click();
    await expect(page).toHaveURL(/\/admin\/violations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'View Violations' })).toBeVisible();
  });

  test('a parent logs an outing outside the league for their child', async ({ page }) => {
    await signInToDashboard(page, 'parent@example.com');
    await page.goto('/parent/log');
    await expect(page.getByRole('heading', { level: 1, name: 'Log Outing for My Child' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Child' }).click();
    await page.getByRole('option', { name: 'Riley Parent' }).click();
    await page.getByRole('textbox', { name: 'Where' }).fill('Travel team vs Eagles');
    await page.getByRole('textbox', { name: 'Pitches', exact: true }).fill('40');
    await page.getByRole('textbox', { name: 'Innings pitched' }).fill('3');
    await page.getByRole('button', { name: 'Save outing' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved. It counts for Riley’s rest everywhere they play.');
    const row = page
      .getByRole('table', { name: 'Reported outings' })
      .getByRole('row', { name: /Travel team vs Eagles/ });
    await expect(row).toContainText('Riley Parent');
    await expect(row).toContainText('40');
    await row.getByRole('button', { name: /^Delete the outing of Riley Parent/ }).click();
    await expect(row).toBeHidden();
  });
});

test.describe('route guards', () => {
  test('send a signed-out visitor to /login from any route', async ({ page }) => {
    for (const path of ['/dashboard', '/admin/teams', '/tracker', '/parent/log', '/admin/users']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login/);
    }
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login/);
  });

  test('send a signed-in user from / and unknown paths to the dashboard', async ({ page }) => {
    await signInToDashboard(page, 'coach@example.com');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/status');
    await expect(page.getByRole('heading', { level: 1, name: 'Pitcher Status' })).toBeVisible();
  });
});

test.describe('temporary passwords', () => {
  test('asks for a new password, then signs the user in with it', async ({ page }) => {
    await signIn(page, 'temp@example.com', 'Temp-pass-4821');
    await expect(page.getByRole('heading', { name: 'Set Your New Password' })).toBeVisible();
    // A too-common password is refused with the server's message.
    await page.getByRole('textbox', { name: 'New Password' }).fill('password123');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('too common');
    await page.getByRole('textbox', { name: 'New Password' }).fill('Tina-chooses-this-1');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Log Pitch Outing' }),
    ).toBeVisible();
    // The temporary password worked once; the new one works from now on.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signIn(page, 'temp@example.com', 'Temp-pass-4821');
    await expect(page.getByRole('alert')).not.toBeEmpty();
    await signInToDashboard(page, 'temp@example.com', 'Tina-chooses-this-1');
  });
});

test.describe('forgot password', () => {
  test('emails a code that resets the password, without saying whether the email exists', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill('reset@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('If an account exists for that email, we sent a code to it.')).toBeVisible();
    const mailbox = await (await request.get('/api/dev/mailbox?to=reset@example.com')).json();
    const code = String(mailbox.items.at(-1)?.text).match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeTruthy();
    await page.getByLabel('Code').fill(code ?? '');
    await page.getByRole('textbox', { name: 'New Password' }).fill('Rory-new-secret-9');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Your password was changed. Sign in with your new password.')).toBeVisible();
    await signInToDashboard(page, 'reset@example.com', 'Rory-new-secret-9');
  });

  test('answers the same for an unknown email', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('If an account exists for that email, we sent a code to it.')).toBeVisible();
  });
});

test.describe('signing out and sessions', () => {
  test('sign out ends the session; the dashboard is then refused', async ({ page }) => {
    await signInToDashboard(page, 'parent@example.com');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => sessionStorage.getItem('bullpen.roles'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });

  test('signing out another device sends that device to /login with the reason', async ({ browser }) => {
    const laptop = await (await browser.newContext()).newPage();
    const phone = await (await browser.newContext()).newPage();
    await signInToDashboard(phone, 'sessions@example.com', 'Sessions-pass-5120');
    await signInToDashboard(laptop, 'sessions@example.com', 'Sessions-pass-5120');
    await laptop.getByRole('link', { name: 'Account' }).click();
    await expect(laptop.getByRole('heading', { name: 'Active sessions' })).toBeVisible();
    await expect(laptop.getByText('This device', { exact: true })).toBeVisible();
    await laptop.getByRole('button', { name: 'Sign out this device' }).click();
    await expect(laptop.getByRole('button', { name: 'Sign out this device' })).toHaveCount(0);
    // The phone finds out on its next request.
    await phone.goto('/status');
    await expect(phone).toHaveURL(/\/login/);
    await expect(phone.getByRole('status')).toContainText('Access Token has been revoked');
    expect(await phone.evaluate(() => sessionStorage.getItem('bullpen.roles'))).toBeNull();
    await laptop.context().close();
    await phone.context().close();
  });

  test('sign out everywhere ends every session, this one included', async ({ browser }) => {
    const a = await (await browser.newContext()).newPage();
    const b = await (await browser.newContext()).newPage();
    await signInToDashboard(a, 'revoke@example.com', 'Revoke-pass-6631');
    await signInToDashboard(b, 'revoke@example.com', 'Revoke-pass-6631');
    await a.goto('/account');
    await a.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(a).toHaveURL(/\/login/);
    await b.reload();
    await expect(b).toHaveURL(/\/login/);
    await a.context().close();
    await b.context().close();
  });

  test('changing the password keeps this device signed in', async ({ page }) => {
    await signInToDashboard(page, 'revoke@example.com', 'Revoke-pass-6631');
    await page.goto('/account');
    await page.getByLabel('Current Password').fill('Revoke-pass-6631');
    await page.getByRole('textbox', { name: 'New Password' }).fill('Rae-changed-it-42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed.')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the password is never kept in browser storage', async ({ page }) => {
    await signInToDashboard(page, 'coach@example.com');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie);
    expect(stored).not.toContain(DEMO_PASSWORD);
    expect(stored).not.toContain('session_token');
  });
});
