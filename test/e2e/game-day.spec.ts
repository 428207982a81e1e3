import { expect, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, seriousViolations, signInToDashboard } from './fixtures.ts';
import { dateIn, freeDay, gameAgainstLions, graphql, openGame, pick, tap } from './game-helpers.ts';

/**
 * Game day as one flow: the Tigers' coach counts Riley live on a phone, ends the game
 * (who pitched and the counts, asked once), and the game is Final; Riley's parent is emailed the
 * count; the Lions' dugout, still counting, is told at once that the game ended; both dugouts
 * sign; the parent reads the outing and its count on their child's card. The game is on a past day of
 * the demo season (the calendar holds) when Riley may pitch and the Tigers have no other game (freeDay).
 * Then a game whose deadline has passed settles by itself (the test server checks every 3 seconds,
 * BULLPEN_SETTLE_SECONDS; the demo Majors give two weeks, test/e2e/global-setup.ts).
 */

const finalCounts = (page: Page) => page.getByRole('region', { name: 'Final counts' });

/** A dugout's signature: the button, then the question with the counts on record, answered once. */
/** A calendar day as an English email writes it ('Nov 27, 2026'). */
function inEnglish(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

async function confirmFor(page: Page, team: string) {
  await finalCounts(page)
    .getByRole('button', { name: `Confirm final counts for ${team}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Confirm final counts' });
  await expect(dialog.getByRole('list', { name: 'Counts on record' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('game day on a phone: count live, end the game, the parent is told, the other dugout is told at once', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const within = { timeout: 10_000 };
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const coach = await phone.newPage();
  const coachErrors = failOnConsoleErrors(coach);
  await signInToDashboard(coach, 'coach@example.com');
  // A retry plays another day: the first try's game stays on the database, under the same name.
  const free = await freeDay(coach, [-2, -4, -5, -6, -8, -9, -10, -12, -13], /^Riley /);
  const { day, tigers, gameId } = await gameAgainstLions(coach, free);

  // The Lions' dugout (the organization's admin, on a laptop) counts Riley too, in the Lions' book.
  const laptop = await browser.newContext();
  const admin = await laptop.newPage();
  const adminErrors = failOnConsoleErrors(admin);
  await signInToDashboard(admin, 'admin@example.com');
  await admin.goto('/tracker');
  await pick(admin, 'Team', `Lions (Majors, ${tigers.seasonName})`);
  await openGame(admin, `Open game of ${day.label} @ Tigers`);
  await admin.getByRole('button', { name: 'Count live' }).click();
  await admin.getByRole('radiogroup', { name: 'Whose pitcher' }).getByText('Tigers pitcher').click();
  await pick(admin, 'Pitcher', /Riley/);
  await tap(admin, 'Ball');
  await expect(admin.getByText('All sent')).toBeVisible(within);

  // The coach counts Riley: three batters, the second walked intentionally (Little League credits 4 pitches).
  await coach.goto('/tracker');
  await openGame(coach, `Open game of ${day.label} vs Lions`);
  // On a phone the game's panel starts below the list of games: the coach is taken to it.
  await expect(coach.getByRole('heading', { level: 2, name: `Game of ${day.label} vs Lions` })).toBeInViewport();
  await expect(coach.getByLabel('State: Scheduled')).toBeVisible();
  await coach.getByRole('button', { name: 'Count live' }).click();
  await pick(coach, 'Pitcher', /Riley/);
  await tap(coach, 'Ball', 'Strike', 'In play', 'Ball', 'Intentional walk', 'Strike', 'Foul', 'In play');
  await expect(coach.getByRole('status', { name: 'Pitch count' })).toHaveText('11');
  await expect(coach.getByText('Batters faced: 3')).toBeVisible();
  await expect
    .poll(async () => {
      const { gameCounts } = await graphql<{ gameCounts: { bookTeamId: string; pitches: number }[] }>(
        coach,
        'query ($gameId: ID!) { gameCounts(gameId: $gameId) { bookTeamId pitches } }',
        { gameId },
      );
      return gameCounts.find((b) => b.bookTeamId === tigers.id)?.pitches;
    }, within)
    .toBe(7);
  await expect(coach.getByText('All sent')).toBeVisible();

  // End game: who pitched and the counts so far, asked once.
  await coach.getByRole('button', { name: 'End game' }).click();
  const dialog = coach.getByRole('dialog', { name: 'End game' });
  await expect(dialog.getByRole('list', { name: 'Who pitched' })).toContainText(
    /Riley .*: 7 pitches, 1 intentional walk, 3 batters/,
  );
  expect(await seriousViolations(coach)).toEqual([]);
  await dialog.getByRole('button', { name: 'End game' }).click();
  await expect(coach.getByRole('heading', { level: 2, name: `Game of ${day.label} vs Lions` })).toBeInViewport(within);
  await expect(coach.getByLabel('State: Final')).toBeVisible();
  await expect(coach.getByRole('button', { name: 'Count live' })).toHaveCount(0);
  await expect(coach.getByText(/^This game is over: taps are no longer counted/)).toBeVisible();
  expect(await coach.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Riley's parent hears of the outing once the game ended.
  await expect
    .poll(async () => {
      const mailbox = await (await coach.request.get('/api/dev/mailbox?to=parent@example.com')).json();
      return JSON.stringify(mailbox.items);
    }, within)
    // Emails write the day as their reader's language does ("Nov 27, 2026"), and the count the rule uses:
    // 7 thrown and the intentional walk's 4.
    .toContain(`pitched 11 pitches on ${inEnglish(day.iso)}`);

  // The Lions' dugout, still on the live count, is told at once that the game ended: no pad to tap on.
  await expect(admin.getByText(/^This game was ended on another device: taps are no longer counted/)).toBeVisible(
    within,
  );
  await expect(admin.getByRole('group', { name: 'Taps' })).toHaveCount(0);

  // Both dugouts sign the final counts: the coach for the Tigers, the Lions' side for the Lions.
  await confirmFor(coach, 'Tigers');
  await admin.goto('/tracker');
  await pick(admin, 'Team', `Lions (Majors, ${tigers.seasonName})`);
  await openGame(admin, `Open game of ${day.label} @ Tigers`);
  await confirmFor(admin, 'Lions');
  await coach.reload();
  await expect(finalCounts(coach).getByText('Confirmed', { exact: true })).toBeVisible(within);

  // Riley's parent, on their phone, reads Riley's card: the outing, its count and the rest it owed.
  const family = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const parent = await family.newPage();
  const parentErrors = failOnConsoleErrors(parent);
  await signInToDashboard(parent, 'parent@example.com');
  await parent.goto('/parent/players');
  const riley = parent.getByRole('region', { name: /^Riley / });
  await expect(riley).toContainText(`Last outing: ${day.label} vs Lions · 7 pitches · no rest owed`);
  const edge = await riley.boundingBox();
  expect((edge?.x ?? 0) + (edge?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(parent)).toEqual([]);
  // The games' pages are the coaches': a parent who opens one is told so, and where theirs are.
  await parent.goto('/tracker');
  await expect(parent.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeVisible();

  // A game whose deadline has passed, its count typed in and never confirmed: it settles by itself.
  const past = { iso: dateIn(-20) };
  const { createGame } = await graphql<{ createGame: { id: string } }>(
    coach,
    'mutation ($input: CreateGameInput!) { createGame(input: $input) { id } }',
    { input: { date: past.iso, homeTeamId: tigers.id, opponentName: `Late Settlers ${Date.now()}` } },
  );
  const { listPlayers } = await graphql<{ listPlayers: { items: { id: string }[] } }>(
    coach,
    'query ($teamId: ID!) { listPlayers(filter: { teamId: { eq: $teamId } }, limit: 100) { items { id } } }',
    { teamId: tigers.id },
  );
  await graphql(coach, 'mutation ($input: CreatePitchOutingInput!) { createPitchOuting(input: $input) { id } }', {
    input: {
      id: crypto.randomUUID(),
      gameId: createGame.id,
      playerId: listPlayers.items.at(-1)?.id,
      teamId: tigers.id,
      pitches: 1,
    },
  });
  await coach.goto(`/tracker?team=${tigers.id}&game=${createGame.id}`);
  // Read again until both show it: the games list and the count are two requests, and the settling can
  // commit between them.
  await expect(async () => {
    await coach.reload();
    await expect(finalCounts(coach).getByText('Settled', { exact: true })).toBeVisible({ timeout: 3_000 });
    await expect(coach.getByLabel('State: Final')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });

  coachErrors();
  adminErrors();
  parentErrors();
  await phone.close();
  await laptop.close();
  await family.close();
});
