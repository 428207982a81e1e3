import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'bullpen-demo';

/** Signs in through the login screen, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInToDashboard(page: Page, email: string, password = DEMO_PASSWORD) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Fails the test on any error the page logs (a console.error is a bug). */
export function failOnConsoleErrors(page: Page, allow: RegExp[] = []) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    // A refused request (401/403/429) is logged by the browser itself; the app handles it.
    if (/Failed to load resource: the server responded with a status of (40[0-9]|429)/.test(text)) return;
    if (allow.some((re) => re.test(text))) return;
    errors.push(text);
  });
  return () => expect(errors, 'console errors').toEqual([]);
}

/** What axe finds serious or critical on the page, one line each (the page, the rule, where): [] when clean. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A modal fading in reads as faint text to axe's color-contrast: let the page's finite transitions end first
  // (on a busy machine they last longer than the steps before axe).
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${page.url()}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The words the page cuts short: each element whose own text runs past its box where the overflow is hidden (an
 * ellipsis, a segment's label), one line each; [] when every word shows.
 */
export async function cutWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!ownText || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (hides && element.scrollWidth > element.clientWidth + 1) cut.push(element.textContent?.trim() ?? '');
    }
    return cut;
  });
}
