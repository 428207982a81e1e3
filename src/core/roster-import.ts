import Papa from 'papaparse';
import { emailSchema, NAME_MAX, ONE_LINE } from './admin-inputs.ts';
import { encoded } from './i18n/messages.ts';
import { isLocalDate, type LocalDate } from './local-date.ts';
import { birthDateSchema, jerseySchema, PLAYER_MESSAGES } from './player-inputs.ts';
import { fromSpreadsheetText, spreadsheetCsv } from './spreadsheet-cell.ts';

/**
 * Rosters in and out as CSV (docs/domain.md, What leagues ask of a tracker).
 * Reading accepts what leagues download from their registration system: Sports Connect / Blue
 * Sombrero ("Player First Name", "Division Name", "Account Email"...), SportsEngine
 * ("athlete_1_first_name", "guardian_1_email"...), or a plain "First,Last,Birth Date,Jersey" file.
 * Pure: it says what each row holds and what is wrong with it; the server matches the rows against
 * the organization and stores nothing until the admin confirms.
 */
export type RosterFormat = 'sports-connect' | 'sportsengine' | 'plain';

export interface ImportGuardian {
  /** Lower-cased. */
  email: string;
  /** '' when the file names nobody beside the email. */
  givenName: string;
  familyName: string;
}

export interface ImportRow {
  /** The row's first line in the file, counting from 1 (the header is usually line 1). */
  line: number;
  firstName: string;
  lastName: string;
  /** 'YYYY-MM-DD'; '' when the file's value is not a date (the row's problem quotes it). */
  birthDate: string;
  jerseyNumber: string | null;
  divisionName: string | null;
  teamName: string | null;
  /** De-duplicated by email, in the file's column order. */
  guardians: ImportGuardian[];
  /** Why the row cannot be imported, as messages in one string (`encoded`); empty when it can. */
  problems: string[];
}

export interface ParsedRoster {
  format: RosterFormat;
  rows: ImportRow[];
  /** Problems with the whole file (messages in one string): when any, nothing in it can be imported. */
  problems: string[];
}

/** Twice a large organization's registrations for a season; past it the file is refused whole. */
export const MAX_ROSTER_ROWS = 20_000;

/** Header names compared without case, spaces or punctuation: "Player First Name" = "player_first_name". */
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each field's header names (as headerKey writes them), most specific first. */
const COLUMNS = {
  firstName: ['playerfirstname', 'athlete1firstname', 'firstname', 'first'],
  lastName: ['playerlastname', 'athlete1lastname', 'lastname', 'last'],
  birthDate: [
    'playerbirthdate',
    'playerdob',
    'playerdateofbirth',
    'playerbirthday',
    'athlete1dob',
    'athlete1birthdate',
    'athlete1dateofbirth',
    'athlete1birthday',
    'birthdate',
    'dob',
    'dateofbirth',
    'birthday',
  ],
  jerseyNumber: [
    'playerjerseynumber',
    'playerjersey',
    'playeruniformnumber',
    'athlete1jerseynumber',
    'athlete1jersey',
    'athlete1uniformnumber',
    'jerseynumber',
    'jersey',
    'uniformnumber',
  ],
  divisionName: ['divisionname', 'division', 'athlete1divisionname', 'athlete1division'],
  teamName: ['teamname', 'team', 'athlete1teamname', 'athlete1team'],
} as const;

type Field = keyof typeof COLUMNS;

/**
 * A guardian's email column: a bare "Email", or one whose owner is an account holder, parent or
 * guardian ("Account Email", "Parent 1 Email", "guardian_2_email", "Guardian Emails"). Only these:
 * a guardian gets to see the child's records, so a coach's or the player's own email must not
 * become one.
 */
const GUARDIAN_EMAIL = /^(|account|user|parent\d*|guardian\d*|parentguardian\d*|mother|father)emails?(address)?$/;

/** How many characters of a bad value a message repeats (the message puts it in quotes). */
const QUOTED_MAX = 40;
const quoted = (value: string) => (value.length > QUOTED_MAX ? `${value.slice(0, QUOTED_MAX)}…` : value);

/** A cell trimmed, without the quote that rosterToCsv (or another careful export) put before a formula character. */
function cell(value: string | undefined): string {
  // Composed as the forms compose names (NFC): 'José' typed and 'José' exported are one child.
  return fromSpreadsheetText((value ?? '').trim())
    .trim()
    .normalize('NFC');
}

