import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { LEAGUE_FIELDS, LEAGUES_KEY, type League } from './list-leagues.ts';

export const CREATE_LEAGUE = graphql(
  `
  mutation CreateLeague($input: CreateLeagueInput!) {
    createLeague(input: $input) { ...LeagueFields }
  }
`,
  [LEAGUE_FIELDS],
);

export interface CreateLeagueInput {
  name: string;
  organizationId: string;
  admins?: string[];
  restRuleId?: string | null;
}

export async function createLeague(input: CreateLeagueInput): Promise<League> {
  const data = await execute(CREATE_LEAGUE, { input });
  return data.createLeague;
}

/** Adds a league to an organization, then reads the leagues again (docs/screens.md, Behaviour). */
export function useCreateLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLeague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEAGUES_KEY }),
  });
}
