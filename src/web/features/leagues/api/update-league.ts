import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CountSettings } from '../../../../core/official-count.ts';
import { ApiError, execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { LEAGUE_FIELDS, LEAGUES_KEY, type League } from './list-leagues.ts';

export const UPDATE_LEAGUE = graphql(
  `
  mutation UpdateLeague($input: UpdateLeagueInput!) {
    updateLeague(input: $input) { ...LeagueFields }
  }
`,
  [LEAGUE_FIELDS],
);

/** Only the fields given change; restRuleId null clears the league's rule. */
export interface UpdateLeagueInput extends Partial<CountSettings> {
  id: string;
  /** The version the admin read: a change made meanwhile is refused (CONFLICT), not overwritten. */
  version: number;
  name?: string;
  admins?: string[];
  restRuleId?: string | null;
  requireOfficialSignature?: boolean;
}

export async function updateLeague(input: UpdateLeagueInput): Promise<League> {
  const data = await execute(UPDATE_LEAGUE, { input });
  return data.updateLeague;
}

/** Renames a league, replaces its admins, sets its rest rule or its count deadline, then reads the leagues again. */
export function useUpdateLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEAGUES_KEY }),
    // Someone changed the league meanwhile: read it again, so saving again starts from their change.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT')
        void queryClient.invalidateQueries({ queryKey: LEAGUES_KEY });
    },
  });
}
