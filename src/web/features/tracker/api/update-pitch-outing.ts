import type { OutingCounts } from '../../../../core/outing-inputs.ts';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { OUTING_FIELDS } from './list-pitch-outings.ts';
import { TRACKER_REFRESH } from './tracker-refresh.ts';

export const UPDATE_PITCH_OUTING = graphql(
  `
  mutation UpdatePitchOuting($input: UpdatePitchOutingInput!) {
    updatePitchOuting(input: $input) { ...OutingFields }
  }
`,
  [OUTING_FIELDS],
);

/**
 * A correction: the full counts as they should be, and why (kept in the outing's history), naming
 * the version the person read: a change made meanwhile is not overwritten.
 */
export function useUpdatePitchOuting() {
  return useRefreshingMutation(
    (input: OutingCounts & { id: string; reason: string; version: number }) =>
      execute(UPDATE_PITCH_OUTING, { input }).then((d) => d.updatePitchOuting),
    TRACKER_REFRESH,
  );
}
