import { filter, pipe } from 'graphql-yoga';
import { errors } from '../../core/errors.ts';
import { authorize } from '../../core/permissions.ts';
import { PITCH_EVENT_KINDS } from '../../core/pitch-events.ts';
import type { BookCount } from '../services/pitch-events.repository.ts';
import type { EventResult, RefusedRecord } from '../services/pitch-events.service.ts';
import { builder } from './builder.ts';
import { MessageType } from './message.graphql.ts';

const PitchEventKindEnum = builder.enumType('PitchEventKind', { values: PITCH_EVENT_KINDS });
const PitchEventStatusEnum = builder.enumType('PitchEventStatus', {
  description: 'accepted: stored now; duplicate: already stored, nothing changed; refused: see message',
  values: ['accepted', 'duplicate', 'refused'] as const,
});

const PitchEventResult = builder.objectRef<EventResult>('PitchEventResult').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.field({ type: PitchEventStatusEnum, resolve: (r) => r.status }),
    message: t.exposeString('message', { nullable: true, description: 'Why it was refused, in English' }),
    said: t.field({
      type: MessageType,
      nullable: true,
      description: 'Why it was refused, by id, for the reader’s language',
      resolve: (r) => r.said,
    }),
  }),
});

export const BookCountType = builder.objectRef<BookCount>('BookCount').implement({
  description: 'One team’s live count of one pitcher in one game, derived from its taps',
  fields: (t) => ({
    gameId: t.exposeID('gameId'),
    pitcherId: t.exposeID('pitcherId'),
    pitcherName: t.exposeString('pitcherName'),
    bookTeamId: t.exposeID('bookTeamId', { description: 'The team whose dugout counted' }),
    bookTeamName: t.exposeString('bookTeamName'),
    official: t.exposeBoolean('official', { description: 'The pitcher’s own team’s book, which the outing follows' }),
    pitches: t.exposeInt('pitches'),
    intentionalWalks: t.exposeInt('intentionalWalks'),
    pitchesBeforeLastBatter: t.exposeInt('pitchesBeforeLastBatter', { nullable: true }),
    batters: t.exposeInt('batters'),
  }),
});

const SubmitResult = builder
  .objectRef<{ results: EventResult[]; counts: BookCount[] }>('SubmitPitchEventsResult')
  .implement({
    fields: (t) => ({
      results: t.field({ type: [PitchEventResult], resolve: (r) => r.results }),
      counts: t.field({ type: [BookCountType], resolve: (r) => r.counts }),
    }),
  });

const PitchEventInput = builder.inputType('PitchEventInput', {
  description: 'One tap, as the device made it',
  fields: (t) => ({
    id: t.id({ required: true, description: 'A UUID the device made' }),
    gameId: t.id({ required: true }),
    pitcherId: t.id({ required: true }),
    bookTeamId: t.id({ required: true, description: 'The team whose dugout counts' }),
    deviceId: t.id({ required: true }),
    seq: t.int({ required: true, description: 'The device’s own order, from 1' }),
    at: t.string({ required: true, description: 'When the tap was made (ISO 8601)' }),
    kind: t.field({ type: PitchEventKindEnum, required: true }),
    undoes: t.id({ description: 'For an undo: the id of the tap it takes back' }),
  }),
});
const SubmitPitchEventsInput = builder.inputType('SubmitPitchEventsInput', {
  fields: (t) => ({ events: t.field({ type: [PitchEventInput], required: true }) }),
});

builder.mutationField('submitPitchEvents', (t) =>
  t.field({
    type: SubmitResult,
    description: 'Stores taps in order of their time; a tap already stored changes nothing',
    args: { input: t.arg({ type: SubmitPitchEventsInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.pitchEvents.submit(await ctx.actor(), {
        events: input.events.map((e) => ({
          ...e,
          id: String(e.id),
          gameId: String(e.gameId),
          pitcherId: String(e.pitcherId),
          bookTeamId: String(e.bookTeamId),
          deviceId: String(e.deviceId),
          undoes: e.undoes == null ? null : String(e.undoes),
        })),
      }),
  }),
);

builder.queryField('gameCounts', (t) =>
  t.field({
    type: [BookCountType],
    description: 'Both dugouts’ live counts of each pitcher of a game',
    args: { gameId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.pitchEvents.gameCounts(await ctx.actor(), { gameId: String(args.gameId) }),
  }),
);

builder.subscriptionField('onGameCount', (t) =>
  t.field({
    type: BookCountType,
    description: 'A game’s live counts as they change, for those who may read the game',
    args: { gameId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const gameId = String(args.gameId);
      const me = authorize(await ctx.actor(), 'Subscription.onGameCount');
      if (!(await ctx.services.pitchEvents.canReadGame(me, gameId))) throw errors.notFound('Game');
      const updates = ctx.services.events.subscribe('gameCount.updated') as AsyncIterable<BookCount>;
      return pipe(
        updates,
        filter(async (count: BookCount) => {
          if (count.gameId !== gameId) return false;
          // Checked again on every update: a revoked session or a lost role stops the stream.
          const actor = authorize(await ctx.freshActor(), 'Subscription.onGameCount');
          return ctx.services.pitchEvents.canReadGame(actor, gameId);
        }),
      );
    },
    resolve: (count) => count,
  }),
);

const RefusedPitchEvent = builder.objectRef<RefusedRecord>('RefusedPitchEvent').implement({
  description:
    'A tap the server refused, kept for its user, and for the league’s admins when its user may count (or counted) there',
  fields: (t) => ({
    id: t.exposeID('id'),
    eventId: t.exposeID('eventId', { description: 'The tap’s own id' }),
    gameId: t.exposeID('gameId', { nullable: true }),
    description: t.exposeString('description', {
      description: 'The game, pitcher and tap, as far as the user may read',
    }),
    descriptionSaid: t.field({
      type: MessageType,
      nullable: true,
      description: 'The description by id, for the reader’s language; null for one kept before these were',
      resolve: (r) => r.descriptionSaid,
    }),
    reason: t.exposeString('reason', { description: 'In English' }),
    reasonSaid: t.field({
      type: MessageType,
      nullable: true,
      description: 'The reason by id, for the reader’s language; null for one kept before these were',
      resolve: (r) => r.said,
    }),
    refusedAt: t.expose('refusedAt', { type: 'DateTime' }),
    userName: t.exposeString('userName', { description: 'Who tapped it' }),
    mine: t.exposeBoolean('mine'),
    moreRefused: t.exposeInt('moreRefused', {
      description:
        'Further taps of the same user refused here once 500 were waiting: counted, not kept one by one (on their newest)',
    }),
  }),
});

builder.queryField('listRefusedPitchEvents', (t) =>
  t.field({
    type: [RefusedPitchEvent],
    description:
      'Refused taps not yet dismissed: your own, and an admin’s leagues’, newest first (at most 500, taken a sender at a time)',
    resolve: async (_root, _args, ctx) => ctx.services.pitchEvents.refused(await ctx.actor()),
  }),
);

const DismissedRef = builder.objectRef<{ id: string }>('DismissedRefusedPitchEvent').implement({
  fields: (t) => ({ id: t.exposeID('id') }),
});

builder.mutationField('dismissRefusedPitchEvent', (t) =>
  t.field({
    type: DismissedRef,
    description: 'Dismiss a refused tap once dealt with',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.pitchEvents.dismissRefused(await ctx.actor(), { id: String(args.id) }),
  }),
);
