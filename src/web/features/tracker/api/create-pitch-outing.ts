import type { OutingCounts } from '../../../../core/outing-inputs.ts';
import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { OUTING_FIELDS, type Outing } from './list-pitch-outings.ts';
import { TRACKER_REFRESH } from './tracker-refresh.ts';

export interface CreateOutingInput extends OutingCounts {
  /** A UUID made once per draft: a retry with it is stored once. */
  id: string;
  gameId: string;
  playerId: string;
  teamId: string;
}

export const CREATE_PITCH_OUTING = `mutation CreatePitchOuting($input: CreatePitchOutingInput!) {
  createPitchOuting(input: $input) { ${OUTING_FIELDS} }
}`;

export function useCreatePitchOuting() {
  return useRefreshingMutation(
    (input: CreateOutingInput) =>
      graphqlText<{ createPitchOuting: Outing }>(CREATE_PITCH_OUTING, { input }).then((d) => d.createPitchOuting),
    TRACKER_REFRESH,
  );
}
