import type { OutingCounts } from '../../../../core/outing-inputs.ts';
import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { OUTING_FIELDS, type Outing } from './list-pitch-outings.ts';
import { TRACKER_REFRESH } from './tracker-refresh.ts';

export const UPDATE_PITCH_OUTING = `mutation UpdatePitchOuting($input: UpdatePitchOutingInput!) {
  updatePitchOuting(input: $input) { ${OUTING_FIELDS} }
}`;

/**
 * A correction: the full counts as they should be, and why (kept in the outing's history), naming
 * the version the person read: a change made meanwhile is not overwritten.
 */
export function useUpdatePitchOuting() {
  return useRefreshingMutation(
    (input: OutingCounts & { id: string; reason: string; version: number }) =>
      graphqlText<{ updatePitchOuting: Outing }>(UPDATE_PITCH_OUTING, { input }).then((d) => d.updatePitchOuting),
    TRACKER_REFRESH,
  );
}
