import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, seriousViolations, signInToDashboard } from './fixtures.ts';
import { dateIn, demoTigers, graphql, labelOf, tap } from './game-helpers.ts';

/**
 * The moment of decision, on a coach's phone (390 px): Riley threw 60 pitches yesterday (3 days of rest
 * under Little League). In today's game the picker marks Riley resting until the day Pitcher Status says;
 * choosing Riley shows why and the rule and asks; the confirmed choice is in the game's history and the
 * admins' mailbox at once; after the outing, the parent's email gives Pitcher Status's date and reasons.
 */

/** A calendar day as an English email writes it ('Nov 27, 2026'). */
function inEnglish(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

interface Answer {
  canPitch: boolean;
  nextEligibleDate: string | null;
  reasons: { code: string; until: string | null }[];
}

test('the coach picks a resting pitcher: marked, asked, kept and told; the parent’s email says Pitcher Status’s date', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const within = { timeout: 10_000 };
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const coach = await phone.newPage();
  const noErrors = failOnConsoleErrors(coach);
  await signInToDashboard(coach, 'coach@example.com');
  const tigers = await demoTigers(coach);
  const { listPlayers } = await graphql<{ listPlayers: { items: { id: string; firstName: string }[] } }>(
    coach,
    'query ($t: ID) { listPlayers(filter: { teamId: { eq: $t } }, limit: 100) { items { id firstName } } }',
    { t: tigers.id },
  );
  const riley = listPlayers.items.find((p) => p.firstName === 'Riley');
  if (!riley) throw new Error('the demo Tigers have Riley');
  const stamp = Date.now();
  const today = dateIn(0);
  const yesterday = dateIn(-1);
  const newGame = async (date: string, opponent: string) =>
    (
      await graphql<{ createGame: { id: string } }>(
        coach,
        'mutation ($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date, startTime: '10:00', homeTeamId: tigers.id, opponentName: opponent } },
      )
    ).createGame.id;

  // Yesterday: 60 pitches, typed in from the paper log.
  const eve = await newGame(yesterday, `Decision Eve ${stamp}`);
  await graphql(coach, 'mutation ($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }', {
    i: {
      id: crypto.randomUUID(),
      gameId: eve,
      playerId: riley.id,
      teamId: tigers.id,
      pitches: 60,
      pitchedInnings: [1, 2, 3],
    },
  });
  const statusToday = async () =>
    (
      await graphql<{ pitcherStatus: { pitchers: { playerId: string; today: Answer }[] } }>(
        coach,
        'query ($t: ID, $d: String) { pitcherStatus(teamId: $t, date: $d) { pitchers { playerId today { canPitch nextEligibleDate reasons { code until } } } } }',
        { t: tigers.id, d: today },
      )
    ).pitcherStatus.pitchers.find((p) => p.playerId === riley.id)?.today as Answer;
  const before = await statusToday();
  expect(before.canPitch).toBe(false);
  expect(before.reasons[0]?.code).toBe('PITCHED_BEFORE_ELIGIBLE');
  const eligible = before.nextEligibleDate as string;
  const eligibleLabel = await labelOf(coach, eligible);

  // Today's game: the picker marks Riley resting until the day Pitcher Status says.
  const gameId = await newGame(today, `Decision Visitors ${stamp}`);
  await coach.goto(`/tracker?${new URLSearchParams({ team: tigers.id, game: gameId, live: '1' })}`);
  await expect(coach.getByRole('heading', { level: 1, name: 'Live count' })).toBeVisible();
  await coach.getByRole('combobox', { name: 'Pitcher' }).click();
  const option = coach.getByRole('option', { name: new RegExp(`Riley Parent · Resting until ${eligibleLabel}$`) });
  await expect(option).toBeVisible();
  await expect(coach.getByRole('option', { name: / · Available, \d+ pitches left today$/ }).first()).toBeVisible();
  await coach.screenshot({ path: test.info().outputPath('picker-390.png') });
  await option.click();

  // Choosing Riley: why, in words and with the rule, and the coach is asked.
  const dialog = coach.getByRole('dialog', { name: 'Riley Parent may not pitch in this game' });
  await expect(dialog).toContainText(
    `Resting: 60 pitches on ${inEnglish(yesterday)} owe 3 days of rest; eligible ${inEnglish(eligible)}. (until ${eligibleLabel})`,
  );
  await expect(dialog).toContainText(/Rule: Little League/);
  await expect(dialog).toContainText(`First day Riley may pitch: ${eligibleLabel}`);
  expect(await seriousViolations(coach)).toEqual([]);
  const box = await dialog.getByRole('button', { name: 'Pitch Riley anyway' }).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await coach.screenshot({ path: test.info().outputPath('hold-390.png') });
  await dialog.getByRole('button', { name: 'Pitch Riley anyway' }).click();
  await expect(coach.getByRole('group', { name: 'Taps' })).toBeVisible();
  await expect(coach.getByText('Held out of this game')).toBeVisible();
  await expect(coach.getByText('0 pitches left today')).toBeVisible();

  // The league's admins are told at once.
  await expect
    .poll(async () => {
      const mailbox = await (await coach.request.get('/api/dev/mailbox?to=admin@example.com')).json();
      return (mailbox.items as { subject: string }[]).map((m) => m.subject);
    }, within)
    .toContainEqual(`Pitcher held out chosen to pitch: Riley Parent (Tigers) on ${inEnglish(today)}`);

  // Three pitches: the count card gives Pitcher Status's date with this count.
  await tap(coach, 'New batter', 'Ball', 'Strike', 'Foul');
  await expect(coach.getByRole('status', { name: 'Pitch count' })).toHaveText('3');
  await expect(coach.getByText('All sent')).toBeVisible(within);
  await expect(coach.getByText(`Eligible ${eligibleLabel}`)).toBeVisible();
  expect(await coach.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await coach.screenshot({ path: test.info().outputPath('count-390.png'), fullPage: true });

  // End the game: the parent's email gives the same date as Pitcher Status, with every reason.
  await coach.getByRole('button', { name: 'End game' }).click();
  const end = coach.getByRole('dialog', { name: 'End game' });
  await end.getByRole('button', { name: 'End game' }).click();
  await expect(coach.getByLabel('State: Final')).toBeVisible(within);
  const after = await statusToday();
  expect(after.nextEligibleDate).toBe(eligible);
  await expect
    .poll(async () => {
      const mailbox = await (await coach.request.get('/api/dev/mailbox?to=parent@example.com')).json();
      return (mailbox.items as { subject: string; text: string }[]).find(
        (m) => m.subject === `Riley pitched 3 pitches on ${inEnglish(today)}`,
      )?.text;
    }, within)
    .toContain(`Riley may pitch again from ${inEnglish(eligible)}.`);

  // The choice is in the game's history, with who and why.
  const history = coach.getByRole('region', { name: 'History' });
  await expect(
    history.getByText(/Casey Coach chose Riley Parent to pitch although the rules held them out: Resting: 60 pitches/),
  ).toBeVisible(within);
  await coach.screenshot({ path: test.info().outputPath('game-390.png'), fullPage: true });
  noErrors();
  await phone.close();
});
