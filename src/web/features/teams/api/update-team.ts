import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TEAM_FIELDS } from './list-teams.ts';
import { TEAM_REFRESH } from './team-refresh.ts';

export const UPDATE_TEAM = graphql(
  'mutation UpdateTeam($input: UpdateTeamInput!) { updateTeam(input: $input) { ...TeamFields } }',
  [TEAM_FIELDS],
);

/** A new name, or the whole coaches list, with the version read (a change made meanwhile is refused, CONFLICT). */
export function useUpdateTeam() {
  return useRefreshingMutation(
    (input: { id: string; version: number; name?: string; coaches?: string[] }) =>
      execute(UPDATE_TEAM, { input }).then((d) => d.updateTeam),
    TEAM_REFRESH,
  );
}
