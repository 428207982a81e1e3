import { textInEnglish } from '../../core/i18n/messages.ts';
import type { PossibleDuplicate } from '../services/player-duplicates.service.ts';
import type { PlayerImportPreview, PlayerImportResult } from '../services/player-import-plan.ts';
import type { PlayerRecord, PlayerTeam as PlayerTeamRecord } from '../services/players.service.ts';
import type { InvitedPassword } from '../services/users.service.ts';
import { builder } from './builder.ts';
import { connectionOf, IDFilter, INVITE_NAME, PendingInvitationType, UserSummary } from './filters.graphql.ts';
import { MessageType, saidOf } from './message.graphql.ts';
import { pageArgs } from './pagination.ts';
import { SeasonStateEnum } from './seasons.graphql.ts';

const PlayerTeam = builder.objectRef<PlayerTeamRecord>('PlayerTeam').implement({
  description: 'A team the player is on, with its league and season',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    leagueId: t.exposeID('leagueId'),
    leagueName: t.exposeString('leagueName'),
    seasonId: t.exposeID('seasonId'),
    seasonName: t.exposeString('seasonName'),
    seasonState: t.field({ type: SeasonStateEnum, resolve: (team) => team.seasonState }),
  }),
});

const RemovalRequest = builder.objectRef<NonNullable<PlayerRecord['removalRequest']>>('RemovalRequest').implement({
  description: 'A parent asked the league to remove the child; an organization admin removes them (deletePlayer)',
  fields: (t) => ({
    requestedAt: t.expose('requestedAt', { type: 'DateTime' }),
    requestedByName: t.exposeString('requestedByName'),
  }),
});

export const Player = builder.objectRef<PlayerRecord & InvitedPassword>('Player').implement({
  description: 'A player of an organization, across seasons, with their teams and guardians',
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organizationId'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    birthDate: t.exposeString('birthDate', { description: 'A calendar date, YYYY-MM-DD' }),
    jerseyNumber: t.exposeString('jerseyNumber', { nullable: true }),
    leagueAge: t.exposeInt('leagueAge', {
      description: "League age for the filtered season (else this year), by the league's age cutoff",
    }),
    organizationToday: t.exposeString('organizationToday', {
      description:
        "Today on the player's organization's calendar (its time zone), YYYY-MM-DD: the latest date an outing may have",
    }),
    teams: t.field({ type: [PlayerTeam], resolve: (p) => p.teams }),
    guardians: t.field({
      type: [UserSummary],
      description: 'Parents linked to the player',
      resolve: (p) => p.guardians,
    }),
    removalRequest: t.field({
      type: RemovalRequest,
      nullable: true,
      description: 'A parent’s request that the league remove the child, until it is done',
      resolve: (p) => p.removalRequest,
    }),
    version: t.exposeInt('version', { description: 'Bumped by every change of the record' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    invitedTemporaryPassword: t.string({
      nullable: true,
      description:
        'In the answer to linkGuardian only, when it created the parent’s account: their generated temporary password, shown once, never readable again; null everywhere else',
      resolve: (player) => player.invitedTemporaryPassword ?? null,
    }),
    invitedPending: t.field({
      type: PendingInvitationType,
      nullable: true,
      description:
        'In the answer to linkGuardian only, when the person has an account elsewhere: the invitation as typed (they are attached when they accept); null everywhere else',
      resolve: (player) => player.invitedPending ?? null,
    }),
  }),
});

const PlayerConnection = connectionOf('PlayerConnection', Player);
const PlayerFilter = builder.inputType('PlayerFilter', {
  fields: (t) => ({
    organizationId: t.field({ type: IDFilter }),
    teamId: t.field({ type: IDFilter }),
    seasonId: t.field({ type: IDFilter }),
  }),
});

const idOf = (filter: { eq?: string | number | null } | null | undefined) =>
  filter?.eq == null ? null : String(filter.eq);

