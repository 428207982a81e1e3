import type { PlateCard, PlateCardGame, PlateCardPitcher } from '../services/plate-card.service.ts';
import { builder } from './builder.ts';
import { MessageType } from './message.graphql.ts';
import { CountConfirmation, OfficialSignatureType } from './official-count.graphql.ts';
import { NotAllowed } from './status.graphql.ts';

const PlateCardPitcherType = builder.objectRef<PlateCardPitcher>('PlateCardPitcher').implement({
  fields: (t) => ({
    playerId: t.exposeID('playerId'),
    name: t.exposeString('name'),
    jerseyNumber: t.exposeString('jerseyNumber', { nullable: true }),
    mayPitch: t.exposeBoolean('mayPitch', { nullable: true, description: 'Null when the league has no rest rule' }),
    pitchesLeft: t.exposeInt('pitchesLeft', { nullable: true, description: 'Pitches left today, when they may pitch' }),
    notUntil: t.exposeString('notUntil', {
      nullable: true,
      description: 'YYYY-MM-DD: the first day they may pitch again',
    }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why not today, in English' }),
    reasonSaid: t.field({
      type: MessageType,
      nullable: true,
      description: 'Why not today, by id, for the reader’s language',
      resolve: (p) => p.reasonSaid,
    }),
    reasons: t.field({
      type: [NotAllowed],
      description: 'Every rule that holds them out until notUntil, each with its date',
      resolve: (p) => p.reasons,
    }),
  }),
});

const PlateCardGameType = builder.objectRef<PlateCardGame>('PlateCardGame').implement({
  description: 'One of the team’s games of the last week, with its counts’ signatures',
  fields: (t) => ({
    gameId: t.exposeID('gameId'),
    homeTeamName: t.exposeString('homeTeamName', { nullable: true }),
    awayTeamName: t.exposeString('awayTeamName', { nullable: true }),
    opponentName: t.exposeString('opponentName', { nullable: true, description: 'An outside opponent' }),
    date: t.exposeString('date'),
    official: t.field({ type: OfficialSignatureType, nullable: true, resolve: (g) => g.official }),
    confirmations: t.field({ type: [CountConfirmation], resolve: (g) => g.confirmations }),
  }),
});

const PlateCardType = builder.objectRef<PlateCard>('PlateCard').implement({
  description: 'A team’s eligibility card for the plate meeting, as of now, with its signed link',
  fields: (t) => ({
    teamId: t.exposeID('teamId'),
    teamName: t.exposeString('teamName'),
    leagueName: t.exposeString('leagueName'),
    seasonName: t.exposeString('seasonName'),
    ruleName: t.exposeString('ruleName', { nullable: true }),
    asOf: t.exposeString('asOf', { description: 'Today in the organization’s time zone' }),
    issuedAt: t.expose('issuedAt', { type: 'DateTime', description: 'When the card’s link was made' }),
    pitchers: t.field({ type: [PlateCardPitcherType], resolve: (card) => card.pitchers }),
    path: t.exposeString('path', { description: '/plate/<token>: the signed link' }),
    url: t.exposeString('url', { description: 'The link in full, where the server knows its address' }),
    qrSvg: t.exposeString('qrSvg', { description: 'The link as a QR code (SVG)' }),
    recentGames: t.field({
      type: [PlateCardGameType],
      description:
        'The team’s games of the last week, newest first: who signed their counts, and whether a change voided it',
      resolve: (card) => card.recentGames,
    }),
  }),
});

builder.queryFields((t) => ({
  plateCard: t.field({
    type: PlateCardType,
    description: 'A team’s eligibility card for the plate meeting, as of now (its coaches, the league’s admins)',
    args: {
      teamId: t.arg.id({ required: true }),
      origin: t.arg.string({ description: 'The page’s origin, for the link when the server has no public URL' }),
    },
    resolve: async (_root, args, ctx) =>
      ctx.services.plateCard.issue(await ctx.actor(), { teamId: String(args.teamId), origin: args.origin }),
  }),
  plateCardByLink: t.field({
    type: PlateCardType,
    description:
      'The card a signed link names, as of now: for the league’s admins and its teams’ coaches (the other dugout)',
    args: {
      link: t.arg.string({ required: true, description: 'The card’s link, whole or its last part' }),
      origin: t.arg.string(),
    },
    resolve: async (_root, args, ctx) =>
      ctx.services.plateCard.open(await ctx.actor(), { link: args.link, origin: args.origin }),
  }),
}));
