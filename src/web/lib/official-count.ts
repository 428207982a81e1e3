import type { CountDeadlineRule } from '../../core/official-count.ts';
import { execute } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';

/**
 * One official count (decision 0018): a game's record, the other dugout's count of each pitcher, each
 * team's confirmation and the league's deadline. Shared by the tracker's Final counts panel and
 * the admins' Game Counts page.
 */
export const OFFICIAL_COUNT_FIELDS = graphql(`
  fragment OfficialCountFields on OfficialCount {
    gameId status deadline deadlinePassed countStandsAfterDeadline settledAt
    game { id leagueName date startTime homeTeamId homeTeamName awayTeamId awayTeamName opponentName
      requiresOfficial officialName officialSignedAt }
    teams { teamId teamName confirmed }
    confirmations { teamId teamName confirmedByName confirmedAt current }
    pitchers { pitcherId pitcherName teamId teamName official { pitches intentionalWalks }
      ownBook { pitches intentionalWalks } otherBook { pitches intentionalWalks } differs }
  }
`);

/**
 * `deadline`: 'YYYY-MM-DDTHH:MM', the organization's local time; `game.requiresOfficial`: the league asks the game
 * official's signature too.
 */
export type OfficialCount = ResultOf<typeof OFFICIAL_COUNT_FIELDS>;
export type OfficialCountGame = OfficialCount['game'];
/**
 * One pitcher's counts: `official` is the outing on record (the pitcher's own team's), `otherBook` the other
 * dugout's count (null when it did not count this pitcher).
 */
export type PitcherCount = OfficialCount['pitchers'][number];
export type CountTotals = NonNullable<PitcherCount['ownBook']>;
/** `current`: false when the record changed after the confirmation. */
export type CountConfirmation = OfficialCount['confirmations'][number];

export const OFFICIAL_COUNT = graphql(
  `
  query OfficialCount($gameId: ID!) { officialCount(gameId: $gameId) { ...OfficialCountFields } }
`,
  [OFFICIAL_COUNT_FIELDS],
);

export const CONFIRM_OFFICIAL_COUNT = graphql(
  `
  mutation ConfirmOfficialCount($gameId: ID!, $teamId: ID!) {
    confirmOfficialCount(gameId: $gameId, teamId: $teamId) { ...OfficialCountFields }
  }
`,
  [OFFICIAL_COUNT_FIELDS],
);

/** The count again each time a team confirms, over graphql-ws. */
export const ON_OFFICIAL_COUNT = graphql(
  `
  subscription OnOfficialCount($gameId: ID!) {
    onOfficialCount(gameId: $gameId) { ...OfficialCountFields }
  }
`,
  [OFFICIAL_COUNT_FIELDS],
);

export async function fetchOfficialCount(gameId: string): Promise<OfficialCount> {
  return (await execute(OFFICIAL_COUNT, { gameId })).officialCount;
}

/** Confirms the game's final counts for one of its teams, as they are on record now. */
export async function confirmOfficialCount(input: { gameId: string; teamId: string }): Promise<OfficialCount> {
  return (await execute(CONFIRM_OFFICIAL_COUNT, input)).confirmOfficialCount;
}

/** The query cache's key of one game's count. */
export const officialCountKey = (gameId: string) => ['officialCount', gameId] as const;

/** One set of labels for screens and the printed log (core). */
export { COUNT_STATUS_LABELS } from '../../core/official-count.ts';

export const OFFICIAL_COUNT_TEXT = {
  title: 'Final counts',
  loadFailed: 'Failed to load the final counts',
  confirmFailed: 'Failed to confirm the final counts',
  needsConnection: 'Confirming needs a connection',
  confirm: (team: string) => `Confirm final counts for ${team}`,
  askTitle: 'Confirm final counts',
  askConfirm: 'Confirm',
  ask: (team: string) =>
    `You sign the final counts of the ${team} as they are on record now, as a manager signs the paper log. A later change to an outing shows your confirmation as changed since.`,
  nothingYet: 'No pitching recorded for this game yet.',
} as const;

// The deadline is the organization's wall-clock time: its day is formatted in UTC, so no reader's zone shifts it.
const deadlineDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'Tue, Nov 24 at 12:00' from '2026-11-24T12:00'. */
export function deadlineWords(deadline: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(deadline);
  if (!match) return deadline;
  const day = deadlineDay.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
  return `${day} at ${match[4]}`;
}

const STANDS: Record<CountDeadlineRule, string> = {
  home: 'the home team’s count',
  own_team: 'each pitcher’s own team’s count',
};

/** What the deadline means for this game, in a sentence (none once every team confirmed). */
export function deadlineText(
  count: Pick<OfficialCount, 'status' | 'deadline' | 'deadlinePassed' | 'countStandsAfterDeadline'>,
): string | null {
  const when = deadlineWords(count.deadline);
  const stands = STANDS[count.countStandsAfterDeadline];
  if (count.status === 'confirmed' || count.status === 'none') return null;
  if (count.status === 'settled') return `Not agreed by ${when}: ${stands} stands (league setting).`;
  if (!count.deadlinePassed) return `If not agreed by ${when}, ${stands} stands.`;
  // Past the deadline: a dispute is settled within minutes; without one the record stands as it is.
  return count.status === 'disputed'
    ? `Not agreed by ${when}: ${stands} stands (league setting).`
    : `The deadline (${when}) has passed: the counts on record stand.`;
}

/** The team that kept the other dugout's book of a pitcher: the game's team that is not theirs. */
export function otherTeamOf(count: Pick<OfficialCount, 'teams' | 'game'>, pitcherTeamId: string): string {
  return count.teams.find((t) => t.teamId !== pitcherTeamId)?.teamName ?? count.game.opponentName ?? 'Other dugout';
}

/** 'Lions @ Tigers': the visitors at the home team (an outside opponent by its name). */
export function matchupText(game: OfficialCountGame): string {
  const home = game.homeTeamName ?? game.opponentName ?? 'Unknown';
  const away = game.awayTeamName ?? game.opponentName ?? 'Unknown';
  return `${away} @ ${home}`;
}
