import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, failOnConsoleErrors, seriousViolations, signIn, signInToDashboard } from './fixtures.ts';
import { gameAgainstLions, graphql } from './game-helpers.ts';

/**
 * A record a league can stand behind: once both dugouts signed a game's counts, the
 * Tigers' coach can no longer correct them; the league's admin corrects one with a reason; the
 * game's history says who changed what, when and why; and the Lions' coach sees the change
 * flagged on their own page of the game.
 */

/** A new user's first sign-in with the temporary password mailed to them. */
async function firstSignIn(page: Page, request: APIRequestContext, email: string) {
  const mailbox = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const temporary = String(mailbox.items.at(-1)?.text).match(/temporary password:\s+(\S+)/)?.[1];
  expect(temporary, `a temporary password mailed to ${email}`).toBeTruthy();
  await signIn(page, email, temporary ?? '');
  await expect(page.getByRole('heading', { name: 'Set Your New Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New Password' }).fill('Lions-coach-secret-7734');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens 'Correct outing' for a pitcher, types the count and the reason, and saves. */
async function correct(page: Page, pitcher: string, pitches: number, reason: string) {
  await page.getByRole('button', { name: `Correct outing of ${pitcher}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct outing' });
  const count = dialog.getByRole('textbox', { name: 'Pitches', exact: true });
  await count.fill(String(pitches));
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

test.describe('The pitch record', () => {
  test('a signed game: the coach is refused, the admin corrects with a reason, the history and the other dugout show it', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const within = { timeout: 10_000 };

    // The Lions get a coach who can sign (the demo's Lions coach has no password).
    const su = await request.post('/api/auth/sign-in/email', {
      data: { email: 'superadmin@example.com', password: DEMO_PASSWORD },
    });
    expect(su.ok()).toBe(true);

    const homeContext = await browser.newContext();
    const home = await homeContext.newPage();
    const homeErrors = failOnConsoleErrors(home);
    await signInToDashboard(home, 'coach@example.com');
    // Yesterday's game at home against the Lions, its day free of other demo games for this test.
    const { tigers, lions, gameId } = await gameAgainstLions(home, -3 - (test.info().retry ?? 0));
    const lionsEmail = `e2e-record-${Date.now()}@example.com`;
    const invited = await request.post('/graphql', {
      data: {
        query: 'mutation($i: InviteCoachInput!) { inviteCoach(input: $i) { id } }',
        variables: { i: { teamId: lions.id, email: lionsEmail, givenName: 'Lena', familyName: 'Lyons' } },
      },
    });
    expect((await invited.json()).errors).toBeUndefined();

    // The Tigers' coach records their pitcher's outing: 63 pitches.
    const { gameRoster } = await graphql<{
      gameRoster: { teamId: string; players: { id: string; firstName: string; lastName: string }[] }[];
    }>(home, 'query($g: ID!) { gameRoster(gameId: $g) { teamId players { id firstName lastName } } }', { g: gameId });
    const ace = gameRoster.find((r) => r.teamId === tigers.id)?.players[0];
    if (!ace) throw new Error('the Tigers have players');
    const pitcher = `${ace.firstName} ${ace.lastName}`;
    await graphql(home, 'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }', {
      i: {
        id: crypto.randomUUID(),
        gameId,
        playerId: ace.id,
        teamId: tigers.id,
        pitches: 63,
        pitchedInnings: [1, 2, 3, 4],
        outs: 12,
      },
    });

    // Both dugouts sign.
    await graphql(home, 'mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { status } }', {
      g: gameId,
      t: tigers.id,
    });
    const awayContext = await browser.newContext();
    const away = await awayContext.newPage();
    const awayErrors = failOnConsoleErrors(away);
    await firstSignIn(away, request, lionsEmail);
    await graphql(away, 'mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { status } }', {
      g: gameId,
      t: lions.id,
    });

    // The Tigers' coach is offered no correction of the signed count, and reads why; nothing changes.
    await home.goto(`/tracker?${new URLSearchParams({ team: tigers.id, game: gameId })}`);
    await expect(home.getByRole('heading', { level: 2, name: /^Game of / })).toBeVisible();
    await expect(
      home.getByText(
        'Both teams signed this game’s counts: only a league admin can change them now, with a reason kept in its history.',
      ),
    ).toBeVisible();
    await expect(home.getByRole('button', { name: /^Correct outing of / })).toHaveCount(0);
    const outings = home.getByRole('table', { name: 'Outings' });
    await expect(
      outings
        .getByRole('row', { name: new RegExp(pitcher) })
        .getByRole('cell')
        .first(),
    ).toHaveText('63');

    // The league's admin corrects it, with the reason; the game's history says so in plain words.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminErrors = failOnConsoleErrors(admin);
    await signInToDashboard(admin, 'admin@example.com');
    await admin.goto(`/tracker?${new URLSearchParams({ team: tigers.id, game: gameId })}`);
    const done = await correct(admin, pitcher, 58, 'miscounted in the 4th');
    await expect(done).toHaveCount(0, within);
    const history = admin.getByRole('list', { name: /^Changes to the game of .*, newest first$/ });
    await expect(history.getByRole('listitem').first()).toContainText(
      `Alex Admin changed ${pitcher}’s count 63 → 58: “miscounted in the 4th”`,
      within,
    );
    await expect(history).toContainText('confirmed the counts for Lions');
    expect(await seriousViolations(admin)).toEqual([]);

    // The Lions' coach sees it flagged on their page of the game, and the Tigers' coach too.
    for (const [page, team] of [
      [away, lions.id],
      [home, tigers.id],
    ] as const) {
      await page.goto(`/tracker?${new URLSearchParams({ team, game: gameId })}`);
      const flag = page.getByRole('status', { name: 'Changed after both teams signed' });
      await expect(flag).toContainText(`changed ${pitcher}’s count 63 → 58: “miscounted in the 4th”`, within);
    }
    expect(await seriousViolations(away)).toEqual([]);

    homeErrors();
    awayErrors();
    adminErrors();
    await Promise.all([homeContext.close(), awayContext.close(), adminContext.close()]);
  });
});
