import { filter, pipe } from 'graphql-yoga';
import { errors } from '../../core/errors.ts';
import { COUNT_DEADLINE_RULES, COUNT_STATUSES } from '../../core/official-count.ts';
import { authorize } from '../../core/permissions.ts';
import type { OfficialCountRecord, PitcherCount } from '../services/official-count.repository.ts';
import type {
  ChangeAfterSigning,
  ConfirmationRecord,
  OfficialSignatureRecord,
  SignedPitcher,
} from '../services/signatures.repository.ts';
import type { OfficialGameView } from '../services/signatures.service.ts';
import { builder } from './builder.ts';
import { Game, GameStateEnum } from './games.graphql.ts';

export const CountStatusEnum = builder.enumType('CountStatus', {
  description:
    'none: nothing recorded; unconfirmed: waiting for a team’s confirmation; disputed: the other dugout’s count ' +
    'differs; confirmed: every team confirmed the record; settled: the league’s deadline decided',
  values: COUNT_STATUSES,
});
export const CountDeadlineRuleEnum = builder.enumType('CountDeadlineRule', {
  description: 'Whose count stands when a dispute is not agreed by the deadline',
  values: COUNT_DEADLINE_RULES,
});

const Tallied = builder.objectRef<{ pitches: number; intentionalWalks: number }>('CountTotals').implement({
  fields: (t) => ({ pitches: t.exposeInt('pitches'), intentionalWalks: t.exposeInt('intentionalWalks') }),
});

const PitcherCountType = builder.objectRef<PitcherCount>('PitcherCount').implement({
  description: 'One pitcher of a game: the count on record, both dugouts’ live counts, and whether they differ',
  fields: (t) => ({
    pitcherId: t.exposeID('pitcherId'),
    pitcherName: t.exposeString('pitcherName'),
    teamId: t.exposeID('teamId'),
    teamName: t.exposeString('teamName'),
    official: t.field({
      type: Tallied,
      nullable: true,
      description: 'The outing on record',
      resolve: (p) => p.official,
    }),
    ownBook: t.field({ type: Tallied, nullable: true, resolve: (p) => p.ownBook }),
    otherBook: t.field({
      type: Tallied,
      nullable: true,
      description: 'The other dugout’s count',
      resolve: (p) => p.otherBook,
    }),
    differs: t.exposeBoolean('differs'),
  }),
});

const SignedPitcherType = builder.objectRef<SignedPitcher>('SignedPitcher').implement({
  description: 'One pitcher’s count as a signature covered it',
  fields: (t) => ({
    pitcherId: t.exposeID('pitcherId'),
    pitcherName: t.exposeString('pitcherName'),
    pitches: t.exposeInt('pitches'),
    intentionalWalks: t.exposeInt('intentionalWalks'),
  }),
});

const ChangeAfterSigningType = builder.objectRef<ChangeAfterSigning>('ChangeAfterSigning').implement({
  description: 'The first change after a signature: who made it and when',
  fields: (t) => ({ byName: t.exposeString('byName'), at: t.expose('at', { type: 'DateTime' }) }),
});

export const CountConfirmation = builder.objectRef<ConfirmationRecord>('CountConfirmation').implement({
  fields: (t) => ({
    teamId: t.exposeID('teamId'),
    teamName: t.exposeString('teamName'),
    confirmedByName: t.exposeString('confirmedByName'),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime' }),
    current: t.exposeBoolean('current', { description: 'False when the record changed after it' }),
    signedCounts: t.field({ type: [SignedPitcherType], resolve: (c) => c.signedCounts }),
    changedAfter: t.field({ type: ChangeAfterSigningType, nullable: true, resolve: (c) => c.changedAfter }),
  }),
});

