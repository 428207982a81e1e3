import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import { encoded, encodeMessage, type Message } from '../../core/i18n/messages.ts';
import { type Actor, authorize, authorizeSome, can, type Operation } from '../../core/permissions.ts';
import { parseRoster } from '../../core/roster-import.ts';
import type { Db } from '../db/client.ts';
import { leagues, organizations, players, rosterEntries, seasons, teams, users } from '../db/schema.ts';
import { PLAYER_MESSAGES } from './players.repository.ts';
import {
  isSuperAdmin,
  knownOrganization,
  readablePlayers,
  readableTeams,
  readableUsers,
  requireUuid,
  scopeOf,
} from './scope.ts';
import { assertWritable } from './seasons.repository.ts';

/**
 * What a roster import will do, worked out without writing anything: the preview shows it and the
 * import (player-import.service.ts) computes it again in its transaction and writes it. Authorizes
 * the caller for the organization, league and team the file goes to.
 */

export interface PlayerImportResult {
  create: number;
  match: number;
  refuse: number;
  teamsToCreate: number;
  guardiansToCreate: number;
  guardiansToLink: number;
}

interface PreviewRow {
  line: number;
  firstName: string;
  lastName: string;
  birthDate: string;
  jerseyNumber: string | null;
  leagueName: string | null;
  teamName: string | null;
  action: 'create' | 'match' | 'refuse';
  teamAction: 'none' | 'existing' | 'create';
  reasons: string[];
  guardians: { email: string; action: 'link' | 'create' }[];
}

export interface PlayerImportPreview {
  format: string;
  problems: string[];
  rows: PreviewRow[];
  summary: PlayerImportResult;
  digest: string;
}

export interface PlayerImportInput {
  organizationId: string;
  seasonId: string;
  leagueId?: string | null;
  teamId?: string | null;
  csv: string;
}

/** What one accepted row will write; refused rows carry no plan. */
interface RowPlan {
  row: PreviewRow;
  playerId: string | null;
  /** An existing team's id, or the key of a team the import creates. */
  team: { id: string } | { key: string; leagueId: string; name: string } | null;
  jerseyChange: boolean;
  guardians: { email: string; givenName: string; familyName: string }[];
}

export const IMPORT_MESSAGES = {
  stale: { id: 'errors.import.stale' } as Message,
  fileProblems: { id: 'errors.import.fileProblems' } as Message,
  nothingToImport: { id: 'errors.import.nothingToImport' } as Message,
  teamOfAnotherSeason: { id: 'errors.import.teamOfAnotherSeason' } as Message,
} as const;

export const lower = (value: string) => value.trim().toLowerCase();
const playerKey = (p: { firstName: string; lastName: string; birthDate: string }) =>
  `${lower(p.firstName)}|${lower(p.lastName)}|${p.birthDate}`;

export function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type League = { id: string; name: string };
type SeasonTeam = { id: string; name: string; leagueId: string };
type ParsedRow = ReturnType<typeof parseRoster>['rows'][number];

/**
 * Where the file goes: the organization, the season (open to changes), its leagues and teams, and
 * the team and league the caller chose, each one the caller may read and import into.
 */
async function destinationOf(tx: Db, me: Actor, input: PlayerImportInput, operation: Operation) {
  const organizationId = knownOrganization(me, input.organizationId);
  const [org] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw errors.notFound('Organization');
  const [season] = await tx
    .select()
    .from(seasons)
    .where(eq(seasons.id, requireUuid(input.seasonId, 'Season')));
  if (!season || season.organizationId !== organizationId) throw errors.notFound('Season');
  const orgLeagues: League[] = await tx
    .select({ id: leagues.id, name: leagues.name })
    .from(leagues)
    .where(eq(leagues.organizationId, organizationId));
  const seasonTeams: SeasonTeam[] = await tx
    .select({ id: teams.id, name: teams.name, leagueId: teams.leagueId })
    .from(teams)
    .where(eq(teams.seasonId, season.id));
  // The chosen team and league must be the caller's to read: any other is missing.
  const scope = await scopeOf(tx, me);
  let chosenTeam: SeasonTeam | null = null;
  if (input.teamId) {
    const [team] = await tx
      .select({ id: teams.id, seasonId: teams.seasonId })
      .from(teams)
      .where(and(eq(teams.id, requireUuid(input.teamId, 'Team')), readableTeams(me)));
    if (!team) throw errors.notFound('Team');
    chosenTeam = seasonTeams.find((t) => t.id === team.id) ?? null;
    if (!chosenTeam) throw errors.badInput(IMPORT_MESSAGES.teamOfAnotherSeason);
  }
  const chosenLeague = input.leagueId
    ? orgLeagues.find((l) => l.id === requireUuid(input.leagueId ?? '', 'League'))
    : orgLeagues.find((l) => l.id === chosenTeam?.leagueId);
  if (input.leagueId && !(chosenLeague && (scope.all || scope.leagueIds.includes(chosenLeague.id)))) {
    throw errors.notFound('League');
  }
  authorize(me, operation, { organizationId, leagueId: chosenLeague?.id });
  assertWritable(season);
  return { organizationId, season, orgLeagues, seasonTeams, scope, chosenTeam, chosenLeague: chosenLeague ?? null };
}

