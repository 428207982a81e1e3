import Papa from 'papaparse';

/**
 * CSV that a spreadsheet opens as data, never as formulas (docs/decisions/0025). Every CSV the
 * product writes goes through `spreadsheetCsv`, which passes every text cell through
 * `spreadsheetText`.
 *
 * Excel, LibreOffice and Google Sheets run a cell starting with =, +, - or @ as a formula; OWASP's
 * "CSV Injection" adds tab, carriage return and line feed, and its testing guide (WSTG-INPV-21) the
 * full-width ＝ ＋ － ＠ (reported to run in Japanese Excel). Such a cell gets a leading quote, which
 * the spreadsheet reads as "this is text".
 */

/** Whitespace other than a line break: some importers trim it, so it cannot hide a trigger. */
const LEAD = '[^\\S\\r\\n]*';
/**
 * The formula triggers, and the quote itself: a cell that starts with a quote gets one more, so
 * that removing the one the export added gives back exactly what was stored.
 */
const TRIGGER = "[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20']";

/** At the cell's start: a control character (tab, CR, LF, NUL...), or a trigger behind whitespace. */
const CELL_START = new RegExp(`^(?:\\p{Cc}|${LEAD}${TRIGGER})`, 'u');
/**
 * After a line break inside the cell: a trigger behind whitespace. A program that splits the file
 * on line breaks without honouring CSV quotes (or a person pasting the cell's lines) would start a
 * row there.
 */
const LINE_START = new RegExp(`([\\r\\n])(?=${LEAD}${TRIGGER})`, 'gu');
const QUOTED_CELL_START = new RegExp(`^'(?=\\p{Cc}|${LEAD}${TRIGGER})`, 'u');
const QUOTED_LINE_START = new RegExp(`([\\r\\n])'(?=${LEAD}${TRIGGER})`, 'gu');

/** A text cell as a spreadsheet must show it: a quote before a trigger at the cell's start and at each line's start. */
export function spreadsheetText(value: string): string {
  const lines = value.replace(LINE_START, "$1'");
  return CELL_START.test(value) ? `'${lines}` : lines;
}

/** The stored text of a cell `spreadsheetText` wrote: the quotes it added, removed (what a re-import reads). */
export function fromSpreadsheetText(cell: string): string {
  return cell.replace(QUOTED_CELL_START, '').replace(QUOTED_LINE_START, '$1');
}

/**
 * A cell of a CSV we write. Text (anything a person typed, and whatever the database holds) is
 * always written as text, so "-5" typed as a name becomes '-5. A number our own code computed (a
 * pitch count, an age) stays a number the spreadsheet can add up.
 */
export type CsvCell = string | number | null | undefined;

/**
 * The one CSV writer: a header line, one line per row, CRLF line ends; a cell is quoted when it
 * holds a comma, a double quote or a line break (RFC 4180) or starts or ends with a space, and every
 * text cell is spreadsheetText.
 */
export function spreadsheetCsv(fields: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const text = (cell: CsvCell) => (typeof cell === 'number' ? cell : spreadsheetText(cell ?? ''));
  return Papa.unparse(
    { fields: fields.map((field) => spreadsheetText(field)), data: rows.map((row) => row.map(text)) },
    { newline: '\r\n', quotes: false, escapeFormulae: false },
  );
}