export const OfficialSignatureType = builder.objectRef<OfficialSignatureRecord>('OfficialSignatureState').implement({
  description:
    'The official’s signature: who (one of the league’s officials), when, over which counts, and whether it holds',
  fields: (t) => ({
    officialId: t.exposeID('officialId', { nullable: true }),
    name: t.exposeString('name'),
    signedAt: t.expose('signedAt', { type: 'DateTime' }),
    signedCounts: t.field({ type: [SignedPitcherType], resolve: (o) => o.signedCounts }),
    current: t.exposeBoolean('current', { description: 'False once a change after it voided it: it needs a new one' }),
    changedAfter: t.field({ type: ChangeAfterSigningType, nullable: true, resolve: (o) => o.changedAfter }),
  }),
});

const CountTeam = builder.objectRef<{ teamId: string; teamName: string; confirmed: boolean }>('CountTeam').implement({
  fields: (t) => ({
    teamId: t.exposeID('teamId'),
    teamName: t.exposeString('teamName'),
    confirmed: t.exposeBoolean('confirmed'),
  }),
});

export const OfficialCount = builder.objectRef<OfficialCountRecord>('OfficialCount').implement({
  description: 'A game’s one official count',
  fields: (t) => ({
    gameId: t.id({ resolve: (r) => r.game.id }),
    game: t.field({ type: Game, resolve: (r) => r.game }),
    status: t.field({ type: CountStatusEnum, resolve: (r) => r.status }),
    teams: t.field({ type: [CountTeam], description: 'The teams that confirm', resolve: (r) => r.teams }),
    confirmations: t.field({ type: [CountConfirmation], resolve: (r) => r.confirmations }),
    pitchers: t.field({ type: [PitcherCountType], resolve: (r) => r.pitchers }),
    deadline: t.exposeString('deadline', { description: 'Local time in the organization’s zone, YYYY-MM-DDTHH:MM' }),
    deadlinePassed: t.exposeBoolean('deadlinePassed'),
    countStandsAfterDeadline: t.field({ type: CountDeadlineRuleEnum, resolve: (r) => r.countStandsAfterDeadline }),
    settledAt: t.expose('settledAt', { type: 'DateTime', nullable: true }),
    official: t.field({
      type: OfficialSignatureType,
      nullable: true,
      description: 'The official’s signature, once given',
      resolve: (r) => r.official,
    }),
  }),
});

