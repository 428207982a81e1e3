import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** What the browser tests of a game day share: the API as the signed-in page, a day, a game, taps. */

export async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post('/graphql', { data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

/** A calendar date `days` from the browser's today, and how the screen writes it ('Sat, May 2'). */
export function dayIn(page: Page, days: number) {
  return page.evaluate((n) => {
    const now = new Date();
    const date = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + n));
    const label = new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(date);
    return { iso: date.toISOString().slice(0, 10), label };
  }, days);
}

interface Team {
  id: string;
  name: string;
  leagueName: string;
  seasonName: string;
  seasonState: string;
}

/** The demo Tigers: the Majors team of the active season. */
export async function demoTigers(page: Page): Promise<Team> {
  const { listTeams } = await graphql<{ listTeams: { items: Team[] } }>(
    page,
    'query { listTeams(limit: 1000) { items { id name leagueName seasonName seasonState } } }',
  );
  const tigers = listTeams.items.find(
    (t) => t.name === 'Tigers' && t.leagueName === 'Majors' && t.seasonState === 'active',
  );
  if (!tigers) throw new Error('no Majors Tigers in an active season');
  return tigers;
}

/** How the screens write a calendar day ('Sat, May 2'), in the page's language. */
export function labelOf(page: Page, iso: string) {
  return page.evaluate((day) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y, m - 1, d)));
  }, iso);
}

/**
 * A day of the demo season, counted back from the league's today (`offsets`, each 0 or less: the calendar
 * holds, nothing is counted on a day not yet come), on which the Tigers have no game yet and, when named,
 * the pitcher may pitch by Pitcher Status. The demo's half
 * season and the other browser tests pitch on other days; this finds one free of them, whatever ran before.
 */
export async function freeDay(
  page: Page,
  offsets: readonly number[],
  pitcher?: RegExp,
  /** A day other Tigers games may share (a test that opens its game by a name of its own). */
  shared = false,
) {
  const tigers = await demoTigers(page);
  type Status = {
    pitcherStatus: {
      pitchers: {
        firstName: string;
        lastName: string;
        today: { canPitch: boolean } | null;
        recentOutings: { date: string }[];
      }[];
    };
  };
  for (const offset of offsets) {
    const iso = dateIn(offset);
    const { listGames } = await graphql<{ listGames: { items: { id: string }[] } }>(
      page,
      'query ($f: GameFilter) { listGames(filter: $f, limit: 10) { items { id } } }',
      { f: { teamId: { eq: tigers.id }, date: { eq: iso } } },
    );
    if (listGames.items.length > 0 && !shared) continue;
    if (!pitcher) return { iso, label: await labelOf(page, iso) };
    const read = async (date: string) =>
      (
        await graphql<Status>(
          page,
          'query ($t: ID, $d: String) { pitcherStatus(teamId: $t, date: $d) { pitchers { firstName lastName today { canPitch } recentOutings { date } } } }',
          { t: tigers.id, d: date },
        )
      ).pitcherStatus.pitchers.find((p) => pitcher.test(`${p.firstName} ${p.lastName}`));
    // Their count there owes no rest (under 21 pitches): what they pitch after it stays as it was.
    const onTheDay = await read(iso);
    if (!onTheDay?.today?.canPitch) continue;
    return { iso, label: await labelOf(page, iso) };
  }
  throw new Error(
    `no day among ${offsets.join(', ')} free of Tigers games${pitcher ? ` on which ${pitcher} may pitch` : ''}`,
  );
}

/** The demo Tigers (Majors, active season) and a new game at home against the Lions on a day (`days` from today, or a day `freeDay` found). */
export async function gameAgainstLions(page: Page, days: number | { iso: string; label: string }) {
  const tigers = await demoTigers(page);
  const { listOpponentTeams } = await graphql<{ listOpponentTeams: { id: string; name: string }[] }>(
    page,
    'query ($teamId: ID!) { listOpponentTeams(teamId: $teamId) { id name } }',
    { teamId: tigers.id },
  );
  const lions = listOpponentTeams.find((t) => t.name === 'Lions');
  if (!lions) throw new Error('the Majors have Lions');
  const day = typeof days === 'number' ? { iso: dateIn(days), label: await labelOf(page, dateIn(days)) } : days;
  const { createGame } = await graphql<{ createGame: { id: string } }>(
    page,
    'mutation ($input: CreateGameInput!) { createGame(input: $input) { id } }',
    { input: { date: day.iso, startTime: '10:00', homeTeamId: tigers.id, awayTeamId: lions.id } },
  );
  return { tigers, lions, gameId: createGame.id, day };
}

export async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

export async function tap(page: Page, ...labels: string[]) {
  for (const label of labels) await page.getByRole('button', { name: label, exact: true }).click();
}