type Destination = Awaited<ReturnType<typeof destinationOf>>;

/**
 * The organization's players the file names, by name and birth date, among those the caller may read: a child
 * they may not read is not theirs to match, and the row is a new child (decision 0049).
 */
async function playersNamedIn(tx: Db, me: Actor, organizationId: string, rows: readonly ParsedRow[]) {
  const wantedKeys = new Set(rows.map(playerKey));
  const birthDates = [...new Set(rows.map((r) => r.birthDate).filter(Boolean))];
  const existingPlayers = new Map<string, { id: string; jerseyNumber: string | null }>();
  const readable = readablePlayers(me);
  for (const part of chunks(birthDates)) {
    const found = await tx
      .select({
        id: players.id,
        firstName: players.firstName,
        lastName: players.lastName,
        birthDate: players.birthDate,
        jerseyNumber: players.jerseyNumber,
      })
      .from(players)
      .where(
        and(
          eq(players.organizationId, organizationId),
          inArray(players.birthDate, part),
          isNull(players.removedAt),
          readable,
        ),
      );
    for (const { birthDate, ...p } of found) {
      // Found by birth date: a removed child (none) is never among them.
      if (birthDate === null) continue;
      const key = playerKey({ ...p, birthDate });
      if (wantedKeys.has(key)) existingPlayers.set(key, p);
    }
  }
  return existingPlayers;
}

/** Jerseys already worn on the season's teams: team id, then jersey, to 'playerId|name'. */
async function jerseysWorn(tx: Db, seasonTeams: readonly SeasonTeam[]) {
  const worn = new Map<string, Map<string, string>>();
  if (!seasonTeams.length) return worn;
  const roster = await tx
    .select({
      teamId: rosterEntries.teamId,
      playerId: players.id,
      jerseyNumber: players.jerseyNumber,
      name: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
    })
    .from(rosterEntries)
    .innerJoin(players, eq(players.id, rosterEntries.playerId))
    .where(
      inArray(
        rosterEntries.teamId,
        seasonTeams.map((t) => t.id),
      ),
    );
  for (const entry of roster) {
    if (!entry.jerseyNumber) continue;
    const team = worn.get(entry.teamId) ?? new Map<string, string>();
    team.set(entry.jerseyNumber, `${entry.playerId}|${entry.name}`);
    worn.set(entry.teamId, team);
  }
  return worn;
}

/**
 * Parents the caller already knows are linked; anyone else is invited, and the preview does not
 * say whether they have an account elsewhere.
 */
async function parentsKnownTo(tx: Db, me: Actor, scope: Destination['scope'], rows: readonly ParsedRow[]) {
  const emails = [...new Set(rows.flatMap((r) => r.guardians.map((g) => g.email)))];
  const knownEmails = new Set<string>();
  const visibleUsers = readableUsers(me, scope);
  for (const part of chunks(emails)) {
    const found = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(inArray(users.email, part), visibleUsers));
    for (const u of found) knownEmails.add(u.email);
  }
  return knownEmails;
}

/** What the file's rows are read against, and what earlier rows of the file already took. */
interface RowContext {
  me: Actor;
  operation: Operation;
  destination: Destination;
  existingPlayers: Awaited<ReturnType<typeof playersNamedIn>>;
  worn: Map<string, Map<string, string>>;
  knownEmails: Set<string>;
  callerEmail: string | undefined;
  leagueByName: Map<string, League>;
  teamByName: Map<string, SeasonTeam>;
  /** Teams the file creates, by league and name; jerseys and parents earlier rows took. */
  newTeams: Map<string, { key: string; leagueId: string; name: string }>;
  fileJerseys: Map<string, string>;
  invitedInFile: Set<string>;
}