builder.queryField('officialCount', (t) =>
  t.field({
    type: OfficialCount,
    description: 'A game’s official count: the record, the other dugout’s count, confirmations and the deadline',
    args: { gameId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.officialCount.get(await ctx.actor(), { gameId: String(args.gameId) }),
  }),
);

builder.queryField('listOfficialCounts', (t) =>
  t.field({
    type: [OfficialCount],
    description: 'Games of a league (and season) up to today whose count is unconfirmed or disputed, newest first',
    args: {
      leagueId: t.arg.id({ required: true }),
      seasonId: t.arg.id(),
      statuses: t.arg({ type: [CountStatusEnum], description: 'Default: unconfirmed and disputed' }),
    },
    resolve: async (_root, args, ctx) =>
      ctx.services.officialCount.list(await ctx.actor(), {
        leagueId: String(args.leagueId),
        seasonId: args.seasonId == null ? null : String(args.seasonId),
        statuses: args.statuses ?? null,
      }),
  }),
);

builder.mutationField('confirmOfficialCount', (t) =>
  t.field({
    type: OfficialCount,
    description: 'Confirm a game’s final counts for one of its teams, as they are on record now',
    args: { gameId: t.arg.id({ required: true }), teamId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.signatures.confirm(await ctx.actor(), {
        gameId: String(args.gameId),
        teamId: String(args.teamId),
      }),
  }),
);

builder.subscriptionField('onOfficialCount', (t) =>
  t.field({
    type: OfficialCount,
    description: 'A game’s official count each time a team confirms it, read as the subscriber',
    args: { gameId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const gameId = String(args.gameId);
      authorize(await ctx.actor(), 'Subscription.onOfficialCount');
      await ctx.services.officialCount.get(await ctx.actor(), { gameId });
      const updates = ctx.services.events.subscribe('officialCount.updated') as AsyncIterable<{ gameId: string }>;
      return pipe(
        updates,
        filter((update: { gameId: string }) => update.gameId === gameId),
      );
    },
    // Read again as the subscriber, on every update: a lost role or a revoked session stops it.
    resolve: async (_update, args, ctx) => {
      const actor = authorize(await ctx.freshActor(), 'Subscription.onOfficialCount');
      try {
        return await ctx.services.officialCount.get(actor, { gameId: String(args.gameId) });
      } catch {
        throw errors.notFound('Game');
      }
    },
  }),
);

const OfficialSignature = builder
  .objectRef<{ gameId: string; title: string; date: string; leagueName: string; officialName: string }>(
    'OfficialSignature',
  )
  .implement({
    description: 'The game the official signed',
    fields: (t) => ({
      gameId: t.exposeID('gameId'),
      title: t.exposeString('title', { description: '“Tigers vs Cubs”' }),
      date: t.exposeString('date'),
      leagueName: t.exposeString('leagueName'),
      officialName: t.exposeString('officialName', { description: 'Who signed: the official the link was sent to' }),
    }),
  });

const OfficialSettleInput = builder.inputType('OfficialSettleInput', {
  description: 'Whose count stands for a pitcher whose two dugouts’ counts differ',
  fields: (t) => ({
    pitcherId: t.id({ required: true }),
    bookTeamId: t.id({ required: true, description: 'The team whose dugout’s count stands' }),
  }),
});

const SignAsOfficialInput = builder.inputType('SignAsOfficialInput', {
  fields: (t) => ({
    link: t.string({ required: true, description: 'The token of the signing link emailed to the official' }),
    settle: t.field({
      type: [OfficialSettleInput],
      description: 'For a disputed game: whose count stands for each pitcher whose counts differ',
    }),
  }),
});

const CountTeamName = builder.objectRef<{ teamId: string; teamName: string }>('GameTeam').implement({
  fields: (t) => ({ teamId: t.exposeID('teamId'), teamName: t.exposeString('teamName') }),
});

const OfficialGameType = builder.objectRef<OfficialGameView>('OfficialGame').implement({
  description: 'What the game’s official is asked to sign: the game, its state and each pitcher’s counts',
  fields: (t) => ({
    title: t.exposeString('title'),
    date: t.exposeString('date'),
    leagueName: t.exposeString('leagueName'),
    state: t.field({ type: GameStateEnum, resolve: (g) => g.state }),
    withdrawn: t.exposeBoolean('withdrawn'),
    status: t.field({ type: CountStatusEnum, resolve: (g) => g.status }),
    teams: t.field({
      type: [CountTeamName],
      description: 'The game’s teams of the league (a pitcher’s other dugout is the other one)',
      resolve: (g) => g.teams,
    }),
    pitchers: t.field({ type: [PitcherCountType], resolve: (g) => g.pitchers }),
    signerName: t.exposeString('signerName', { description: 'The official the link was sent to: who signs with it' }),
    official: t.field({
      type: OfficialSignatureType,
      nullable: true,
      description: 'The signature so far',
      resolve: (g) => g.official,
    }),
  }),
});

builder.queryField('officialGame', (t) =>
  t.field({
    type: OfficialGameType,
    description: 'What the game’s official is asked to sign, read with the emailed link before signing',
    args: { link: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.signatures.officialGame(await ctx.actor(), { link: args.link }, ctx.client),
  }),
);

builder.mutationFields((t) => ({
  signAsOfficial: t.field({
    type: OfficialSignature,
    description: 'The game’s official signs its counts through the link emailed to them, as themselves',
    args: { input: t.arg({ type: SignAsOfficialInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.signatures.signAsOfficial(
        await ctx.actor(),
        {
          link: input.link,
          settle:
            input.settle?.map((s) => ({ pitcherId: String(s.pitcherId), bookTeamId: String(s.bookTeamId) })) ?? null,
        },
        ctx.client,
      ),
  }),
}));
