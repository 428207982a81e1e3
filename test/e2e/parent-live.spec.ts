import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, signInToDashboard } from './fixtures.ts';
import { openGame } from './game-helpers.ts';

/**
 * My Child's Status while the child pitches: the Tigers' coach counts today's game pitch
 * by pitch on a phone, and the demo parent, whose Riley pitches for the Tigers, sees the count and
 * the rest it owes go up on /parent/players without reloading.
 */

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post('/graphql', { data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

/** How the tracker writes a calendar date ('Sat, May 2'). */
function dayLabel(page: Page, iso: string) {
  return page.evaluate((date) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y, m - 1, d)));
  }, iso);
}

/** A game of the demo Tigers against the Hawks today (the organization's today, as the status answers it). */
async function gameToday(coach: Page) {
  const { listTeams } = await graphql<{
    listTeams: { items: { id: string; name: string; leagueName: string; seasonState: string }[] };
  }>(coach, 'query { listTeams(limit: 1000) { items { id name leagueName seasonState } } }');
  const tigers = listTeams.items.find(
    (t) => t.name === 'Tigers' && t.leagueName === 'Majors' && t.seasonState === 'active',
  );
  if (!tigers) throw new Error('the demo coach coaches the Majors Tigers');
  const { listOpponentTeams } = await graphql<{ listOpponentTeams: { id: string; name: string }[] }>(
    coach,
    'query ($teamId: ID!) { listOpponentTeams(teamId: $teamId) { id name } }',
    { teamId: tigers.id },
  );
  const hawks = listOpponentTeams.find((t) => t.name === 'Hawks');
  if (!hawks) throw new Error('the Majors have Hawks');
  const { pitcherStatus } = await graphql<{ pitcherStatus: { asOf: string } }>(
    coach,
    'query ($teamId: ID!) { pitcherStatus(teamId: $teamId) { asOf } }',
    { teamId: tigers.id },
  );
  await graphql(coach, 'mutation ($input: CreateGameInput!) { createGame(input: $input) { id } }', {
    input: { date: pitcherStatus.asOf, startTime: '17:30', homeTeamId: tigers.id, awayTeamId: hawks.id },
  });
  return { label: await dayLabel(coach, pitcherStatus.asOf) };
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

async function tap(page: Page, ...labels: string[]) {
  for (const label of labels) await page.getByRole('button', { name: label, exact: true }).click();
}

test('a parent sees the live count go up while their child pitches', async ({ browser }) => {
  test.setTimeout(90_000);
  const dugout = await phone(browser);
  const coach = dugout.page;
  const coachErrors = failOnConsoleErrors(coach);
  await signInToDashboard(coach, 'coach@example.com');
  const { label } = await gameToday(coach);

  // The parent opens their page before the first pitch, on a phone.
  const home = await phone(browser);
  const parent = home.page;
  const parentErrors = failOnConsoleErrors(parent);
  await signInToDashboard(parent, 'parent@example.com');
  await parent.goto('/parent/players');
  const card = parent.getByRole('region', { name: 'Riley Parent' });
  const live = card.getByRole('region', { name: 'Live count vs Hawks' });
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await expect(live.getByText("Not pitching in today's game against Hawks yet.")).toBeVisible();
  // Max's Cubs do not play today: no live count on his card.
  const maxCard = parent.getByRole('region', { name: 'Max Parent' });
  await expect(maxCard.getByText(/^(Last outing|No outing recorded yet)/)).toBeVisible();
  await expect(maxCard.getByRole('region', { name: /Live count/ })).toHaveCount(0);

  // The coach counts Riley live.
  await coach.goto('/tracker');
  await openGame(coach, `Open game of ${label} vs Hawks`);
  await coach.getByRole('button', { name: 'Count live' }).click();
  await coach.getByRole('combobox', { name: 'Pitcher' }).click();
  await coach.getByRole('option', { name: /Riley Parent/ }).click();
  // Riley may have pitched on a day before (the other browser tests count him): a held-out pitcher is confirmed.
  const hold = coach.getByRole('dialog', { name: /may not pitch in this game/ });
  if (await hold.isVisible({ timeout: 1_000 }).catch(() => false)) {
    await hold.getByRole('button', { name: /anyway$/ }).click();
  }
  await tap(coach, 'New batter', 'Ball', 'Strike');
  await expect(coach.getByRole('status', { name: 'Pitch count' })).toHaveText('2');

  // The parent's page follows without a reload.
  await expect(live.getByText('Riley has thrown 2 pitches')).toBeVisible({ timeout: 10_000 });
  await expect(live.getByText(/^At this count: no rest owed · eligible /)).toBeVisible();
  await tap(coach, 'Foul', 'In play', 'New batter', 'Ball');
  await expect(coach.getByRole('status', { name: 'Pitch count' })).toHaveText('5');
  await expect(live.getByText('Riley has thrown 5 pitches')).toBeVisible({ timeout: 10_000 });

  // Readable on a phone: no sideways scrolling, no serious accessibility problem.
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const scan = await new AxeBuilder({ page: parent }).analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await card.screenshot({ path: test.info().outputPath('parent-live-count.png') });
  await parent.screenshot({ path: test.info().outputPath('parent-page.png'), fullPage: true });
  coachErrors();
  parentErrors();
  await dugout.context.close();
  await home.context.close();
});