/** A row's league and team: named in the file, or the ones the caller chose. */
function teamOfRow(ctx: RowContext, parsedRow: ParsedRow, reasons: string[]) {
  const { me, operation, destination } = ctx;
  const { organizationId, chosenTeam } = destination;
  let league = destination.chosenLeague;
  if (parsedRow.divisionName) {
    const named = ctx.leagueByName.get(lower(parsedRow.divisionName));
    if (!named) reasons.push(encoded('errors.import.noLeague', { name: parsedRow.divisionName }));
    league = named ?? null;
  }
  if (league && !can(me, operation, { organizationId, leagueId: league.id })) {
    reasons.push(encoded('errors.import.notYourLeague', { league: league.name }));
  }
  let team: RowPlan['team'] = null;
  let teamAction: PreviewRow['teamAction'] = 'none';
  let teamName: string | null = null;
  if (parsedRow.teamName) {
    teamName = parsedRow.teamName;
    if (!league) {
      if (!parsedRow.divisionName) reasons.push(encoded('errors.import.teamNeedsLeague'));
    } else {
      const key = `${league.id}|${lower(parsedRow.teamName)}`;
      const existing = ctx.teamByName.get(key);
      if (existing) {
        team = { id: existing.id };
        teamAction = 'existing';
        teamName = existing.name;
      } else {
        const planned = ctx.newTeams.get(key) ?? { key, leagueId: league.id, name: parsedRow.teamName.trim() };
        ctx.newTeams.set(key, planned);
        team = planned;
        teamAction = 'create';
      }
    }
  } else if (chosenTeam) {
    if (league && league.id !== chosenTeam.leagueId) {
      reasons.push(encoded('errors.import.teamNotInLeague', { team: chosenTeam.name, league: league.name }));
    } else {
      team = { id: chosenTeam.id };
      teamAction = 'existing';
      teamName = chosenTeam.name;
    }
  }
  return { league, team, teamAction, teamName };
}

/** One row of the file as the preview shows it, and what it will write unless refused. */
function planRow(ctx: RowContext, parsedRow: ParsedRow): { row: PreviewRow; plan: RowPlan | null } {
  const reasons = [...parsedRow.problems];
  const { league, team, teamAction, teamName } = teamOfRow(ctx, parsedRow, reasons);
  // Only a child the caller may read is matched: one of a league they do not run is never moved onto their
  // team, nor shown, nor said to exist (the row is a new child; an organization's admin merges the two).
  const existing = ctx.existingPlayers.get(playerKey(parsedRow));
  if (!isSuperAdmin(ctx.me) && parsedRow.guardians.some((g) => g.email === ctx.callerEmail)) {
    reasons.push(encodeMessage(PLAYER_MESSAGES.selfLink));
  }
  const jersey = parsedRow.jerseyNumber ?? existing?.jerseyNumber ?? null;
  const teamKey = team ? ('id' in team ? team.id : team.key) : null;
  if (teamKey && jersey) {
    const holder = ctx.worn.get(teamKey)?.get(jersey);
    const [holderId, holderName] = holder ? holder.split('|') : [];
    if (holder && holderId !== existing?.id) {
      reasons.push(encodeMessage(PLAYER_MESSAGES.jerseyTaken(jersey, holderName ?? '', teamName ?? '')));
    } else if (ctx.fileJerseys.has(`${teamKey}|${jersey}`)) {
      reasons.push(
        encoded('errors.import.jerseyInFile', {
          jersey,
          line: ctx.fileJerseys.get(`${teamKey}|${jersey}`) ?? '',
          team: teamName ?? '',
        }),
      );
    }
  }
  const guardians = parsedRow.guardians.map((g) => {
    const known = ctx.knownEmails.has(g.email) || ctx.invitedInFile.has(g.email);
    return { email: g.email, action: known ? ('link' as const) : ('create' as const), person: g };
  });
  const action: PreviewRow['action'] = reasons.length ? 'refuse' : existing ? 'match' : 'create';
  const row: PreviewRow = {
    line: parsedRow.line,
    firstName: parsedRow.firstName,
    lastName: parsedRow.lastName,
    birthDate: parsedRow.birthDate,
    jerseyNumber: parsedRow.jerseyNumber,
    leagueName: league?.name ?? parsedRow.divisionName ?? null,
    teamName,
    action,
    teamAction: action === 'refuse' ? 'none' : teamAction,
    reasons,
    guardians: guardians.map(({ email, action: a }) => ({ email, action: a })),
  };
  if (action === 'refuse') return { row, plan: null };
  if (teamKey && jersey) ctx.fileJerseys.set(`${teamKey}|${jersey}`, String(parsedRow.line));
  for (const g of guardians) ctx.invitedInFile.add(g.email);
  return {
    row,
    plan: {
      row,
      playerId: existing?.id ?? null,
      team,
      jerseyChange: Boolean(existing && parsedRow.jerseyNumber && parsedRow.jerseyNumber !== existing.jerseyNumber),
      guardians: guardians.map((g) => ({
        email: g.email,
        // A new parent needs a name: the file's, else the email's name and the child's family name.
        givenName: g.person.givenName || g.email.split('@')[0] || 'Parent',
        familyName: g.person.familyName || parsedRow.lastName,
      })),
    },
  };
}

