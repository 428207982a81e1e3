import { useMutation } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';

export const CONFIRM_PITCHER_CHOICE = graphql(`
  mutation ConfirmPitcherChoice($input: ConfirmPitcherChoiceInput!) {
    confirmPitcherChoice(input: $input) { id heldOut chosenByName chosenAt nextEligibleDate }
  }
`);

/**
 * A coach confirms pitching a player the rules hold out of the game: the server judges it again,
 * keeps the choice in the game's history and emails the league's admins.
 */
export function useConfirmPitcherChoice() {
  return useMutation({
    mutationFn: (input: { gameId: string; pitcherId: string }) =>
      execute(CONFIRM_PITCHER_CHOICE, { input }).then((d) => d.confirmPitcherChoice),
  });
}
