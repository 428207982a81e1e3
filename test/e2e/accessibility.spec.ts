import { expect, test } from '@playwright/test';
import { sectionsFor } from '../../src/core/menu.ts';
import { seriousViolations, signInToDashboard } from './fixtures.ts';

test('the login page has no serious or critical accessibility violation', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill('x@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

test('the dashboard has no serious or critical accessibility violation', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signInToDashboard(page, 'superadmin@example.com');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'League Admin' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

test('on a phone the menu collapses behind a button', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInToDashboard(page, 'coach@example.com');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // Collapsed: the menu slides out of the screen.
  await expect(menu.getByRole('link', { name: 'Log Pitch Outing' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Toggle main menu' }).click();
  await expect(menu.getByRole('link', { name: 'Log Pitch Outing' })).toBeInViewport();
  await menu.getByRole('link', { name: 'Log Pitch Outing' }).click();
  await expect(page).toHaveURL(/\/tracker$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log Pitch Outing' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

// Axe on every page a role's menu opens, at a phone's width and a desktop's.
for (const [email, roles, size] of [
  ['superadmin@example.com', ['SuperAdmin'], { width: 1280, height: 800 }],
  ['admin@example.com', ['admin'], { width: 390, height: 844 }],
  ['admin@example.com', ['admin'], { width: 1280, height: 800 }],
  ['coach@example.com', ['coach'], { width: 390, height: 844 }],
  ['parent@example.com', ['parent'], { width: 390, height: 844 }],
] as const) {
  test(`every menu page of ${email} at ${size.width} px has no serious or critical accessibility violation`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    await signInToDashboard(page, email);
    const paths = [...new Set(sectionsFor(roles).flatMap((section) => section.items.map((item) => item.path)))];
    expect(paths.length).toBeGreaterThan(1);
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The page's data, not its loader, is what is checked.
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 10_000 });
      found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });
}
