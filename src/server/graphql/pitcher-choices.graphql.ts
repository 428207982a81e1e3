import type { PitcherChoiceRecord } from '../services/pitcher-choices.service.ts';
import { builder } from './builder.ts';
import { NotAllowed } from './status.graphql.ts';

const PitcherChoiceType = builder.objectRef<PitcherChoiceRecord>('PitcherChoice').implement({
  description: 'A coach’s confirmed choice of a pitcher the rules hold out of a game, as the history keeps it',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: true, description: 'Null when the pitcher may pitch: nothing was kept' }),
    gameId: t.exposeID('gameId'),
    pitcherId: t.exposeID('pitcherId'),
    heldOut: t.exposeBoolean('heldOut', {
      description: 'Whether the rules hold the pitcher out of the game (the server’s own reading of the record)',
    }),
    reasons: t.field({ type: [NotAllowed], resolve: (c) => c.reasons }),
    nextEligibleDate: t.exposeString('nextEligibleDate', { nullable: true }),
    chosenByName: t.exposeString('chosenByName', { nullable: true }),
    chosenAt: t.expose('chosenAt', { type: 'DateTime', nullable: true }),
  }),
});

const ConfirmPitcherChoiceInput = builder.inputType('ConfirmPitcherChoiceInput', {
  fields: (t) => ({
    gameId: t.id({ required: true }),
    pitcherId: t.id({ required: true }),
  }),
});

builder.mutationField('confirmPitcherChoice', (t) =>
  t.field({
    type: PitcherChoiceType,
    description:
      'A coach confirms pitching a player the rules hold out of the game: kept in the history with every reason, the league’s admins emailed at once',
    args: { input: t.arg({ type: ConfirmPitcherChoiceInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.pitcherChoices.confirm(await ctx.actor(), {
        gameId: String(input.gameId),
        pitcherId: String(input.pitcherId),
      }),
  }),
);
