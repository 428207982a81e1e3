import type { ChangeRecord } from '../services/change-history.service.ts';
import { builder } from './builder.ts';
import { connectionOf } from './filters.graphql.ts';
import { pageArgs } from './pagination.ts';

/** A record as an entry kept it, as JSON text (its fields differ by kind of record). */
const asJson = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const ChangeEntry = builder.objectRef<ChangeRecord>('ChangeEntry').implement({
  description: 'One change to the pitch record: who, when, what it was before and after, and why',
  fields: (t) => ({
    id: t.exposeID('id'),
    seq: t.exposeInt('seq', {
      description:
        'Its place in its chain of the history (the game’s, the child’s or the organization’s: a hash chain)',
    }),
    at: t.expose('at', { type: 'DateTime' }),
    actorName: t.exposeString('actorName', { description: 'Who, as they were named then; Bullpen for the deadline' }),
    session: t.exposeString('session', { nullable: true, description: 'The start of the session’s id' }),
    entity: t.exposeString('entity', {
      description: 'game, outing, pitch-event, confirmation, violation, rest-rule or league',
    }),
    entityId: t.exposeID('entityId'),
    action: t.exposeString('action'),
    reason: t.exposeString('reason', { nullable: true }),
    gameId: t.exposeID('gameId', { nullable: true }),
    playerId: t.exposeID('playerId', { nullable: true }),
    playerName: t.exposeString('playerName', { nullable: true }),
    teamName: t.exposeString('teamName', { nullable: true, description: 'The team a confirmation is for' }),
    summary: t.exposeString('summary', { description: 'The change in plain words, in English' }),
    before: t.string({ nullable: true, description: 'The record before, as JSON', resolve: (e) => asJson(e.before) }),
    after: t.string({ nullable: true, description: 'The record after, as JSON', resolve: (e) => asJson(e.after) }),
    hash: t.exposeString('hash'),
  }),
});

const ChangeEntryConnection = connectionOf('ChangeEntryConnection', ChangeEntry);

builder.queryField('changeHistory', (t) =>
  t.field({
    type: ChangeEntryConnection,
    description:
      'The change history of a game (its league’s admins, both teams’ coaches) or a player (the admins of their leagues, the coaches of their teams), newest first',
    args: {
      gameId: t.arg.id(),
      playerId: t.arg.id(),
      leagueId: t.arg.id({ description: 'A league’s whole history (its admins)' }),
      includeTaps: t.arg.boolean({ description: 'Each tap of the live count too' }),
      ...pageArgs(t),
    },
    resolve: async (_root, args, ctx) =>
      ctx.services.changeHistory.list(
        await ctx.actor(),
        {
          gameId: args.gameId == null ? null : String(args.gameId),
          playerId: args.playerId == null ? null : String(args.playerId),
          leagueId: args.leagueId == null ? null : String(args.leagueId),
          includeTaps: args.includeTaps,
        },
        ctx.paging.page('changeHistory', args),
      ),
  }),
);
