import { rosterToCsv } from '../../../../core/roster-import.ts';
import { downloadText } from '../../../lib/download.ts';
import { listAllPlayers, type PlayerFilter } from '../api/list-players.ts';

/**
 * Export CSV: every player of the filter (whatever the search), in the roster import's columns,
 * their teams of the season only; the file is named after the team or season ('majors-tigers-roster.csv').
 */
export async function downloadRoster(filter: PlayerFilter, seasonId: string, named: string): Promise<void> {
  const everyone = await listAllPlayers({ ...filter, search: '' });
  const csv = rosterToCsv(
    everyone.map((p) => ({
      firstName: p.firstName,
      lastName: p.lastName,
      birthDate: p.birthDate,
      jerseyNumber: p.jerseyNumber,
      leagueAge: p.leagueAge,
      team: p.teams
        .filter((t) => t.seasonId === seasonId)
        .map((t) => t.name)
        .join('; '),
      guardianEmails: p.guardians.map((g) => g.email),
    })),
  );
  const name = named.replace(/[^\w-]+/g, '-').toLowerCase();
  downloadText(`${name}-roster.csv`, csv, 'text/csv');
}
