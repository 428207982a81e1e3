import { GAME_STATES } from '../../core/outing-inputs.ts';
import type { GameRecord } from '../services/games.repository.ts';
import { builder } from './builder.ts';
import { connectionOf, IDFilter } from './filters.graphql.ts';
import { pageArgs } from './pagination.ts';
import { SeasonStateEnum } from './seasons.graphql.ts';

export const GameStateEnum = builder.enumType('GameState', { values: GAME_STATES });

export const Game = builder.objectRef<GameRecord>('Game').implement({
  description: 'A game of a league’s season: one or two of its teams, or one and an outside opponent',
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organizationId'),
    leagueId: t.exposeID('leagueId'),
    leagueName: t.exposeString('leagueName'),
    seasonId: t.exposeID('seasonId'),
    seasonName: t.exposeString('seasonName'),
    seasonState: t.field({ type: SeasonStateEnum, resolve: (g) => g.seasonState }),
    date: t.exposeString('date', { description: 'A calendar date, YYYY-MM-DD, in the organization’s time zone' }),
    startTime: t.exposeString('startTime', { nullable: true, description: 'HH:MM, local' }),
    homeTeamId: t.exposeID('homeTeamId', { nullable: true }),
    homeTeamName: t.exposeString('homeTeamName', { nullable: true }),
    awayTeamId: t.exposeID('awayTeamId', { nullable: true }),
    awayTeamName: t.exposeString('awayTeamName', { nullable: true }),
    opponentName: t.exposeString('opponentName', { nullable: true, description: 'An outside opponent' }),
    state: t.field({ type: GameStateEnum, resolve: (g) => g.state }),
    outingCount: t.exposeInt('outingCount', { description: 'Outings recorded (deleted ones left out)' }),
    signed: t.exposeBoolean('signed', {
      description: 'Each team signed its counts, or the deadline settled them: only an admin changes it now',
    }),
    holdsPitching: t.exposeBoolean('holdsPitching', {
      description:
        'Outings (deleted ones too), taps or confirmations are recorded: only an admin moves or withdraws it',
    }),
    version: t.exposeInt('version'),
    requiresOfficial: t.exposeBoolean('requiresOfficial', {
      description: 'The league asks the official’s signature too before the game is signed',
    }),
    officialName: t.exposeString('officialName', { nullable: true, description: 'The official who signed' }),
    officialSignedAt: t.expose('officialSignedAt', { type: 'DateTime', nullable: true }),
    withdrawnAt: t.expose('withdrawnAt', { type: 'DateTime', nullable: true }),
    withdrawnReason: t.exposeString('withdrawnReason', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const TeamName = builder.objectRef<{ id: string; name: string }>('TeamName').implement({
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});

const GameRosterPlayer = builder
  .objectRef<{ id: string; firstName: string; lastName: string; jerseyNumber: string | null }>('GameRosterPlayer')
  .implement({
    description: 'A player as a dugout counts them: no birth date',
    fields: (t) => ({
      id: t.exposeID('id'),
      firstName: t.exposeString('firstName'),
      lastName: t.exposeString('lastName'),
      jerseyNumber: t.exposeString('jerseyNumber', { nullable: true }),
    }),
  });
const GameRosterTeam = builder
  .objectRef<{
    teamId: string;
    teamName: string;
    players: { id: string; firstName: string; lastName: string; jerseyNumber: string | null }[];
  }>('GameRosterTeam')
  .implement({
    fields: (t) => ({
      teamId: t.exposeID('teamId'),
      teamName: t.exposeString('teamName'),
      players: t.field({ type: [GameRosterPlayer], resolve: (r) => r.players }),
    }),
  });

const GameConnection = connectionOf('GameConnection', Game);
const DateFilter = builder.inputType('DateFilter', {
  description: 'Calendar dates, YYYY-MM-DD, both ends included',
  fields: (t) => ({ eq: t.string(), from: t.string(), to: t.string() }),
});
const GameFilter = builder.inputType('GameFilter', {
  fields: (t) => ({
    leagueId: t.field({ type: IDFilter }),
    seasonId: t.field({ type: IDFilter }),
    teamId: t.field({ type: IDFilter }),
    date: t.field({ type: DateFilter }),
    withdrawn: t.boolean({
      description: 'true: the withdrawn games too (kept for their history, marked withdrawn); left out: not them',
    }),
  }),
});

const idOf = (filter: { eq?: string | number | null } | null | undefined) =>
  filter?.eq == null ? null : String(filter.eq);

builder.queryFields((t) => ({
  listGames: t.field({
    type: GameConnection,
    description: 'Games, newest first: an admin’s leagues’, a coach’s teams’, a parent’s children’s teams’',
    args: { filter: t.arg({ type: GameFilter }), ...pageArgs(t) },
    resolve: async (_root, args, ctx) =>
      ctx.services.games.list(
        await ctx.actor(),
        {
          leagueId: idOf(args.filter?.leagueId),
          seasonId: idOf(args.filter?.seasonId),
          teamId: idOf(args.filter?.teamId),
          dateFrom: args.filter?.date?.eq ?? args.filter?.date?.from ?? null,
          dateTo: args.filter?.date?.eq ?? args.filter?.date?.to ?? null,
          withdrawn: args.filter?.withdrawn === true,
        },
        ctx.paging.page('listGames', args),
      ),
  }),
  gameRoster: t.field({
    type: [GameRosterTeam],
    description: 'Both teams’ players of a game (names and jerseys), for the live count’s pitcher choice',
    args: { gameId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => ctx.services.games.roster(await ctx.actor(), { gameId: String(args.gameId) }),
  }),
  listOpponentTeams: t.field({
    type: [TeamName],
    description: 'The other teams of the team’s league and season',
    args: { teamId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.games.opponents(await ctx.actor(), { teamId: String(args.teamId) }),
  }),
}));

const gameFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  date: t.string({ description: 'YYYY-MM-DD' }),
  startTime: t.string({ description: 'HH:MM' }),
  homeTeamId: t.id(),
  awayTeamId: t.id(),
  opponentName: t.string({ description: 'When one side is not a team of the league' }),
  state: t.field({ type: GameStateEnum }),
});
const CreateGameInput = builder.inputType('CreateGameInput', { fields: (t) => gameFields(t) });
const UpdateGameInput = builder.inputType('UpdateGameInput', {
  description: 'Fields left out keep their value; null clears startTime, a team or the opponent',
  fields: (t) => ({
    id: t.id({ required: true }),
    ...gameFields(t),
    version: t.int({ description: 'The version you read: a stale one is refused (CONFLICT) with the current version' }),
    reason: t.string({
      description: 'Needed to move a game that holds pitching (an admin’s correction); kept in its history',
    }),
  }),
});
const DeleteGameInput = builder.inputType('DeleteGameInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    version: t.int({ description: 'The version you read: a stale one is refused (CONFLICT) with the current version' }),
    reason: t.string({
      description: 'Needed to withdraw a game that holds pitching (an admin’s correction); kept in its history',
    }),
  }),
});

/** GraphQL ids may arrive as numbers; the services take strings, and keep null (clear) apart from absent. */
function gameInput(input: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => [k, typeof v === 'number' && k.endsWith('Id') ? String(v) : v]),
  );
}

builder.mutationFields((t) => ({
  createGame: t.field({
    type: Game,
    args: { input: t.arg({ type: CreateGameInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ctx.services.games.create(await ctx.actor(), gameInput(input)),
  }),
  updateGame: t.field({
    type: Game,
    args: { input: t.arg({ type: UpdateGameInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.games.update(await ctx.actor(), { ...gameInput(input), id: String(input.id) }),
  }),
  deleteGame: t.field({
    type: Game,
    description:
      'Deletes a game that holds nothing about pitching; one that does is withdrawn by an admin with a reason (kept, its outings deleted with the reason)',
    args: { input: t.arg({ type: DeleteGameInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.games.delete(await ctx.actor(), {
        id: String(input.id),
        version: input.version,
        reason: input.reason,
      }),
  }),
}));
