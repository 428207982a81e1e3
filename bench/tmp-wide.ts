import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../test/chromium.ts';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS.slice(1) });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const page = await context.newPage();
await page.goto('http://localhost:3100/login');
await page.getByLabel('Email').fill(process.argv[2] ?? 'parent@example.com');
await page.getByRole('textbox', { name: 'Password' }).fill('bullpen-demo');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL(/dashboard/);
await page.evaluate(() => localStorage.setItem('bullpen.language', 'en-XA'));
for (const path of (process.argv[3] ?? '/parent/log').split(',')) {
  await page.goto(`http://localhost:3100${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  const wide = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    return [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > w + 1)
      .slice(0, 8)
      .map((el) => `${el.tagName}.${el.className.toString().slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)} "${(el.textContent ?? '').slice(0, 50)}"`);
  });
  console.log(path, document_width(await page.evaluate(() => document.documentElement.scrollWidth)), wide);
  await page.screenshot({ path: `/tmp/pseudo${path.replace(/\W+/g, '_')}.png`, fullPage: true });
}
function document_width(n: number) { return n; }
await browser.close();