/** The preview's counts; teams the file names but no accepted row uses are not created. */
function summaryOf(rows: readonly PreviewRow[], plans: readonly RowPlan[], usedNewTeams: Set<string>) {
  const createdGuardians = new Set(
    plans.flatMap((p) => p.row.guardians.filter((g) => g.action === 'create').map((g) => g.email)),
  );
  const linkedGuardians = new Set(
    plans.flatMap((p) => p.row.guardians.filter((g) => g.action === 'link').map((g) => g.email)),
  );
  return {
    create: rows.filter((r) => r.action === 'create').length,
    match: rows.filter((r) => r.action === 'match').length,
    refuse: rows.filter((r) => r.action === 'refuse').length,
    teamsToCreate: usedNewTeams.size,
    guardiansToCreate: createdGuardians.size,
    guardiansToLink: linkedGuardians.size,
  } satisfies PlayerImportResult;
}

/** The digest binds a confirmation to this exact plan: same file, same matches, same ids. */
function digestOf(destination: Destination, rows: readonly PreviewRow[], plans: readonly RowPlan[]): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        destination.organizationId,
        destination.season.id,
        destination.chosenLeague?.id,
        destination.chosenTeam?.id,
        rows,
        plans.map((p) => [p.playerId, p.team]),
      ]),
    )
    .digest('hex');
}

/**
 * The import of this file, computed the same way for the preview and the import: each row
 * matched against what the organization holds (read in bulk: a 10,000-row file stays a few
 * queries) and against the rows before it.
 */
export async function planImport(
  tx: Db,
  actor: Actor | null,
  input: PlayerImportInput,
  operation: Operation,
  today: string,
) {
  const me = authorizeSome(actor, operation);
  const destination = await destinationOf(tx, me, input, operation);
  const { organizationId, season, orgLeagues, seasonTeams, scope } = destination;
  const parsed = parseRoster(input.csv, { today });
  const existingPlayers = await playersNamedIn(tx, me, organizationId, parsed.rows);
  const worn = await jerseysWorn(tx, seasonTeams);
  const knownEmails = await parentsKnownTo(tx, me, scope, parsed.rows);
  const [caller] = await tx.select({ email: users.email }).from(users).where(eq(users.id, me.userId));
  const ctx: RowContext = {
    me,
    operation,
    destination,
    existingPlayers,
    worn,
    knownEmails,
    callerEmail: caller?.email,
    leagueByName: new Map(orgLeagues.map((l) => [lower(l.name), l])),
    teamByName: new Map(seasonTeams.map((t) => [`${t.leagueId}|${lower(t.name)}`, t])),
    newTeams: new Map(),
    fileJerseys: new Map(),
    invitedInFile: new Set(),
  };
  const rows: PreviewRow[] = [];
  const plans: RowPlan[] = [];
  for (const parsedRow of parsed.rows) {
    const { row, plan: rowPlan } = planRow(ctx, parsedRow);
    rows.push(row);
    if (rowPlan) plans.push(rowPlan);
  }
  const usedNewTeams = new Set(plans.flatMap((p) => (p.team && 'key' in p.team ? [p.team.key] : [])));
  const summary = summaryOf(rows, plans, usedNewTeams);
  const digest = digestOf(destination, rows, plans);
  const preview: PlayerImportPreview = { format: parsed.format, problems: parsed.problems, rows, summary, digest };
  return {
    preview,
    plans,
    organizationId,
    seasonId: season.id,
    newTeams: [...ctx.newTeams.values()].filter((t) => usedNewTeams.has(t.key)),
  };
}
