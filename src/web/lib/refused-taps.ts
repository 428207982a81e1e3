import { useQuery } from '@tanstack/react-query';
import { execute } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { useRefreshingMutation } from './use-refreshing-mutation.ts';

const REFUSED_KEY = ['refused-taps'] as const;

export const LIST_REFUSED = graphql(`
  query ListRefusedPitchEvents { listRefusedPitchEvents { id description descriptionSaid { id values } reason reasonSaid { id values } refusedAt userName mine moreRefused } }
`);
export const DISMISS_REFUSED = graphql(`
  mutation DismissRefused($id: ID!) { dismissRefusedPitchEvent(id: $id) { id } }
`);

/**
 * A tap the server refused, as the user and the league's admins list it. `moreRefused`: further taps of
 * the same user refused there past the server's cap, counted, not listed one by one.
 */
export type RefusedTap = ResultOf<typeof LIST_REFUSED>['listRefusedPitchEvents'][number];

/** Refused taps not yet dismissed: one's own, and an admin's leagues'. */
export function useRefusedTaps(enabled = true) {
  return useQuery({
    queryKey: REFUSED_KEY,
    queryFn: async () => (await execute(LIST_REFUSED)).listRefusedPitchEvents,
    enabled,
  });
}

export function useDismissRefusedTap() {
  return useRefreshingMutation((id: string) => execute(DISMISS_REFUSED, { id }), [REFUSED_KEY]);
}
