import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, seriousViolations, signIn, signInToDashboard } from './fixtures.ts';
import { restedDay } from './game-helpers.ts';

/**
 * Pitcher Status: the coach of the demo Tigers records a game on a past day with two pitchers who pitched
 * neither around it (so the demo's games do not matter), then reads the availability grid on that date; the
 * demo parent sees their child's status.
 */

/** A GraphQL call with the browser's session cookie (the page must be signed in). */
function graphqlOf(page: Page) {
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const res = await page.request.post('/graphql', { data: { query, variables } });
    const body = (await res.json()) as { data: T; errors?: { message: string }[] };
    expect(body.errors, query).toBeUndefined();
    return body.data;
  };
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const addDays = (date: string, days: number) =>
  new Date(utc(date).getTime() + days * 86_400_000).toISOString().slice(0, 10);
/** As the grid names its cells: 'Saturday, April 17'. */
const spoken = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    utc(date),
  );
/** As the badges and columns write dates: 'Sat, Apr 17'. */
const short = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    utc(date),
  );

interface Player {
  id: string;
  firstName: string;
  lastName: string;
  jerseyNumber: string | null;
}
const nameOf = (p: Player) => `${p.jerseyNumber ? `#${p.jerseyNumber} ` : ''}${p.firstName} ${p.lastName}`;