/** The calendar date `days` after today in the demo organization's time zone (America/New_York). */
export function dateIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A Tigers pitcher (the roster's `nth`, counted as Array.at counts) throws 70 pitches on day `days`
 * (4 days of rest under Little League's rule) and pitches again two days later against `opponent`:
 * the engine records PITCHED_BEFORE_ELIGIBLE. The name as written, with the jersey as rows show it.
 */
export async function pitchTooSoon(page: Page, options: { days: number; nth: number; opponent: string }) {
  const tigers = await demoTigers(page);
  const { listPlayers } = await graphql<{
    listPlayers: { items: { id: string; firstName: string; lastName: string; jerseyNumber: string | null }[] };
  }>(
    page,
    'query ($teamId: ID) { listPlayers(filter: { teamId: { eq: $teamId } }, limit: 1000) { items { id firstName lastName jerseyNumber } } }',
    { teamId: tigers.id },
  );
  const pitcher = listPlayers.items.at(options.nth);
  if (!pitcher) throw new Error('the Tigers have no players');

  const second = dateIn(options.days + 2);
  for (const [date, pitches] of [
    [dateIn(options.days), 70],
    [second, 20],
  ] as const) {
    const { createGame } = await graphql<{ createGame: { id: string } }>(
      page,
      'mutation ($input: CreateGameInput!) { createGame(input: $input) { id } }',
      { input: { homeTeamId: tigers.id, opponentName: options.opponent, date, startTime: '18:00' } },
    );
    await graphql(page, 'mutation ($input: CreatePitchOutingInput!) { createPitchOuting(input: $input) { id } }', {
      input: {
        id: randomUUID(),
        gameId: createGame.id,
        playerId: pitcher.id,
        teamId: tigers.id,
        pitches,
        pitchedInnings: [1, 2, 3],
      },
    });
  }
  const name = `${pitcher.firstName} ${pitcher.lastName}`;
  return { name, player: pitcher.jerseyNumber ? `#${pitcher.jerseyNumber} ${name}` : name, date: second };
}

/** `days` after an ISO day, and how the screen writes it. */
export async function after(page: Page, from: string, days: number) {
  const date = new Date(`${from}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  const iso = date.toISOString().slice(0, 10);
  return { iso, label: await labelOf(page, iso) };
}

interface Rested {
  firstName: string;
  lastName: string;
  jerseyNumber: string | null;
  today: { canPitch: boolean } | null;
  recentOutings: { date: string }[];
}

/**
 * The Tigers' players who pitched neither in the four days before `iso` nor on it, nor in the `days` after it
 * (the demo's rotation and the other tests pitch some): their rest and next eligible date after a game that day
 * are the game's own.
 */
export async function restedOn(page: Page, iso: string, days = 0): Promise<string[]> {
  const tigers = await demoTigers(page);
  const later = (await after(page, iso, days)).iso;
  const earlier = (await after(page, iso, -4)).iso;
  const { pitcherStatus } = await graphql<{ pitcherStatus: { pitchers: Rested[] } }>(
    page,
    'query ($t: ID, $d: String) { pitcherStatus(teamId: $t, date: $d) { pitchers { firstName lastName jerseyNumber today { canPitch } recentOutings { date } } } }',
    { t: tigers.id, d: later },
  );
  return pitcherStatus.pitchers
    .filter((p) => p.recentOutings.every((o) => o.date < earlier))
    .map((p) => `${p.jerseyNumber ? `#${p.jerseyNumber} ` : ''}${p.firstName} ${p.lastName}`);
}

/**
 * Opens a game from the tracker's list by its button's name, first asking for every game when the list shows
 * only the newest ten (other tests' games may be newer than this one).
 */
export async function openGame(page: Page, name: string | RegExp) {
  const button = page.getByRole('button', { name }).first();
  const all = page.getByRole('button', { name: /^(Show all \d+ games|Mostrar los \d+ juegos)$/ });
  await expect(button.or(all).first()).toBeVisible();
  if (!(await button.isVisible()) && (await all.isVisible())) await all.click();
  await button.click();
}

/**
 * The first of these past days (counted as `freeDay` counts them; other Tigers games may share it) with at least
 * `count` Tigers rested around it as `restedOn` has it, and those players. The other browser tests pitch Tigers on
 * past days too, and which days depends on what ran before: a fixed day may have too few left.
 */
export async function restedDay(page: Page, offsets: readonly number[], count: number, days = 0) {
  for (const offset of offsets) {
    const iso = dateIn(offset);
    const rested = await restedOn(page, iso, days);
    if (rested.length >= count) return { day: { iso, label: await labelOf(page, iso) }, rested };
  }
  throw new Error(`no day among ${offsets.join(', ')} with ${count} Tigers rested around it`);
}
