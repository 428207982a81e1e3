import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

const KEY = ['preferences'] as const;

export const MY_PREFERENCES = graphql(`
  query MyPreferences { me { outingEmails } }
`);

/** Whether the signed-in parent is emailed when one of their children pitches. */
export function useOutingEmails() {
  return useQuery(
    queryOptions({
      queryKey: KEY,
      queryFn: async () => (await execute(MY_PREFERENCES)).me.outingEmails,
    }),
  );
}

export const UPDATE_MY_PREFERENCES = graphql(`
  mutation UpdateMyPreferences($input: UpdateMyPreferencesInput!) {
    updateMyPreferences(input: $input) { outingEmails }
  }
`);

export function useSetOutingEmails() {
  return useRefreshingMutation(
    (outingEmails: boolean) => execute(UPDATE_MY_PREFERENCES, { input: { outingEmails } }),
    [KEY],
  );
}