/**
 * A birth date as US registration exports write it: YYYY-MM-DD, or month first M/D/YYYY and
 * MM/DD/YYYY, possibly followed by a midnight time ("4/2/2015 12:00:00 AM"). Everything else is
 * refused with what to write instead: day-first, dotted or dashed day-month dates are ambiguous,
 * and so are two-digit years.
 */
export function readBirthDate(text: string): { date: LocalDate } | { problem: string } {
  const value = text.trim();
  const notADate = { problem: encoded('rules.import.birthDateNotADate', { value: quoted(value) }) };
  const match = /^(\S+?)(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    value,
  );
  const day = match?.[1] ?? '';
  let parts = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/.exec(day);
  if (parts) return dateOf(Number(parts[1]), Number(parts[3]), Number(parts[4])) ?? notADate;
  parts = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(day);
  if (parts) {
    const [month, date, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    const read = dateOf(year, month, date);
    if (read) return read;
    if (month > 12 && date <= 12) {
      return { problem: encoded('rules.import.birthDateMonthFirst', { value: quoted(value) }) };
    }
    return notADate;
  }
  if (/^\d{1,2}\/\d{1,2}\/\d{2}$/.test(day)) {
    return { problem: encoded('rules.import.birthDateTwoDigitYear', { value: quoted(value) }) };
  }
  if (/^\d{1,2}[-.]\d{1,2}[-.]\d{2,4}$/.test(day)) {
    return { problem: encoded('rules.import.birthDateAmbiguous', { value: quoted(value) }) };
  }
  return notADate;
}

function dateOf(year: number, month: number, day: number): { date: LocalDate } | null {
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isLocalDate(date) ? { date } : null;
}

interface Layout {
  format: RosterFormat;
  columns: Record<Field, number>;
  guardians: { email: number; givenName: number; familyName: number }[];
  /** Header keys this layout reads, to find the ones the file has twice. */
  read: Set<string>;
}

function layoutOf(keys: string[]): Layout {
  const columns = {} as Record<Field, number>;
  const read = new Set<string>();
  for (const field of Object.keys(COLUMNS) as Field[]) {
    const name = COLUMNS[field].find((candidate) => keys.includes(candidate));
    columns[field] = name ? keys.indexOf(name) : -1;
    if (name) read.add(name);
  }
  const guardians = keys.flatMap((key, email) => {
    const match = GUARDIAN_EMAIL.exec(key);
    if (!match) return [];
    read.add(key);
    // A bare "Email" has no names of its own: "First Name" beside it is the player's.
    const who = match[1] ?? '';
    const named = (suffix: string) => {
      if (!who) return -1;
      const index = keys.indexOf(`${who}${suffix}`);
      if (index >= 0) read.add(`${who}${suffix}`);
      return index;
    };
    return [{ email, givenName: named('firstname'), familyName: named('lastname') }];
  });
  const first = columns.firstName >= 0 ? keys[columns.firstName] : '';
  const format: RosterFormat = first?.startsWith('player')
    ? 'sports-connect'
    : first?.startsWith('athlete')
      ? 'sportsengine'
      : 'plain';
  return { format, columns, guardians, read };
}

const isBlank = (record: string[]) => record.every((value) => value.trim() === '');

/** Header rows looked for before giving up: some exports put a report title above the header. */
const HEADER_SEARCH = 10;

/** The index of the header among the first non-blank records, or -1. */
function findHeader(records: string[][]): number {
  const candidates = records.flatMap((record, index) => (isBlank(record) ? [] : [index])).slice(0, HEADER_SEARCH);
  return (
    candidates.find((index) => {
      const { columns } = layoutOf((records[index] ?? []).map(headerKey));
      return columns.firstName >= 0 && columns.lastName >= 0 && columns.birthDate >= 0;
    }) ?? -1
  );
}

/**
 * Commas, or tabs (SportsEngine member exports), or semicolons (spreadsheets in some locales):
 * the one whose split gives a recognizable header. Papa's own guess looks at how many fields the
 * first rows have, and a name or an email list with a semicolon in every row can win that.
 */
function delimiterOf(text: string): string {
  for (const delimiter of [',', '\t', ';', '|']) {
    const start = Papa.parse<string[]>(text, { delimiter, preview: 4 * HEADER_SEARCH, skipEmptyLines: false });
    if (findHeader(start.data) >= 0) return delimiter;
  }
  return ',';
}

export function parseRoster(text: string, options: { today: LocalDate }): ParsedRoster {
  const birthDate = birthDateSchema(options.today);
  // Excel's UTF-8 mark; Papa drops it too, but the delimiter search reads the text before Papa does.
  const content = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(content, { delimiter: delimiterOf(content), skipEmptyLines: false });
  const records = parsed.data;

  // Each record's first line: a quoted value may span lines, so records and lines can differ.
  const lineOf: number[] = [];
  let line = 1;
  for (const record of records) {
    lineOf.push(line);
    line += 1;
    for (const value of record) if (/[\r\n]/.test(value)) line += value.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  const fail = (format: RosterFormat, problem: string): ParsedRoster => ({ format, rows: [], problems: [problem] });

  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    const at = lineOf[quoteError.row ?? 0] ?? 1;
    return fail('plain', encoded('rules.import.unclosedQuote', { line: at }));
  }

  const firstFilled = records.findIndex((record) => !isBlank(record));
  if (firstFilled < 0) return fail('plain', encoded('rules.import.empty'));
  const found = findHeader(records);
  const headerIndex = found >= 0 ? found : firstFilled;
  const headers = records[headerIndex] ?? [];
  const keys = headers.map(headerKey);
  const layout = layoutOf(keys);
  const { columns } = layout;

  // The message's select names the missing columns together: 'firstName_birthDate'.
  const missing = (['firstName', 'lastName', 'birthDate'] as const).filter((field) => columns[field] < 0);
  if (missing.length) return fail(layout.format, encoded('rules.import.noColumn', { missing: missing.join('_') }));
  const twice = headers.find(
    (_, index) => layout.read.has(keys[index] ?? '') && keys.indexOf(keys[index] ?? '') < index,
  );
  if (twice !== undefined) {
    return fail(layout.format, encoded('rules.import.columnTwice', { column: twice.trim() }));
  }
  const dataIndexes: number[] = [];
  for (let index = headerIndex + 1; index < records.length; index++) {
    if (!isBlank(records[index] ?? [])) dataIndexes.push(index);
  }
  if (dataIndexes.length > MAX_ROSTER_ROWS) {
    return fail(
      layout.format,
      encoded('rules.import.tooManyRows', { count: dataIndexes.length, max: MAX_ROSTER_ROWS }),
    );
  }
  if (dataIndexes.length === 0) return fail(layout.format, encoded('rules.import.noPlayers'));

  const firstLineOf = new Map<string, number>();
  const rows = dataIndexes.map((index) => {
    const record = records[index] ?? [];
    const rowLine = lineOf[index] ?? index + 1;
    const get = (field: Field) => (columns[field] >= 0 ? cell(record[columns[field]]) : '');
    const problems: string[] = [];

    const firstName = get('firstName');
    const lastName = get('lastName');
    if (!firstName) problems.push(PLAYER_MESSAGES.firstNameRequired);
    else if (firstName.length > NAME_MAX) problems.push(PLAYER_MESSAGES.firstNameTooLong);
    else if (!ONE_LINE.test(firstName)) problems.push(PLAYER_MESSAGES.firstNameOneLine);
    if (!lastName) problems.push(PLAYER_MESSAGES.lastNameRequired);
    else if (lastName.length > NAME_MAX) problems.push(PLAYER_MESSAGES.lastNameTooLong);
    else if (!ONE_LINE.test(lastName)) problems.push(PLAYER_MESSAGES.lastNameOneLine);
    // A new team is created under this name, and a league is looked up by the division's.
    const teamName = get('teamName');
    if (teamName.length > NAME_MAX) problems.push(encoded('rules.import.teamNameTooLong', { max: NAME_MAX }));
    else if (!ONE_LINE.test(teamName)) problems.push(encoded('rules.import.teamNameOneLine'));
    const divisionName = get('divisionName');
    if (!ONE_LINE.test(divisionName)) problems.push(encoded('rules.import.divisionNameOneLine'));

    const writtenDate = get('birthDate');
    let date = '';
    if (!writtenDate) problems.push(PLAYER_MESSAGES.birthDateRequired);
    else {
      const read = readBirthDate(writtenDate);
      if ('problem' in read) problems.push(read.problem);
      else {
        date = read.date;
        const check = birthDate.safeParse(date);
        if (!check.success) problems.push(check.error.issues[0]?.message ?? PLAYER_MESSAGES.birthDateInvalid);
      }
    }

    // "#7" is how some exports write a jersey; the digits are what the player wears.
    const writtenJersey = get('jerseyNumber').replace(/^#\s*/, '');
    let jerseyNumber: string | null = null;
    if (writtenJersey) {
      const check = jerseySchema.safeParse(writtenJersey);
      if (check.success) jerseyNumber = check.data;
      else problems.push(encoded('rules.import.jerseyInvalid', { value: quoted(writtenJersey) }));
    }

    const guardians = new Map<string, ImportGuardian>();
    for (const column of layout.guardians) {
      const givenName = column.givenName >= 0 ? cell(record[column.givenName]) : '';
      const familyName = column.familyName >= 0 ? cell(record[column.familyName]) : '';
      for (const address of cell(record[column.email]).split(/[;,\s]+/)) {
        if (!address) continue;
        const email = emailSchema.safeParse(address);
        if (!email.success) problems.push(encoded('rules.import.guardianEmailInvalid', { value: quoted(address) }));
        else if (givenName.length > NAME_MAX || familyName.length > NAME_MAX) {
          problems.push(encoded('rules.import.guardianNameTooLong', { email: email.data, max: NAME_MAX }));
        } else if (!ONE_LINE.test(givenName) || !ONE_LINE.test(familyName)) {
          problems.push(encoded('rules.import.guardianNameOneLine', { email: email.data }));
        } else if (!guardians.has(email.data)) guardians.set(email.data, { email: email.data, givenName, familyName });
      }
    }

    if (firstName && lastName && writtenDate) {
      const identity = [firstName, lastName, date || writtenDate].map((v) => v.toLowerCase().replace(/\s+/g, ' '));
      const key = identity.join('\n');
      const earlier = firstLineOf.get(key);
      if (earlier === undefined) firstLineOf.set(key, rowLine);
      else problems.push(encoded('rules.import.samePlayer', { line: earlier }));
    }

    return {
      line: rowLine,
      firstName,
      lastName,
      birthDate: date,
      jerseyNumber,
      divisionName: divisionName || null,
      teamName: teamName || null,
      guardians: [...guardians.values()],
      problems,
    } satisfies ImportRow;
  });
  return { format: layout.format, rows, problems: [] };
}

/** One player of an exported roster. */
export interface RosterExportRow {
  firstName: string;
  lastName: string;
  birthDate: LocalDate;
  jerseyNumber: string | null;
  /** By the league's age rule for the season exported (league-age.ts); null when unknown. */
  leagueAge: number | null;
  /** The player's teams in the season exported, as one text ("Tigers; Cubs"), or none. */
  team: string | null;
  guardianEmails: readonly string[];
}

/**
 * The export's columns, in order. parseRoster reads them back as the plain format: "Team" as the
 * team, "Guardian Emails" as guardians (separated by "; "), and ignores "League Age", which it
 * computes itself. The league's own name is not a column: the file is for one season's roster.
 */
export const ROSTER_EXPORT_COLUMNS = [
  'First Name',
  'Last Name',
  'Birth Date',
  'Jersey Number',
  'League Age',
  'Team',
  'Guardian Emails',
] as const;

/**
 * The roster as CSV for league officials: a header line (ROSTER_EXPORT_COLUMNS), one player a
 * line, CRLF line ends, and a byte-order mark so that Excel reads accented names as UTF-8. Cells
 * that could run as formulas are written as text (spreadsheetCsv); parseRoster removes the quote
 * that adds, so the file reads back as the same players.
 */
export function rosterToCsv(rows: readonly RosterExportRow[]): string {
  const data = rows.map((row) => [
    row.firstName,
    row.lastName,
    row.birthDate,
    row.jerseyNumber,
    row.leagueAge,
    row.team,
    row.guardianEmails.join('; '),
  ]);
  return `\uFEFF${spreadsheetCsv(ROSTER_EXPORT_COLUMNS, data)}\r\n`;
}