const rowOf = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Pitchers' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test.describe('Pitcher Status', () => {
  test('the coach reads who may pitch on each of 7 days after a game, prints it, and the page passes axe', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const noErrors = failOnConsoleErrors(page);
    await signInToDashboard(page, 'coach@example.com');
    const gql = graphqlOf(page);

    const { listTeams } = await gql<{ listTeams: { items: { id: string; name: string; leagueName: string }[] } }>(
      '{ listTeams { items { id name leagueName } } }',
    );
    const tigers = listTeams.items.find((t) => t.name === 'Tigers' && t.leagueName === 'Majors');
    expect(tigers, 'the demo coach coaches the Majors Tigers').toBeTruthy();
    const teamId = tigers?.id ?? '';
    const { listPlayers } = await gql<{ listPlayers: { items: Player[] } }>(
      'query($f: PlayerFilter) { listPlayers(filter: $f) { items { id firstName lastName jerseyNumber } } }',
      { f: { teamId: { eq: teamId } } },
    );
    // A past day (the calendar holds) within the league's two weeks to confirm (test/e2e/global-setup.ts), and two
    // players who pitched neither in the four days before it, nor on it, nor in the week the grid shows after it.
    const { day, rested } = await restedDay(page, [-6, -5, -8, -9, -10, -12, -13, -7, -11], 3, 6);
    const gameDate = day.iso;
    const [starter, reliever] = listPlayers.items.filter((p) => p.firstName !== 'Riley' && rested.includes(nameOf(p)));
    if (!starter || !reliever) throw new Error('the Tigers need two rested players');
    const { createGame } = await gql<{ createGame: { id: string } }>(
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: { homeTeamId: teamId, opponentName: 'Status Visitors', date: gameDate, state: 'final' } },
    );
    const outing = 'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }';
    const common = { gameId: createGame.id, teamId };
    // Little League: 66 and more owe 4 days (eligible on day 5); 21 to 35 owe 1 (eligible on day 2).
    await gql(outing, {
      i: {
        ...common,
        id: randomUUID(),
        playerId: starter.id,
        pitches: 70,
        pitchesBeforeLastBatter: 66,
        pitchedInnings: [1, 2, 3, 4],
      },
    });
    await gql(outing, { i: { ...common, id: randomUUID(), playerId: reliever.id, pitches: 30, pitchedInnings: [5] } });

    await page.goto('/status');
    await expect(page.getByRole('heading', { level: 1, name: 'Pitcher Status' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Team' })).toHaveValue(/^Tigers \(Majors, /);
    await expect(page.getByText(/^Status on /)).toBeVisible();
    await expect(page.getByText(/^Rule: /)).toBeVisible();
    await page.getByLabel('Date').fill(gameDate);
    await expect(page.getByText(`Status on ${short(gameDate)}, ${gameDate.slice(0, 4)}`)).toBeVisible();

    const starterRow = rowOf(page, nameOf(starter));
    for (let day = 0; day < 7; day++) {
      const date = addDays(gameDate, day);
      const verdict = day < 5 ? 'cannot pitch' : 'can pitch';
      await expect(starterRow.getByRole('cell', { name: new RegExp(`^${spoken(date)}: ${verdict}`) })).toBeVisible();
    }
    // What the eye reads: ✗, or ✓ and the pitches left.
    const shown = (name: string) => starterRow.getByRole('cell', { name }).locator('[aria-hidden="true"]');
    await expect(shown(`${spoken(addDays(gameDate, 1))}: cannot pitch (rest)`)).toHaveText('✗');
    // The daily max by league age (85 at 11 and 12, 95 from 13), which turns over with the year: as the server says.
    const dayFive = addDays(gameDate, 5);
    const { pitcherStatus: then } = await gql<{
      pitcherStatus: { pitchers: { playerId: string; days: { remaining: number | null }[] }[] };
    }>(
      'query($t: ID, $d: String) { pitcherStatus(teamId: $t, date: $d) { pitchers { playerId days { remaining } } } }',
      {
        t: teamId,
        d: dayFive,
      },
    );
    const left = then.pitchers.find((p) => p.playerId === starter.id)?.days[0]?.remaining;
    expect([85, 95]).toContain(left);
    await expect(shown(`${spoken(dayFive)}: can pitch, ${left} left`)).toHaveText(`✓ ${left}`);
    await expect(starterRow.getByRole('cell', { name: '4 days', exact: true })).toBeVisible();
    await expect(starterRow.getByRole('cell', { name: short(addDays(gameDate, 5)), exact: true })).toBeVisible();
    const relieverRow = rowOf(page, nameOf(reliever));
    for (let day = 0; day < 7; day++) {
      const date = addDays(gameDate, day);
      const verdict = day < 2 ? 'cannot pitch' : 'can pitch';
      await expect(relieverRow.getByRole('cell', { name: new RegExp(`^${spoken(date)}: ${verdict}`) })).toBeVisible();
    }
    await expect(relieverRow.getByRole('cell', { name: '1 day', exact: true })).toBeVisible();

    // The day after: the starter rests, the badge says until when.
    await page.getByLabel('Date').fill(addDays(gameDate, 1));
    await expect(starterRow.getByText(`Resting · eligible ${short(addDays(gameDate, 5))}`)).toBeVisible();
    await expect(relieverRow.getByText(`Resting · eligible ${short(addDays(gameDate, 2))}`)).toBeVisible();

    // The details open from the keyboard: recent outings, and the workload chart.
    const control = page.getByRole('button', { name: new RegExp(`^${nameOf(starter)}`) });
    await control.focus();
    await page.keyboard.press('Enter');
    const outings = page.getByRole('table', { name: `Recent outings of ${nameOf(starter)}` });
    await expect(outings.getByRole('row').nth(1)).toContainText('Status Visitors');
    await expect(outings.getByRole('row').nth(1)).toContainText('4 days');
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Print: window.print is called; on paper, no header or menu, the heading, team, date and table stay.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Pitcher Status' })).toBeVisible();
    await expect(page.getByRole('paragraph').filter({ hasText: /^Tigers \(Majors, / })).toBeVisible();
    await expect(page.getByText(/^Status on /)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pitchers' })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    noErrors();

    // A phone: a card a pitcher, today, rest, next eligible date and the week in sight; the page never scrolls sideways.
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const small = await phone.newPage();
    const noPhoneErrors = failOnConsoleErrors(small);
    await signInToDashboard(small, 'coach@example.com');
    await small.goto('/status');
    await small.getByLabel('Date').fill(gameDate);
    const card = small
      .getByRole('list', { name: 'Pitchers' })
      .getByRole('listitem')
      .filter({ has: small.getByRole('heading', { name: nameOf(starter), exact: true }) });
    await expect(card).toContainText(`Rest after last outing: 4 days · Next eligible: ${short(addDays(gameDate, 5))}`);
    const week = card.getByRole('table', { name: `The next 7 days of ${nameOf(starter)}` });
    await expect(week.getByRole('cell', { name: new RegExp(`^${spoken(addDays(gameDate, 5))}`) })).toBeVisible();
    const edge = await week.boundingBox();
    expect((edge?.x ?? 0) + (edge?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(small)).toEqual([]);
    noPhoneErrors();
    await phone.close();
  });

  test('the parent sees whether Riley may pitch today', async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    await signIn(page, 'parent@example.com');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/parent/players');
    const riley = page.getByRole('region', { name: /^Riley / });
    await expect(riley).toContainText('Tigers (Majors)');
    await expect(riley.getByText(/^(Can pitch today|Resting · eligible |Not today: )/)).toBeVisible();
    await expect(riley.getByText(/^(Last outing: |No outing recorded yet\.)/)).toBeVisible();
    const max = page.getByRole('region', { name: /^Max / });
    await expect(max.getByText(/^(Can pitch today|Resting · eligible |Not today: )/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    noErrors();
  });
});

test.describe('The dashboard', () => {
  test("shows each role its day, in the same words as the role's own page", async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    // The coach: who may pitch today, as Pitcher Status says it.
    await signInToDashboard(page, 'coach@example.com');
    const tigers = page.getByRole('region', { name: 'Tigers (Majors)' });
    await expect(tigers.getByRole('heading', { name: /^Games today, / })).toBeVisible();
    const whoMayPitch = tigers.getByRole('list', { name: 'Who may pitch today' }).getByRole('listitem');
    await expect(whoMayPitch.first()).toBeVisible();
    const said = await whoMayPitch.evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('p')?.textContent ?? '',
        item.querySelector('.mantine-Badge-label')?.textContent ?? '',
      ]),
    );
    expect(said.length).toBeGreaterThan(5);
    expect(await seriousViolations(page)).toEqual([]);
    await tigers.getByRole('link', { name: /^Pitcher Status/ }).click();
    await expect(page).toHaveURL(/\/status$/);
    for (const [name, today] of said) {
      expect(today, `${name} has an answer for today`).not.toBe('');
      await expect(rowOf(page, name ?? '')).toContainText(today ?? '');
    }

    // The parent: each child's card, as My Child's Status says it.
    await page.context().clearCookies();
    await signInToDashboard(page, 'parent@example.com');
    const riley = page.getByRole('region', { name: 'Riley Parent' });
    const answer = riley.getByText(/^(Can pitch today|Resting · eligible |Not today: )/);
    await expect(answer).toBeVisible();
    const words = await answer.textContent();
    await page.getByRole('link', { name: /^My Child's Status: / }).click();
    await expect(page.getByRole('region', { name: /^Riley / }).getByText(words ?? '', { exact: true })).toBeVisible();

    // The admin: the open violations, as View Violations lists them.
    await page.context().clearCookies();
    await signInToDashboard(page, 'admin@example.com');
    const open = page.getByRole('region', { name: 'Open violations' });
    const line = await open.getByText(/open violations?, newest first:$/).textContent();
    const count = Number(line?.split(' ')[0]);
    expect(count).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Game counts to agree' }).getByText(/^Majors: /)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await open.getByRole('link', { name: 'View Violations' }).click();
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Open' }).click();
    await expect(page.getByRole('table', { name: 'Violations' }).getByRole('rowheader')).toHaveCount(count);
    noErrors();
  });
});
