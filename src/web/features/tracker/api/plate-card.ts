import { useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';

const CARD_FIELDS = graphql(`
  fragment PlateCardFields on PlateCard {
    teamId teamName leagueName seasonName ruleName asOf issuedAt path url qrSvg
    pitchers {
      playerId name jerseyNumber mayPitch pitchesLeft notUntil reason reasonSaid { id values }
      reasons { code said { id values } until }
    }
    recentGames { gameId homeTeamName awayTeamName opponentName date
      official { name signedAt current
        signedCounts { pitcherId pitcherName pitches intentionalWalks } changedAfter { byName at } }
      confirmations { teamId teamName confirmedByName confirmedAt current changedAfter { byName at } } }
  }
`);

export type PlateCard = ResultOf<typeof CARD_FIELDS>;
/** One pitcher on the plate meeting's card: may pitch today (and how many left), or not until when. */
export type PlateCardPitcher = PlateCard['pitchers'][number];

export const PLATE_CARD = graphql(
  `
  query PlateCard($teamId: ID!, $origin: String) {
    plateCard(teamId: $teamId, origin: $origin) { ...PlateCardFields }
  }
`,
  [CARD_FIELDS],
);
export const PLATE_CARD_BY_LINK = graphql(
  `
  query PlateCardByLink($link: String!, $origin: String) {
    plateCardByLink(link: $link, origin: $origin) { ...PlateCardFields }
  }
`,
  [CARD_FIELDS],
);

/** A team's card made now (its coach, the league's admins), or the card a signed link names, as of now. */
export function usePlateCard(subject: { teamId: string } | { token: string }) {
  const origin = window.location.origin;
  return useQuery({
    queryKey: ['plateCard', subject],
    queryFn: () =>
      'teamId' in subject
        ? execute(PLATE_CARD, { teamId: subject.teamId, origin }).then((d) => d.plateCard)
        : execute(PLATE_CARD_BY_LINK, { link: subject.token, origin }).then((d) => d.plateCardByLink),
    // A card is as of now: read it again when the page comes back into view.
    refetchOnWindowFocus: true,
  });
}
