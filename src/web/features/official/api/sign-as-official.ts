import { useMutation } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';

export const OFFICIAL_GAME = graphql(`
  query OfficialGame($code: String!) {
    officialGame(code: $code) {
      title date leagueName state withdrawn status officialName
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

/** The game a code names, read before signing (the code is the right to read it). */
export function useOfficialGame() {
  return useMutation({
    mutationFn: (code: string) => execute(OFFICIAL_GAME, { code }).then((d) => d.officialGame),
  });
}

export const SIGN_AS_OFFICIAL = graphql(`
  mutation SignAsOfficial($input: SignAsOfficialInput!) {
    signAsOfficial(input: $input) { gameId title date leagueName }
  }
`);

export type SignedGame = ResultOf<typeof SIGN_AS_OFFICIAL>['signAsOfficial'];

/** The official signs a game's counts with the home coach's code (no account needed), settling any difference. */
export function useSignAsOfficial() {
  return useMutation({
    mutationFn: (input: { code: string; name: string; settle?: { pitcherId: string; bookTeamId: string }[] }) =>
      execute(SIGN_AS_OFFICIAL, { input }).then((d) => d.signAsOfficial),
  });
}
