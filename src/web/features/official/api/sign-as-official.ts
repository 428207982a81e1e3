import { useMutation } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';

export const SIGN_AS_OFFICIAL = graphql(`
  mutation SignAsOfficial($input: SignAsOfficialInput!) {
    signAsOfficial(input: $input) { gameId title date leagueName }
  }
`);

export type SignedGame = ResultOf<typeof SIGN_AS_OFFICIAL>['signAsOfficial'];

/** The official signs a game's counts with the home coach's code (no account needed). */
export function useSignAsOfficial() {
  return useMutation({
    mutationFn: (input: { code: string; name: string }) =>
      execute(SIGN_AS_OFFICIAL, { input }).then((d) => d.signAsOfficial),
  });
}
