import { useMutation } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';

export const CREATE_OFFICIAL_CODE = graphql(`
  mutation CreateOfficialCode($gameId: ID!) {
    createOfficialCode(gameId: $gameId) { code expiresAt }
  }
`);

/** A one-time code for the game's official, shown on the home coach's phone (a new one replaces the last). */
export function useOfficialCode(gameId: string) {
  return useMutation({
    mutationFn: () => execute(CREATE_OFFICIAL_CODE, { gameId }).then((d) => d.createOfficialCode),
  });
}
