import type { OutingCounts } from '../../../../core/outing-inputs.ts';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { OUTING_FIELDS } from './list-pitch-outings.ts';
import { TRACKER_REFRESH } from './tracker-refresh.ts';

export interface CreateOutingInput extends OutingCounts {
  /** A UUID made once per draft: a retry with it is stored once. */
  id: string;
  gameId: string;
  playerId: string;
  teamId: string;
}

export const CREATE_PITCH_OUTING = graphql(
  `
  mutation CreatePitchOuting($input: CreatePitchOutingInput!) {
    createPitchOuting(input: $input) { ...OutingFields }
  }
`,
  [OUTING_FIELDS],
);

export function useCreatePitchOuting() {
  return useRefreshingMutation(
    (input: CreateOutingInput) => execute(CREATE_PITCH_OUTING, { input }).then((d) => d.createPitchOuting),
    TRACKER_REFRESH,
  );
}
