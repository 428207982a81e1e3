import { useMutation } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';

export const SIGN_AS_OFFICIAL = `mutation SignAsOfficial($input: SignAsOfficialInput!) {
  signAsOfficial(input: $input) { gameId title date leagueName }
}`;

export interface SignedGame {
  gameId: string;
  title: string;
  date: string;
  leagueName: string;
}

/** The official signs a game's counts with the home coach's code (no account needed). */
export function useSignAsOfficial() {
  return useMutation({
    mutationFn: (input: { code: string; name: string }) =>
      graphqlText<{ signAsOfficial: SignedGame }>(SIGN_AS_OFFICIAL, { input }).then((d) => d.signAsOfficial),
  });
}
