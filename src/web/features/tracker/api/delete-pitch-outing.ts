import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TRACKER_REFRESH } from './tracker-refresh.ts';

export const DELETE_PITCH_OUTING = graphql(`
  mutation DeletePitchOuting($input: DeletePitchOutingInput!) {
    deletePitchOuting(input: $input) { id deleted }
  }
`);

/** The outing stays in the history with the reason, but counts for nothing. */
export function useDeletePitchOuting() {
  return useRefreshingMutation(
    (input: { id: string; reason: string; version: number }) => execute(DELETE_PITCH_OUTING, { input }),
    TRACKER_REFRESH,
  );
}
