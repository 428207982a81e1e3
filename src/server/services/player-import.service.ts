import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import { type Actor, authorize, authorizeSome, can, type Operation } from '../../core/permissions.ts';
import { parseRoster } from '../../core/roster-import.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import {
  leagues,
  organizations,
  playerGuardians,
  players,
  rosterEntries,
  seasons,
  teams,
  users,
} from '../db/schema.ts';
import { PLAYER_MESSAGES, todayOf } from './players.repository.ts';
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
import type { UsersService } from './users.service.ts';

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
  stale: 'The roster or the file changed since the preview. Preview it again before importing.',
  fileProblems: 'The file cannot be imported: fix the problems the preview lists.',
  nothingToImport: 'No row can be imported: fix the refused rows first.',
  teamOfAnotherSeason: 'The chosen team does not play in the chosen season',
} as const;

const lower = (value: string) => value.trim().toLowerCase();
const playerKey = (p: { firstName: string; lastName: string; birthDate: string }) =>
  `${lower(p.firstName)}|${lower(p.lastName)}|${p.birthDate}`;

function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Roster import (issue 4): a registration system's CSV export is read by the core parser, then
 * matched against the organization (leagues by Division Name, the season's teams by Team Name,
 * players by names and birth date, parents by email). The preview stores nothing; the import
 * recomputes the same plan in one transaction and refuses if it no longer matches the preview.
 */
