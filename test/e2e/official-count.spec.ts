import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, failOnConsoleErrors, seriousViolations, signIn, signInToDashboard } from './fixtures.ts';

/**
 * One official count: the Tigers' coach and the Lions' coach both count the Lions'
 * pitcher in a game today, one pitch apart. Each sees the game disputed and where the counts
 * differ; the league's admin finds it under Game Counts; both coaches confirm (the paper log's two
 * signatures) and each sees the game confirmed, the other's confirmation arriving live.
 */

/** A GraphQL call as the SuperAdmin, for the setup the issue does not ask to click through. */
async function asSuperAdmin(request: APIRequestContext) {
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: 'superadmin@example.com', password: DEMO_PASSWORD },
  });
  expect(signedIn.ok()).toBe(true);
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const res = await request.post('/graphql', { data: { query, variables } });
    const body = (await res.json()) as { data: T; errors?: { message: string }[] };
    expect(body.errors).toBeUndefined();
    return body.data;
  };
}

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post('/graphql', { data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

/** Today in the demo organization's time zone (the server's today: Game Counts lists games up to it). */
function demoToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}

interface Team {
  id: string;
  name: string;
  leagueName: string;
  seasonState: string;
}

async function tap(page: Page, ...labels: string[]) {
  for (const label of labels) await page.getByRole('button', { name: label, exact: true }).click();
}

/** A new user's first sign-in with the temporary password mailed to them. */
async function firstSignIn(page: Page, request: APIRequestContext, email: string) {
  const mailbox = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const temporary = String(mailbox.items.at(-1)?.text).match(/temporary password:\s+(\S+)/)?.[1];
  expect(temporary, `a temporary password mailed to ${email}`).toBeTruthy();
  await signIn(page, email, temporary ?? '');
  await expect(page.getByRole('heading', { name: 'Set Your New Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New Password' }).fill('Lions-coach-secret-5521');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const finalCounts = (page: Page) => page.getByRole('region', { name: 'Final counts' });

/** A coach's signature: the button, then the question with the counts on record, answered once. */
async function confirmFor(page: Page, team: string) {
  await finalCounts(page)
    .getByRole('button', { name: `Confirm final counts for ${team}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Confirm final counts' });
  await expect(dialog.getByRole('list', { name: 'Counts on record' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('One official count', () => {
  test('two dugouts disagree, the admin sees the dispute, both coaches confirm', async ({ browser, request }) => {
    test.setTimeout(150_000);
    const within = { timeout: 10_000 };

    // The demo Majors Lions get a coach of their own (the demo's Lions coach has no password).
    const gql = await asSuperAdmin(request);
    const { listTeams } = await gql<{ listTeams: { items: Team[] } }>(
      'query { listTeams(limit: 1000) { items { id name leagueName seasonState } } }',
    );
    const team = (name: string) =>
      listTeams.items.find((t) => t.name === name && t.leagueName === 'Majors' && t.seasonState === 'active');
    const tigers = team('Tigers');
    const lions = team('Lions');
    if (!tigers || !lions) throw new Error('the demo Majors have Tigers and Lions');
    const lionsEmail = `e2e-lions-${Date.now()}@example.com`;
    await gql('mutation($i: InviteCoachInput!) { inviteCoach(input: $i) { id } }', {
      i: { teamId: lions.id, email: lionsEmail, givenName: 'Leah', familyName: 'Lyons' },
    });

    // The Tigers' coach: a game at home against the Lions, today.
    const homeContext = await browser.newContext();
    const home = await homeContext.newPage();
    const homeErrors = failOnConsoleErrors(home);
    await signInToDashboard(home, 'coach@example.com');
    const today = demoToday();
    // Its own start time: the other tests' games against the Lions are listed too (every game up to today).
    const startTime = `11:${String(17 + test.info().retry).padStart(2, '0')}`;
    const { createGame } = await graphql<{ createGame: { id: string } }>(
      home,
      'mutation ($input: CreateGameInput!) { createGame(input: $input) { id } }',
      { input: { date: today, startTime, homeTeamId: tigers.id, awayTeamId: lions.id } },
    );
    const gameId = createGame.id;

    // The Tigers' dugout counts the Lions' pitcher.
    await home.goto(`/tracker?${new URLSearchParams({ team: tigers.id, game: gameId, live: '1' })}`);
    await expect(home.getByRole('heading', { level: 1, name: 'Live count' })).toBeVisible();
    await home.getByRole('radiogroup', { name: 'Whose pitcher' }).getByText('Lions pitcher').click();
    // A Lions pitcher who may pitch today (the demo's rotation rests some), as the SuperAdmin reads the Lions' status.
    const { pitcherStatus: lionsToday } = await gql<{
      pitcherStatus: { pitchers: { firstName: string; lastName: string; today: { canPitch: boolean } | null }[] };
    }>('query($t: ID) { pitcherStatus(teamId: $t) { pitchers { firstName lastName today { canPitch } } } }', {
      t: lions.id,
    });
    const available = lionsToday.pitchers.find((p) => p.today?.canPitch);
    if (!available) throw new Error('no Lions pitcher may pitch today');
    const pitcherName = `${available.firstName} ${available.lastName}`;
    await home.getByRole('combobox', { name: 'Pitcher' }).click();
    const option = home.getByRole('option', { name: new RegExp(`${pitcherName}$`) });
    const pitcher = (await option.textContent()) ?? '';
    await option.click();
    await tap(home, 'New batter', 'Ball', 'Strike', 'Ball');
    await expect(home.getByRole('status', { name: 'Our count' })).toHaveText('3');
    // Only the Tigers counted: nothing is on record for the Lions' pitcher yet.
    await expect(finalCounts(home).getByText('Differs: nothing on record')).toBeVisible(within);

    // The Lions' coach counts the same pitcher in their own book, one pitch fewer.
    const awayContext = await browser.newContext();
    const away = await awayContext.newPage();
    const awayErrors = failOnConsoleErrors(away);
    await firstSignIn(away, request, lionsEmail);
    await away.goto(`/tracker?${new URLSearchParams({ team: lions.id, game: gameId, live: '1' })}`);
    await expect(away.getByRole('heading', { level: 1, name: 'Live count' })).toBeVisible();
    // Their own pitcher: the list marks who may pitch ('#7 Leo Lyon · Available, 85 pitches left today').
    await away.getByRole('combobox', { name: 'Pitcher' }).click();
    await away.getByRole('option', { name: new RegExp(`^${pitcher} · Available`) }).click();
    await tap(away, 'New batter', 'Ball', 'Strike');
    await expect(away.getByRole('status', { name: 'Our count' })).toHaveText('2');

    // Each dugout sees the game disputed, and which pitcher's counts differ.
    for (const page of [home, away]) {
      const panel = finalCounts(page);
      await expect(panel.getByText('Disputed', { exact: true })).toBeVisible(within);
      const row = panel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: pitcherName }) });
      await expect(row.getByText('Differs by 1')).toBeVisible(within);
      await expect(row.getByText('Lions record')).toBeVisible();
      await expect(row.getByText('Tigers count')).toBeVisible();
      await expect(panel.getByText(/^If not agreed by .* at 12:00, the home team’s count stands\.$/)).toBeVisible();
    }
    await expect(finalCounts(home).getByRole('button', { name: 'Confirm final counts for Tigers' })).toBeVisible();
    await expect(finalCounts(away).getByRole('button', { name: 'Confirm final counts for Lions' })).toBeVisible();
    expect(await seriousViolations(home)).toEqual([]);

    // The league's admin finds the dispute under Game Counts.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = failOnConsoleErrors(admin);
    await signInToDashboard(admin, 'admin@example.com');
    await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Game Counts' }).click();
    await expect(admin).toHaveURL(/\/admin\/game-counts/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Game Counts' })).toBeVisible();
    await expect(admin.getByRole('combobox', { name: 'League' })).toHaveValue('Majors');
    await expect(admin.getByRole('checkbox', { name: 'Unconfirmed' })).toBeChecked();
    await expect(admin.getByRole('checkbox', { name: 'Disputed' })).toBeChecked();
    // Only the disputed ones (the demo's past games are unconfirmed, or settled once the deadline check ran).
    await admin.getByRole('checkbox', { name: 'Unconfirmed' }).uncheck();
    const table = admin.getByRole('table', { name: 'Game counts' });
    const game = table
      .getByRole('row')
      .filter({ has: admin.getByRole('rowheader', { name: 'Lions @ Tigers' }) })
      .filter({ hasText: startTime });
    await expect(game).toHaveCount(1);
    await expect(game.getByText('Disputed', { exact: true })).toBeVisible();
    await expect(game.getByText('Tigers: not yet')).toBeVisible();
    await expect(game.getByText('Lions: not yet')).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await game.getByRole('button', { name: /^Show counts of / }).click();
    const details = admin.getByRole('table', { name: /^Counts of .*, Lions @ Tigers$/ });
    await expect(details.getByText('Differs by 1')).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);

    // Both sign: the Tigers first; the Lions' screen hears of it at once.
    await confirmFor(home, 'Tigers');
    const confirmations = (page: Page) => finalCounts(page).getByRole('list', { name: 'Confirmations' });
    await expect(confirmations(home)).toContainText('Tigers: confirmed by ');
    await expect(finalCounts(home).getByRole('button', { name: /^Confirm final counts/ })).toHaveCount(0);
    await expect(confirmations(away)).toContainText('Tigers: confirmed by ', within);
    await expect(finalCounts(away).getByText('Disputed', { exact: true })).toBeVisible();
    await confirmFor(away, 'Lions');
    for (const page of [home, away]) {
      await expect(finalCounts(page).getByText('Confirmed', { exact: true })).toBeVisible(within);
      await expect(confirmations(page)).toContainText('Lions: confirmed by Leah Lyons');
    }

    // The admin's list: no longer disputed; listed as confirmed.
    await admin.reload();
    await admin.getByRole('checkbox', { name: 'Unconfirmed' }).uncheck();
    await expect(table.getByText('No games match.')).toBeVisible();
    await admin.getByRole('checkbox', { name: 'Confirmed', exact: true }).check();
    await expect(game.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(game.getByText('Tigers: yes')).toBeVisible();
    await expect(game.getByText('Lions: yes')).toBeVisible();

    homeErrors();
    awayErrors();
    adminErrors();
    await homeContext.close();
    await awayContext.close();
    await adminContext.close();
  });
});
