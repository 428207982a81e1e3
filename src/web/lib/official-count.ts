import type { MessageId } from '../../core/i18n/messages.ts';
import type { CountStatus } from '../../core/official-count.ts';
import { execute } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { type Translate, translatorNow } from './i18n.ts';

/**
 * One official count (decision 0018): a game's record, the other dugout's count of each pitcher, each
 * team's confirmation and the league's deadline. Shared by the tracker's Final counts panel and
 * the admins' Game Counts page.
 */
export const OFFICIAL_COUNT_FIELDS = graphql(`
  fragment OfficialCountFields on OfficialCount {
    gameId status deadline deadlinePassed countStandsAfterDeadline settledAt
    game { id leagueId leagueName date startTime homeTeamId homeTeamName awayTeamId awayTeamName opponentName state
      requiresOfficial officialName officialSignedAt }
    teams { teamId teamName confirmed }
    confirmations { teamId teamName confirmedByName confirmedAt current
      signedCounts { pitcherId pitcherName pitches intentionalWalks } changedAfter { byName at } }
    official { officialId name signedAt current
      signedCounts { pitcherId pitcherName pitches intentionalWalks } changedAfter { byName at } }
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

/** The official's signature, as the count holds it (null until they sign). */
export type OfficialSignature = NonNullable<OfficialCount['official']>;
type SignedCount = OfficialSignature['signedCounts'][number];

/** "Ana Diaz 45, Ben Ruiz 30 + 1 intentional walk": the counts a signature covered. */
export function signedCountsText(t: Translate, counts: readonly SignedCount[]): string {
  if (counts.length === 0) return t('games.signature.noCounts');
  return t.list(
    counts.map((c) =>
      t('games.signature.pitcher', { name: c.pitcherName, pitches: c.pitches, walks: c.intentionalWalks }),
    ),
  );
}

/**
 * The official's signature in one line, the same on the game, Game Counts and the printed page: "Signed by Pat Umpire
 * at Ace Hill 40", or, once a change voided it, "…; changed after signing by Hal Home: needs a new signature".
 */
export function officialSignatureText(
  t: Translate,
  official: Pick<OfficialSignature, 'name' | 'signedAt' | 'current' | 'signedCounts' | 'changedAfter'>,
): string {
  const values = {
    name: official.name,
    counts: signedCountsText(t, official.signedCounts),
    when: t.moment(official.signedAt),
    by: official.changedAfter?.byName ?? t('games.signature.someone'),
  };
  return official.current ? t('games.signature.signed', values) : t('games.signature.void', values);
}

/** The query cache's key of one game's count. */
export const officialCountKey = (gameId: string) => ['officialCount', gameId] as const;

/** One set of labels for screens and the printed log (core). */
export { COUNT_STATUS_LABELS } from '../../core/official-count.ts';

const COUNT_STATUS_IDS: Record<CountStatus, MessageId> = {
  none: 'games.countStatus.none',
  unconfirmed: 'games.countStatus.unconfirmed',
  disputed: 'games.countStatus.disputed',
  confirmed: 'games.countStatus.confirmed',
  settled: 'games.countStatus.settled',
};

/** 'Disputed': a count's status in the reader's language. */
export function countStatusLabel(t: Translate, status: CountStatus): string {
  return t(COUNT_STATUS_IDS[status]);
}

/**
 * 'Tue, Nov 24 at 12:00' from '2026-11-24T12:00'. The deadline is the organization's wall-clock time:
 * its day is written as a calendar day (in UTC), so no reader's zone shifts it.
 */
export function deadlineWords(t: Translate, deadline: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(deadline);
  if (!match) return deadline;
  return t('games.deadline.at', { day: t.day(match[1] as string, 'weekdayShort'), time: match[2] as string });
}

/** What the deadline means for this game, in a sentence (none once every team confirmed). */
export function deadlineText(
  t: Translate,
  count: Pick<OfficialCount, 'status' | 'deadline' | 'deadlinePassed' | 'countStandsAfterDeadline'>,
): string | null {
  const when = deadlineWords(t, count.deadline);
  const stands = count.countStandsAfterDeadline;
  if (count.status === 'confirmed' || count.status === 'none') return null;
  if (count.status === 'settled') return t('games.deadline.notAgreed', { when, stands });
  if (!count.deadlinePassed) return t('games.deadline.ifNotAgreed', { when, stands });
  // Past the deadline: a dispute is settled within minutes; without one the record stands as it is.
  return count.status === 'disputed'
    ? t('games.deadline.notAgreed', { when, stands })
    : t('games.deadline.passed', { when });
}

/** The team that kept the other dugout's book of a pitcher: the game's team that is not theirs. */
export function otherTeamOf(
  count: Pick<OfficialCount, 'teams' | 'game'>,
  pitcherTeamId: string,
  t: Translate = translatorNow(),
): string {
  return (
    count.teams.find((team) => team.teamId !== pitcherTeamId)?.teamName ??
    count.game.opponentName ??
    t('games.finalCounts.otherDugout')
  );
}

/** 'Lions @ Tigers': the visitors at the home team (an outside opponent by its name). */
export function matchupText(
  t: Translate,
  game: Pick<OfficialCountGame, 'homeTeamName' | 'awayTeamName' | 'opponentName'>,
): string {
  const home = game.homeTeamName ?? game.opponentName ?? t('common.unknown');
  const away = game.awayTeamName ?? game.opponentName ?? t('common.unknown');
  return `${away} @ ${home}`;
}
