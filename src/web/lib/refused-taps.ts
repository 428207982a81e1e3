import { useQuery } from '@tanstack/react-query';
import { graphqlText } from './api.ts';
import { useRefreshingMutation } from './use-refreshing-mutation.ts';

/** A tap the server refused, as the user and the league's admins list it. */
export interface RefusedTap {
  id: string;
  description: string;
  reason: string;
  refusedAt: string;
  userName: string;
  mine: boolean;
  /** Further taps of the same user refused there past the server's cap: counted, not listed one by one. */
  moreRefused: number;
}

const REFUSED_KEY = ['refused-taps'] as const;

export const LIST_REFUSED =
  'query ListRefusedPitchEvents { listRefusedPitchEvents { id description reason refusedAt userName mine moreRefused } }';
export const DISMISS_REFUSED = 'mutation DismissRefused($id: ID!) { dismissRefusedPitchEvent(id: $id) { id } }';

/** Refused taps not yet dismissed: one's own, and an admin's leagues'. */
export function useRefusedTaps(enabled = true) {
  return useQuery({
    queryKey: REFUSED_KEY,
    queryFn: async () =>
      (await graphqlText<{ listRefusedPitchEvents: RefusedTap[] }>(LIST_REFUSED)).listRefusedPitchEvents,
    enabled,
  });
}

export function useDismissRefusedTap() {
  return useRefreshingMutation((id: string) => graphqlText(DISMISS_REFUSED, { id }), [REFUSED_KEY]);
}