builder.queryFields((t) => ({
  listPlayers: t.field({
    type: PlayerConnection,
    description: 'Players by last name: an admin’s organization or leagues, a coach’s rosters, a parent’s children',
    args: {
      filter: t.arg({ type: PlayerFilter }),
      search: t.arg.string({ description: 'Words that start the first or last name' }),
      ...pageArgs(t),
    },
    resolve: async (_root, args, ctx) =>
      ctx.services.players.list(
        await ctx.actor(),
        {
          organizationId: idOf(args.filter?.organizationId),
          teamId: idOf(args.filter?.teamId),
          seasonId: idOf(args.filter?.seasonId),
          search: args.search,
        },
        ctx.paging.page('listPlayers', args),
      ),
  }),
  getPlayer: t.field({
    type: Player,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => ctx.services.players.get(await ctx.actor(), String(args.id)),
  }),
}));

const CreatePlayerInput = builder.inputType('CreatePlayerInput', {
  fields: (t) => ({
    organizationId: t.id({ required: true }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    birthDate: t.string({ required: true, description: 'YYYY-MM-DD' }),
    jerseyNumber: t.string({ description: 'Up to 3 digits' }),
    teamId: t.id({ description: 'Put the player on this team too' }),
  }),
});
const UpdatePlayerInput = builder.inputType('UpdatePlayerInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    firstName: t.string(),
    lastName: t.string(),
    birthDate: t.string(),
    jerseyNumber: t.string({ description: 'null clears it; leave it out to keep it' }),
    version: t.int({
      required: true,
      description: 'The version you read: a stale one is refused (CONFLICT) with the current version',
    }),
  }),
});
const DeletePlayerInput = builder.inputType('DeletePlayerInput', { fields: (t) => ({ id: t.id({ required: true }) }) });
const RosterInput = builder.inputType('RosterInput', {
  fields: (t) => ({ playerId: t.id({ required: true }), teamId: t.id({ required: true }) }),
});
const LinkGuardianInput = builder.inputType('LinkGuardianInput', {
  fields: (t) => ({
    playerId: t.id({ required: true }),
    email: t.string({ required: true }),
    givenName: t.string({ description: INVITE_NAME }),
    familyName: t.string({ description: INVITE_NAME }),
  }),
});
const UnlinkGuardianInput = builder.inputType('UnlinkGuardianInput', {
  fields: (t) => ({ playerId: t.id({ required: true }), userId: t.id({ required: true }) }),
});

const ImportFields = {
  organizationId: { required: true, description: 'The organization the players belong to' },
  seasonId: { required: true, description: 'The season whose teams the roster fills' },
} as const;

const PlayerImportInput = builder.inputType('PlayerImportInput', {
  fields: (t) => ({
    organizationId: t.id(ImportFields.organizationId),
    seasonId: t.id(ImportFields.seasonId),
    leagueId: t.id({ description: 'The league of rows without a Division Name' }),
    teamId: t.id({ description: 'The team of rows without a Team Name' }),
    csv: t.string({ required: true, description: 'The CSV file, as text' }),
  }),
});
const ImportPlayersInput = builder.inputType('ImportPlayersInput', {
  fields: (t) => ({
    organizationId: t.id(ImportFields.organizationId),
    seasonId: t.id(ImportFields.seasonId),
    leagueId: t.id(),
    teamId: t.id(),
    csv: t.string({ required: true }),
    digest: t.string({ required: true, description: 'The digest of the preview the user confirmed' }),
  }),
});

const ImportAction = builder.enumType('PlayerImportAction', {
  description: 'create: a new player; match: an existing player; refuse: the row is not imported',
  values: ['create', 'match', 'refuse'] as const,
});
const TeamImportAction = builder.enumType('TeamImportAction', {
  description: 'none: no team; existing: a team of the season; create: a new team',
  values: ['none', 'existing', 'create'] as const,
});
const GuardianImportAction = builder.enumType('GuardianImportAction', {
  description:
    'link: someone already in your organization; create: invited by email (an account is made if they have none; whether they have one elsewhere is not said)',
  values: ['link', 'create'] as const,
});