export function createPlayerImportService(deps: { db: Db; clock: Clock; users: UsersService }) {
  const { db, clock } = deps;

  async function plan(tx: Db, actor: Actor | null, input: PlayerImportInput, operation: Operation) {
    const me = authorizeSome(actor, operation);
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
    const orgLeagues = await tx
      .select({ id: leagues.id, name: leagues.name })
      .from(leagues)
      .where(eq(leagues.organizationId, organizationId));
    const seasonTeams = await tx
      .select({ id: teams.id, name: teams.name, leagueId: teams.leagueId })
      .from(teams)
      .where(eq(teams.seasonId, season.id));
    // The chosen team and league must be the caller's to read: any other is missing.
    const scope = await scopeOf(tx, me);
    let chosenTeam: (typeof seasonTeams)[number] | null = null;
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

    const parsed = parseRoster(input.csv, { today: todayOf(clock) });

    // What the organization already holds, read in bulk: a 10,000-row file stays a few queries.
    const wantedKeys = new Set(parsed.rows.map(playerKey));
    const birthDates = [...new Set(parsed.rows.map((r) => r.birthDate).filter(Boolean))];
    const existingPlayers = new Map<string, { id: string; jerseyNumber: string | null; readable: boolean }>();
    const readable = readablePlayers(me);
    for (const part of chunks(birthDates)) {
      const found = await tx
        .select({
          id: players.id,
          firstName: players.firstName,
          lastName: players.lastName,
          birthDate: players.birthDate,
          jerseyNumber: players.jerseyNumber,
          readable: readable ? sql<boolean>`coalesce(${readable}, false)` : sql<boolean>`true`,
        })
        .from(players)
        .where(and(eq(players.organizationId, organizationId), inArray(players.birthDate, part)));
      for (const { birthDate, ...p } of found) {
        // Found by birth date: a removed child (none) is never among them.
        if (birthDate === null) continue;
        const key = playerKey({ ...p, birthDate });
        if (wantedKeys.has(key)) existingPlayers.set(key, p);
      }
    }
    // Jerseys already worn on the season's teams, and who is already on which team.
    const worn = new Map<string, Map<string, string>>();
    const onTeam = new Set<string>();
    if (seasonTeams.length) {
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
        onTeam.add(`${entry.teamId}|${entry.playerId}`);
        if (!entry.jerseyNumber) continue;
        const team = worn.get(entry.teamId) ?? new Map<string, string>();
        team.set(entry.jerseyNumber, `${entry.playerId}|${entry.name}`);
        worn.set(entry.teamId, team);
      }
    }
    // Parents the caller already knows are linked; anyone else is invited, and the preview does not
    // say whether they have an account elsewhere.
    const emails = [...new Set(parsed.rows.flatMap((r) => r.guardians.map((g) => g.email)))];
    const knownEmails = new Set<string>();
    const visibleUsers = readableUsers(me, scope);
    for (const part of chunks(emails)) {
      const found = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(inArray(users.email, part), visibleUsers));
      for (const u of found) knownEmails.add(u.email);
    }
    const [caller] = await tx.select({ email: users.email }).from(users).where(eq(users.id, me.userId));

    const leagueByName = new Map(orgLeagues.map((l) => [lower(l.name), l]));
    const teamByName = new Map(seasonTeams.map((t) => [`${t.leagueId}|${lower(t.name)}`, t]));
    const newTeams = new Map<string, { key: string; leagueId: string; name: string }>();
    const fileJerseys = new Map<string, string>();
    const invitedInFile = new Set<string>();
    const plans: RowPlan[] = [];
    const rows: PreviewRow[] = [];

    for (const parsedRow of parsed.rows) {
      const reasons = [...parsedRow.problems];
      let league = chosenLeague ?? null;
      if (parsedRow.divisionName) {
        const named = leagueByName.get(lower(parsedRow.divisionName));
        if (!named) reasons.push(`No league named "${parsedRow.divisionName}" in this organization`);
        league = named ?? null;
      }
      if (league && !can(me, operation, { organizationId, leagueId: league.id })) {
        reasons.push(`You do not administer the ${league.name} league`);
      }
      let team: RowPlan['team'] = null;
      let teamAction: PreviewRow['teamAction'] = 'none';
      let teamName: string | null = null;
      if (parsedRow.teamName) {
        teamName = parsedRow.teamName;
        if (!league) {
          if (!parsedRow.divisionName) reasons.push('A team needs a league: choose one, or add a Division Name column');
        } else {
          const key = `${league.id}|${lower(parsedRow.teamName)}`;
          const existing = teamByName.get(key);
          if (existing) {
            team = { id: existing.id };
            teamAction = 'existing';
            teamName = existing.name;
          } else {
            const planned = newTeams.get(key) ?? { key, leagueId: league.id, name: parsedRow.teamName.trim() };
            newTeams.set(key, planned);
            team = planned;
            teamAction = 'create';
          }
        }
      } else if (chosenTeam) {
        if (league && league.id !== chosenTeam.leagueId) {
          reasons.push(`The chosen team ${chosenTeam.name} is not in the ${league.name} league`);
        } else {
          team = { id: chosenTeam.id };
          teamAction = 'existing';
          teamName = chosenTeam.name;
        }
      }
      const same = existingPlayers.get(playerKey(parsedRow));
      // A child of a league the caller does not run is never moved onto their team, nor shown.
      if (same && !same.readable) reasons.push(PLAYER_MESSAGES.duplicateElsewhere);
      const existing = same?.readable ? same : undefined;
      if (!isSuperAdmin(me) && parsedRow.guardians.some((g) => g.email === caller?.email)) {
        reasons.push(PLAYER_MESSAGES.selfLink);
      }
      const jersey = parsedRow.jerseyNumber ?? existing?.jerseyNumber ?? null;
      const teamKey = team ? ('id' in team ? team.id : team.key) : null;
      if (teamKey && jersey) {
        const holder = worn.get(teamKey)?.get(jersey);
        const [holderId, holderName] = holder ? holder.split('|') : [];
        if (holder && holderId !== existing?.id) {
          reasons.push(`Jersey ${jersey} is already worn by ${holderName} on ${teamName}`);
        } else if (fileJerseys.has(`${teamKey}|${jersey}`)) {
          reasons.push(
            `Jersey ${jersey} is already given to line ${fileJerseys.get(`${teamKey}|${jersey}`)} on ${teamName}`,
          );
        }
      }
      const guardians = parsedRow.guardians.map((g) => {
        const known = knownEmails.has(g.email) || invitedInFile.has(g.email);
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
      rows.push(row);
      if (action === 'refuse') continue;
      if (teamKey && jersey) fileJerseys.set(`${teamKey}|${jersey}`, String(parsedRow.line));
      for (const g of guardians) invitedInFile.add(g.email);
      plans.push({
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
      });
    }

    const usedNewTeams = new Set(plans.flatMap((p) => (p.team && 'key' in p.team ? [p.team.key] : [])));
    const createdGuardians = new Set(
      plans.flatMap((p) => p.row.guardians.filter((g) => g.action === 'create').map((g) => g.email)),
    );
    const linkedGuardians = new Set(
      plans.flatMap((p) => p.row.guardians.filter((g) => g.action === 'link').map((g) => g.email)),
    );
    const summary: PlayerImportResult = {
      create: rows.filter((r) => r.action === 'create').length,
      match: rows.filter((r) => r.action === 'match').length,
      refuse: rows.filter((r) => r.action === 'refuse').length,
      teamsToCreate: usedNewTeams.size,
      guardiansToCreate: createdGuardians.size,
      guardiansToLink: linkedGuardians.size,
    };
    // The digest binds a confirmation to this exact plan: same file, same matches, same ids.
    const digest = createHash('sha256')
      .update(
        JSON.stringify([
          organizationId,
          season.id,
          chosenLeague?.id,
          chosenTeam?.id,
          rows,
          plans.map((p) => [p.playerId, p.team]),
        ]),
      )
      .digest('hex');
    const preview: PlayerImportPreview = { format: parsed.format, problems: parsed.problems, rows, summary, digest };
    return {
      preview,
      plans,
      organizationId,
      seasonId: season.id,
      newTeams: [...newTeams.values()].filter((t) => usedNewTeams.has(t.key)),
    };
  }

  return {
    async preview(actor: Actor | null, input: PlayerImportInput): Promise<PlayerImportPreview> {
      return (await plan(db, actor, input, 'Mutation.previewPlayerImport')).preview;
    },

    /** The confirmed preview, all or nothing: one transaction, and only if the plan is unchanged. */
    async import(actor: Actor | null, input: PlayerImportInput & { digest: string }): Promise<PlayerImportResult> {
      const { summary, notify } = await db.transaction(async (tx) => {
        const planned = await plan(tx, actor, input, 'Mutation.importPlayers');
        if (planned.preview.problems.length) throw errors.badInput(IMPORT_MESSAGES.fileProblems);
        if (planned.preview.digest !== input.digest) throw errors.conflict(IMPORT_MESSAGES.stale);
        if (planned.plans.length === 0) throw errors.badInput(IMPORT_MESSAGES.nothingToImport);

        const teamIds = new Map<string, string>();
        for (const part of chunks(planned.newTeams)) {
          const inserted = await tx
            .insert(teams)
            .values(
              part.map((t) => ({
                organizationId: planned.organizationId,
                leagueId: t.leagueId,
                seasonId: planned.seasonId,
                name: t.name,
              })),
            )
            .returning({ id: teams.id, leagueId: teams.leagueId, name: teams.name });
          for (const t of inserted) teamIds.set(`${t.leagueId}|${lower(t.name)}`, t.id);
        }

        const fresh = planned.plans.filter((p) => p.playerId === null);
        for (const part of chunks(fresh)) {
          const inserted = await tx
            .insert(players)
            .values(
              part.map((p) => ({
                organizationId: planned.organizationId,
                firstName: p.row.firstName,
                lastName: p.row.lastName,
                birthDate: p.row.birthDate,
                jerseyNumber: p.row.jerseyNumber,
              })),
            )
            .returning({ id: players.id });
          part.forEach((p, i) => {
            p.playerId = inserted[i]?.id ?? null;
          });
        }
        for (const p of planned.plans.filter((x) => x.jerseyChange && x.playerId)) {
          await tx
            .update(players)
            .set({ jerseyNumber: p.row.jerseyNumber, updatedAt: clock.now() })
            .where(eq(players.id, p.playerId as string));
        }

        const entries = planned.plans.flatMap((p) => {
          if (!p.team || !p.playerId) return [];
          const teamId = 'id' in p.team ? p.team.id : teamIds.get(p.team.key);
          return teamId ? [{ teamId, playerId: p.playerId }] : [];
        });
        for (const part of chunks(entries)) await tx.insert(rosterEntries).values(part).onConflictDoNothing();

        const people = planned.plans.flatMap((p) => p.guardians);
        const childOf = new Map<string, string>();
        for (const p of planned.plans)
          for (const g of p.guardians) childOf.set(g.email, `${p.row.firstName} ${p.row.lastName}`);
        const invited = await deps.users.findOrInviteMany(
          tx,
          people,
          (email) =>
            `Your league added you to Bullpen as a parent of ${childOf.get(email) ?? 'a player'}, to follow their pitching and rest.`,
        );
        const links = planned.plans.flatMap((p) =>
          p.guardians.flatMap((g) => {
            const userId = invited.ids.get(g.email);
            return userId && p.playerId ? [{ playerId: p.playerId, userId }] : [];
          }),
        );
        for (const part of chunks(links)) await tx.insert(playerGuardians).values(part).onConflictDoNothing();
        return { summary: planned.preview.summary, notify: invited.notify };
      });
      // Thousands of invitations must not hold the answer; each failure is reported by the mailer hook.
      void notify();
      return summary;
    },
  };
}

export type PlayerImportService = ReturnType<typeof createPlayerImportService>;
