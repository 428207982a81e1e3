import { ROSTER_EXPORT_COLUMNS, rosterToCsv } from '../../../../core/roster-import.ts';
import { spreadsheetCsv } from '../../../../core/spreadsheet-cell.ts';
import { downloadText } from '../../../lib/download.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { listAllPlayers, type PlayerFilter } from '../api/list-players.ts';

/** The export's column headings in the reader's language, in ROSTER_EXPORT_COLUMNS' order. */
function columnHeadings(t: Translate): string[] {
  return [
    t('players.export.column.firstName'),
    t('players.export.column.lastName'),
    t('players.export.column.birthDate'),
    t('players.export.column.jerseyNumber'),
    t('players.export.column.leagueAge'),
    t('players.export.column.team'),
    t('players.export.column.guardianEmails'),
  ];
}

/**
 * rosterToCsv's file with its header line in the reader's language: the cells are data, written
 * by the core as they are. The English header line is swapped for the translated one.
 */
function withHeadings(csv: string, headings: readonly string[]): string {
  const bom = '\uFEFF';
  const english = spreadsheetCsv(ROSTER_EXPORT_COLUMNS, []);
  if (!csv.startsWith(`${bom}${english}`)) return csv;
  return `${bom}${spreadsheetCsv(headings, [])}${csv.slice(bom.length + english.length)}`;
}

/**
 * Export CSV: every player of the filter (whatever the search), in the roster import's columns,
 * their teams of the season only; the file is named after the team or season ('majors-tigers-roster.csv').
 * The headings are in the reader's language.
 */
export async function downloadRoster(
  t: Translate,
  filter: PlayerFilter,
  seasonId: string,
  named: string,
): Promise<void> {
  const everyone = await listAllPlayers({ ...filter, search: '' });
  const csv = rosterToCsv(
    everyone.map((p) => ({
      firstName: p.firstName,
      lastName: p.lastName,
      birthDate: p.birthDate,
      jerseyNumber: p.jerseyNumber,
      leagueAge: p.leagueAge,
      team: p.teams
        .filter((team) => team.seasonId === seasonId)
        .map((team) => team.name)
        .join('; '),
      guardianEmails: p.guardians.map((g) => g.email),
    })),
  );
  const name = named.replace(/[^\w-]+/g, '-').toLowerCase();
  downloadText(t('players.export.fileName', { name }), withHeadings(csv, columnHeadings(t)), 'text/csv');
}