type PreviewRow = PlayerImportPreview['rows'][number];
const GuardianImport = builder.objectRef<PreviewRow['guardians'][number]>('GuardianImport').implement({
  fields: (t) => ({
    email: t.exposeString('email'),
    action: t.field({ type: GuardianImportAction, resolve: (g) => g.action }),
  }),
});
const PlayerImportRow = builder.objectRef<PreviewRow>('PlayerImportRow').implement({
  fields: (t) => ({
    line: t.exposeInt('line', { description: 'The line in the file' }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    birthDate: t.exposeString('birthDate'),
    jerseyNumber: t.exposeString('jerseyNumber', { nullable: true }),
    leagueName: t.exposeString('leagueName', { nullable: true }),
    teamName: t.exposeString('teamName', { nullable: true }),
    action: t.field({ type: ImportAction, resolve: (r) => r.action }),
    teamAction: t.field({ type: TeamImportAction, resolve: (r) => r.teamAction }),
    reasons: t.stringList({
      description: 'Why a row is refused, in English',
      resolve: (r) => r.reasons.map(textInEnglish),
    }),
    reasonsSaid: t.field({
      type: [MessageType],
      description: 'Why a row is refused, by id, for the reader’s language',
      resolve: (r) => r.reasons.map(saidOf),
    }),
    guardians: t.field({ type: [GuardianImport], resolve: (r) => r.guardians }),
  }),
});
const ImportCounts = builder.objectRef<PlayerImportResult>('PlayerImportCounts').implement({
  fields: (t) => ({
    create: t.exposeInt('create', { description: 'New players' }),
    match: t.exposeInt('match', { description: 'Existing players' }),
    refuse: t.exposeInt('refuse', { description: 'Rows not imported' }),
    teamsToCreate: t.exposeInt('teamsToCreate'),
    guardiansToCreate: t.exposeInt('guardiansToCreate'),
    guardiansToLink: t.exposeInt('guardiansToLink'),
  }),
});
const PlayerImportPreviewType = builder.objectRef<PlayerImportPreview>('PlayerImportPreview').implement({
  fields: (t) => ({
    format: t.exposeString('format', { description: 'sports-connect, sportsengine or plain' }),
    problems: t.stringList({
      description: 'Problems with the whole file, in English: nothing can be imported',
      resolve: (p) => p.problems.map(textInEnglish),
    }),
    problemsSaid: t.field({
      type: [MessageType],
      description: 'The same by id, for the reader’s language',
      resolve: (p) => p.problems.map(saidOf),
    }),
    rows: t.field({ type: [PlayerImportRow], resolve: (p) => p.rows }),
    summary: t.field({ type: ImportCounts, resolve: (p) => p.summary }),
    digest: t.exposeString('digest', { description: 'Send it back to importPlayers to confirm this preview' }),
  }),
});

builder.mutationFields((t) => ({
  createPlayer: t.field({
    type: Player,
    description: 'The same child (names and birth date) already in the organization is put on the team instead',
    args: { input: t.arg({ type: CreatePlayerInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.players.create(await ctx.actor(), {
        ...input,
        organizationId: String(input.organizationId),
        teamId: input.teamId == null ? null : String(input.teamId),
      }),
  }),
  updatePlayer: t.field({
    type: Player,
    args: { input: t.arg({ type: UpdatePlayerInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.players.update(await ctx.actor(), { ...input, id: String(input.id) }),
  }),
  deletePlayer: t.field({
    type: Player,
    description:
      "Removes a child: their names become a pseudonym, their birth date, jersey, rosters, parents' links and the emails naming them are erased; their pitching record stays under the pseudonym and their leagues' admins are told. Answers the player as the caller knew them.",
    args: { input: t.arg({ type: DeletePlayerInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ctx.services.players.delete(await ctx.actor(), { id: String(input.id) }),
  }),
  requestPlayerRemoval: t.field({
    type: Player,
    description:
      "A parent asks the league to remove their child: the organization's and leagues' admins are asked to (deletePlayer), the child's coaches are told. Asked once.",
    args: { input: t.arg({ type: DeletePlayerInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.players.requestRemoval(await ctx.actor(), { id: String(input.id) }),
  }),
  addPlayerToTeam: t.field({
    type: Player,
    args: { input: t.arg({ type: RosterInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.players.addToTeam(await ctx.actor(), {
        playerId: String(input.playerId),
        teamId: String(input.teamId),
      }),
  }),
  removePlayerFromTeam: t.field({
    type: Player,
    args: { input: t.arg({ type: RosterInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.players.removeFromTeam(await ctx.actor(), {
        playerId: String(input.playerId),
        teamId: String(input.teamId),
      }),
  }),
  linkGuardian: t.field({
    type: Player,
    description: 'Links the parent with this email; a new email gets an account and a temporary password',
    args: { input: t.arg({ type: LinkGuardianInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.players.linkGuardian(await ctx.actor(), { ...input, playerId: String(input.playerId) }),
  }),
  unlinkGuardian: t.field({
    type: Player,
    args: { input: t.arg({ type: UnlinkGuardianInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.players.unlinkGuardian(await ctx.actor(), {
        playerId: String(input.playerId),
        userId: String(input.userId),
      }),
  }),
  previewPlayerImport: t.field({
    type: PlayerImportPreviewType,
    description: 'Reads a roster CSV and says, row by row, what importPlayers would do; stores nothing',
    args: { input: t.arg({ type: PlayerImportInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ctx.services.playerImport.preview(await ctx.actor(), importArgs(input)),
  }),
  importPlayers: t.field({
    type: ImportCounts,
    description: 'Imports the rows of a confirmed preview in one transaction (refused rows are skipped)',
    args: { input: t.arg({ type: ImportPlayersInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.playerImport.import(await ctx.actor(), { ...importArgs(input), digest: input.digest }),
  }),
}));

function importArgs(input: {
  organizationId: string | number;
  seasonId: string | number;
  leagueId?: string | number | null;
  teamId?: string | number | null;
  csv: string;
}) {
  return {
    organizationId: String(input.organizationId),
    seasonId: String(input.seasonId),
    leagueId: input.leagueId == null ? null : String(input.leagueId),
    teamId: input.teamId == null ? null : String(input.teamId),
    csv: input.csv,
  };
}

const PossibleDuplicateType = builder.objectRef<PossibleDuplicate>('PossibleDuplicate').implement({
  description: 'Records of one organization with the same names and birth date: perhaps one child entered twice',
  fields: (t) => ({
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    birthDate: t.exposeString('birthDate'),
    players: t.field({ type: [Player], description: 'Oldest first', resolve: (d) => d.players }),
  }),
});

builder.queryFields((t) => ({
  listPossibleDuplicatePlayers: t.field({
    type: [PossibleDuplicateType],
    description:
      "An organization's records with the same names and birth date (at most 100 groups), for its admins, who read every league, to merge",
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.playerDuplicates.list(await ctx.actor(), { organizationId: String(args.organizationId) }),
  }),
}));

const MergePlayersInput = builder.inputType('MergePlayersInput', {
  fields: (t) => ({
    keepId: t.id({ required: true, description: 'The record kept' }),
    mergeId: t.id({ required: true, description: 'The record merged into it, then removed' }),
  }),
});

builder.mutationFields((t) => ({
  mergePlayers: t.field({
    type: Player,
    description:
      'Merges two records of the same child (same names and birth date): rosters, parents and the whole pitch record move to the kept one, each move in the change history; the other is removed. Answers the kept record.',
    args: { input: t.arg({ type: MergePlayersInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.playerDuplicates.merge(await ctx.actor(), {
        keepId: String(input.keepId),
        mergeId: String(input.mergeId),
      }),
  }),
}));
