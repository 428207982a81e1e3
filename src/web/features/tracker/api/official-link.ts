import { useMutation, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';

export const LEAGUE_OFFICIALS = graphql(`
  query LeagueOfficialsToChoose($leagueId: ID!) {
    leagueOfficials(leagueId: $leagueId) { id name }
  }
`);

/** The league's officials by name: the home coach chooses the game's official among them. */
export function useLeagueOfficials(leagueId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['leagueOfficials', leagueId],
    queryFn: () => execute(LEAGUE_OFFICIALS, { leagueId }).then((d) => d.leagueOfficials),
    enabled,
  });
}

export const SEND_OFFICIAL_LINK = graphql(`
  mutation SendOfficialLink($gameId: ID!, $officialId: ID!) {
    sendOfficialLink(gameId: $gameId, officialId: $officialId) { officialId officialName sentAt expiresAt }
  }
`);

/** Bullpen emails the chosen official a one-time link to sign the game (they open it on their own phone). */
export function useSendOfficialLink(gameId: string) {
  return useMutation({
    mutationFn: (officialId: string) =>
      execute(SEND_OFFICIAL_LINK, { gameId, officialId }).then((d) => d.sendOfficialLink),
  });
}
