import { useMutation, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';

export const OFFICIAL_GAME = graphql(`
  query OfficialGame($link: String!) {
    officialGame(link: $link) {
      title date leagueName state withdrawn status signerName
      official { name signedAt current
        signedCounts { pitcherId pitcherName pitches intentionalWalks } changedAfter { byName at } }
      teams { teamId teamName }
      pitchers {
        pitcherId pitcherName teamId teamName differs
        official { pitches intentionalWalks }
        ownBook { pitches intentionalWalks }
        otherBook { pitches intentionalWalks }
      }
    }
  }
`);

/** What the official is asked to sign: the game, its state, each pitcher's counts and the differences. */
export type OfficialGame = ResultOf<typeof OFFICIAL_GAME>['officialGame'];

/** The game the emailed link names, read before signing (the link is the right to read it). */
export function useOfficialGame(link: string | undefined) {
  return useQuery({
    queryKey: ['officialGame', link],
    queryFn: () => execute(OFFICIAL_GAME, { link: link as string }).then((d) => d.officialGame),
    enabled: !!link,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export const SIGN_AS_OFFICIAL = graphql(`
  mutation SignAsOfficial($input: SignAsOfficialInput!) {
    signAsOfficial(input: $input) { gameId title date leagueName officialName }
  }
`);

export type SignedGame = ResultOf<typeof SIGN_AS_OFFICIAL>['signAsOfficial'];

/** The official signs a game's counts through their link (no account needed), settling any difference. */
export function useSignAsOfficial() {
  return useMutation({
    mutationFn: (input: { link: string; settle?: { pitcherId: string; bookTeamId: string }[] }) =>
      execute(SIGN_AS_OFFICIAL, { input }).then((d) => d.signAsOfficial),
  });
}
