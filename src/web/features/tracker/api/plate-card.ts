import { useQuery } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';

/** One pitcher on the plate meeting's card: may pitch today (and how many left), or not until when. */
export interface PlateCardPitcher {
  playerId: string;
  name: string;
  jerseyNumber: string | null;
  mayPitch: boolean | null;
  pitchesLeft: number | null;
  notUntil: string | null;
  reason: string | null;
}

export interface PlateCard {
  teamId: string;
  teamName: string;
  leagueName: string;
  seasonName: string;
  ruleName: string | null;
  asOf: string;
  issuedAt: string;
  pitchers: PlateCardPitcher[];
  path: string;
  url: string;
  qrSvg: string;
}

const CARD_FIELDS = `teamId teamName leagueName seasonName ruleName asOf issuedAt path url qrSvg
  pitchers { playerId name jerseyNumber mayPitch pitchesLeft notUntil reason }`;

export const PLATE_CARD = `query PlateCard($teamId: ID!, $origin: String) {
  plateCard(teamId: $teamId, origin: $origin) { ${CARD_FIELDS} }
}`;
export const PLATE_CARD_BY_LINK = `query PlateCardByLink($link: String!, $origin: String) {
  plateCardByLink(link: $link, origin: $origin) { ${CARD_FIELDS} }
}`;

/** A team's card made now (its coach, the league's admins), or the card a signed link names, as of now. */
export function usePlateCard(subject: { teamId: string } | { token: string }) {
  const origin = window.location.origin;
  return useQuery({
    queryKey: ['plateCard', subject],
    queryFn: () =>
      'teamId' in subject
        ? graphqlText<{ plateCard: PlateCard }>(PLATE_CARD, { teamId: subject.teamId, origin }).then((d) => d.plateCard)
        : graphqlText<{ plateCardByLink: PlateCard }>(PLATE_CARD_BY_LINK, { link: subject.token, origin }).then(
            (d) => d.plateCardByLink,
          ),
    // A card is as of now: read it again when the page comes back into view.
    refetchOnWindowFocus: true,
  });
}
