import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TRACKER_REFRESH } from './tracker-refresh.ts';

export const DELETE_PITCH_OUTING = `mutation DeletePitchOuting($input: DeletePitchOutingInput!) {
  deletePitchOuting(input: $input) { id deleted }
}`;

/** The outing stays in the history with the reason, but counts for nothing. */
export function useDeletePitchOuting() {
  return useRefreshingMutation(
    (input: { id: string; reason: string; version: number }) => graphqlText(DELETE_PITCH_OUTING, { input }),
    TRACKER_REFRESH,
  );
}
