import { type Browser, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, failOnConsoleErrors, seriousViolations, signInToDashboard } from './fixtures.ts';
import { demoTigers, graphql } from './game-helpers.ts';

/**
 * The official is really the official (docs/decisions/0050-officials-are-people-the-league-knows.md): the league's
 * admin lists an umpire by name and email; the home coach, on a phone, has Bullpen email the umpire the game's
 * signing link; the umpire opens it on their own phone and signs with one tap, as themselves. The coach then corrects
 * a count, and the umpire's signature reads void on the game, the printed log and the plate meeting card.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Today in the demo organization's time zone (the league's today: a game is counted on its day). */
function demoToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}

async function phone(browser: Browser) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  return { context, page, errors: failOnConsoleErrors(page) };
}

const VOID = /changed after signing by .+: needs a new signature/;

test.describe('The official’s signature', () => {
  test('an umpire signs by the emailed link on their phone; a later correction voids it on the game, the log and the card', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const within = { timeout: 10_000 };
    const umpireEmail = `e2e-umpire-${Date.now()}@example.com`;
    // The umpire's name, this run's own (other runs' umpires stay on the demo league's list).
    const umpire = `Uma Umpire ${Date.now() % 100_000}`;

    // The league's admin adds the umpire to the Majors' officials, on League Management.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = failOnConsoleErrors(admin);
    await signInToDashboard(admin, 'admin@example.com');
    await admin.goto('/admin/leagues');
    await admin.getByRole('button', { name: 'Officials of Majors' }).click();
    const officials = admin.getByRole('dialog', { name: 'Officials: Majors' });
    await officials.getByRole('textbox', { name: 'Name' }).fill(umpire);
    await officials.getByRole('textbox', { name: 'Email' }).fill(umpireEmail);
    await officials.getByRole('button', { name: 'Add' }).click();
    await expect(officials.getByText(umpire)).toBeVisible(within);
    expect(await seriousViolations(admin)).toEqual([]);
    await officials.getByRole('button', { name: 'Done' }).click();

    // The Tigers' coach, on a phone: a game at home against the Lions today, its own late start time so the plate
    // card's week lists it first, and an outing of a Tigers pitcher who may pitch today.
    const coach = await phone(browser);
    await signInToDashboard(coach.page, 'coach@example.com');
    const tigers = await demoTigers(coach.page);
    const { listOpponentTeams } = await graphql<{ listOpponentTeams: { id: string; name: string }[] }>(
      coach.page,
      'query ($teamId: ID!) { listOpponentTeams(teamId: $teamId) { id name } }',
      { teamId: tigers.id },
    );
    const lions = listOpponentTeams.find((t) => t.name === 'Lions');
    if (!lions) throw new Error('the Majors have Lions');
    const startTime = `23:${String(59 - (test.info().retry ?? 0)).padStart(2, '0')}`;
    const { createGame } = await graphql<{ createGame: { id: string } }>(
      coach.page,
      'mutation ($input: CreateGameInput!) { createGame(input: $input) { id } }',
      { input: { date: demoToday(), startTime, homeTeamId: tigers.id, awayTeamId: lions.id } },
    );
    const gameId = createGame.id;
    const { pitcherStatus } = await graphql<{
      pitcherStatus: {
        pitchers: { id: string; firstName: string; lastName: string; today: { canPitch: boolean } | null }[];
      };
    }>(
      coach.page,
      'query($t: ID) { pitcherStatus(teamId: $t) { pitchers { id: playerId firstName lastName today { canPitch } } } }',
      {
        t: tigers.id,
      },
    );
    const ace = pitcherStatus.pitchers.find((p) => p.today?.canPitch);
    if (!ace) throw new Error('a Tigers pitcher may pitch today');
    const pitcher = `${ace.firstName} ${ace.lastName}`;
    await graphql(coach.page, 'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }', {
      i: { id: crypto.randomUUID(), gameId, playerId: ace.id, teamId: tigers.id, pitches: 12, pitchedInnings: [1] },
    });

    // On the game's Final counts, the coach chooses the umpire and has Bullpen email the signing link.
    const gamePage = `/tracker?${new URLSearchParams({ team: tigers.id, game: gameId })}`;
    await coach.page.goto(gamePage);
    const finalCounts = coach.page.getByRole('region', { name: 'Final counts' });
    const signature = finalCounts.getByRole('region', { name: 'The official’s signature' });
    await signature.getByRole('combobox', { name: 'The game’s official' }).click();
    await coach.page.getByRole('option', { name: umpire, exact: true }).click();
    await signature.getByRole('button', { name: 'Email the official a signing link' }).click();
    await expect(signature.getByRole('status')).toContainText(`Link sent to ${umpire}.`, within);
    expect(await seriousViolations(coach.page)).toEqual([]);

    // The umpire's email holds the link (the development mailbox, read as the SuperAdmin).
    const su = await request.post('/api/auth/sign-in/email', {
      data: { email: 'superadmin@example.com', password: DEMO_PASSWORD },
    });
    expect(su.ok()).toBe(true);
    const mailbox = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(umpireEmail)}`)).json();
    const link = String(mailbox.items.at(-1)?.text).match(/\/official\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/)?.[0];
    expect(link, 'a signing link mailed to the umpire').toBeTruthy();

    // The umpire, on their own phone and signed in to nothing, sees what they sign and who signs: one tap signs.
    const ump = await phone(browser);
    await ump.page.goto(link ?? '');
    await expect(ump.page.getByRole('heading', { level: 1, name: 'Sign a game’s counts' })).toBeVisible();
    const counts = ump.page.getByRole('table', { name: 'Check the counts you sign' });
    await expect(counts.getByRole('rowheader', { name: new RegExp(pitcher) })).toBeVisible(within);
    await expect(ump.page.getByText(`You sign as ${umpire}, the official this link was sent to.`)).toBeVisible();
    await expect(ump.page.getByRole('textbox')).toHaveCount(0);
    expect(await seriousViolations(ump.page)).toEqual([]);
    await ump.page.getByRole('button', { name: 'Sign the counts' }).click();
    await expect(ump.page.getByRole('status')).toContainText('You signed the counts of Tigers vs Lions', within);
    await ump.page.screenshot({ path: test.info().outputPath('umpire-signed.png') });

    // The coach's game names the umpire and the counts signed; then the coach corrects the count.
    await coach.page.goto(gamePage);
    const signatures = coach.page
      .getByRole('region', { name: 'Final counts' })
      .getByRole('list', { name: 'Confirmations' });
    await expect(signatures).toContainText(`Official: Signed by ${umpire} at ${pitcher} 12 (`, within);
    await expect(signatures).not.toContainText(VOID);
    await coach.page.getByRole('button', { name: `Correct outing of ${pitcher}` }).click();
    const correct = coach.page.getByRole('dialog', { name: 'Correct outing' });
    await correct.getByRole('textbox', { name: 'Pitches', exact: true }).fill('16');
    await correct.getByRole('textbox', { name: 'Reason' }).fill('four pitches missed in the 1st');
    await correct.getByRole('button', { name: 'Save' }).click();
    await expect(correct).toHaveCount(0, within);

    // Void on the game, with who changed it, and a new link offered …
    await coach.page.goto(gamePage);
    await expect(signatures).toContainText(`Official: Signed by ${umpire} at ${pitcher} 12 (`, within);
    await expect(signatures).toContainText(VOID);
    await expect(
      coach.page
        .getByRole('region', { name: 'The official’s signature' })
        .getByRole('button', { name: 'Email a new signing link' }),
    ).toBeVisible();
    expect(await seriousViolations(coach.page)).toEqual([]);
    await coach.page.screenshot({ path: test.info().outputPath('game-void.png'), fullPage: true });

    // … on the printed log …
    await coach.page.goto(`/tracker/games/${gameId}/log`);
    const confirmations = coach.page.getByRole('list', { name: 'Confirmations' });
    await expect(confirmations).toContainText(`Official: Signed by ${umpire} at ${pitcher} 12`, within);
    await expect(confirmations).toContainText(VOID);

    // … and on the plate meeting card of the Tigers.
    await coach.page.goto(`/plate?${new URLSearchParams({ team: tigers.id })}`);
    const week = coach.page.getByRole('region', { name: 'This week’s signed games' });
    await expect(week).toContainText(`Official: Signed by ${umpire} at ${pitcher} 12`, within);
    await expect(week).toContainText(VOID);
    expect(await seriousViolations(coach.page)).toEqual([]);

    adminErrors();
    coach.errors();
    ump.errors();
    await adminContext.close();
    await coach.context.close();
    await ump.context.close();
  });
});
