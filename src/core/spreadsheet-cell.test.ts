import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { type CsvCell, fromSpreadsheetText, spreadsheetCsv, spreadsheetText } from './spreadsheet-cell.ts';

/**
 * What a spreadsheet could run, judged without the module's own patterns: a cell that starts with a
 * control character, or any line of it that starts, after whitespace, with =, +, -, @ or their
 * full-width forms.
 */
function runsAsFormula(cell: string): boolean {
  if (/^\p{Cc}/u.test(cell)) return true;
  return cell.split(/\r\n|\r|\n/).some((line) => /^[=+\-@＝＋－＠]/.test(line.trimStart()));
}

/** The cells of a CSV as a spreadsheet reads them (RFC 4180 quoting), header first. */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv, { newline: '\r\n' }).data;

const PAYLOADS = [
  'x\n=1+1',
  'x\r\n+cmd',
  'x\n  @SUM(A1)',
  'x\r-2+3',
  'x\n\t=1',
  '\t=1',
  '=1+1',
  ' =1+1',
  '\u00a0=1+1',
  '@SUM(A1)',
  '-5',
  '+1',
  '\r=1',
  '\n=1',
  '\u0000=1',
  '＝1+1',
  'Ana\n＠SUM(A1)',
  'x\n\n=1\n+2',
  '"x"\n=HYPERLINK("http://evil.example","click")',
];

describe('spreadsheetText', () => {
  it.each(PAYLOADS)('writes %j so that no line of it runs as a formula', (payload) => {
    expect(runsAsFormula(payload)).toBe(true);
    const [header, row] = cellsOf(spreadsheetCsv(['Name'], [[payload]]));
    expect(header).toEqual(['Name']);
    const written = row?.[0] ?? '';
    expect(runsAsFormula(written), JSON.stringify(written)).toBe(false);
    expect(fromSpreadsheetText(written)).toBe(payload);
  });

  it.each([
    ['x\n=1+1', "x\n'=1+1"],
    ['x\r\n+cmd', "x\r\n'+cmd"],
    ['x\n  @SUM(A1)', "x\n'  @SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\tTigers', "'\tTigers"],
    ['-5', "'-5"],
    ['＝1+1', "'＝1+1"],
    ["'quoted", "''quoted"],
    ["x\n'quoted", "x\n''quoted"],
  ])('puts one quote before the line of %j that a spreadsheet would run', (value, written) => {
    expect(spreadsheetText(value)).toBe(written);
  });

  it.each([
    'Mary-Jane',
    'Ana Diaz',
    "O'Brien",
    'Tigers; Blue Sox',
    'x = 1',
    'pat+kids@example.test',
    '2027-05-10',
    '1 2 3',
    'two\nlines',
    'Über 12U',
  ])('leaves %j as it is', (value) => {
    expect(spreadsheetText(value)).toBe(value);
  });

  it('never lets a line run, and gives back exactly what was written (any text)', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'a1 -=+@\'",;\t\r\n\v\u00a0\u3000\u0000＝＋－＠'.split('')),
      maxLength: 16,
    });
    fc.assert(
      fc.property(text, (value) => {
        const written = spreadsheetText(value);
        expect(runsAsFormula(written)).toBe(false);
        expect(fromSpreadsheetText(written)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('spreadsheetCsv', () => {
  it('keeps numbers our code computed as numbers, and writes a missing value as an empty cell', () => {
    const rows: CsvCell[][] = [[71, 0, null, undefined, '-5', 'Ana']];
    expect(spreadsheetCsv(['Pitches', 'Outs', 'Jersey', 'Before', 'Note', 'Name'], rows)).toBe(
      "Pitches,Outs,Jersey,Before,Note,Name\r\n71,0,,,'-5,Ana",
    );
  });

  it('quotes a cell with a comma, a double quote or a line break, so it stays one cell', () => {
    const csv = spreadsheetCsv(['A', 'B'], [['x,=1', 'x\n=HYPERLINK("http://evil.example","click")']]);
    expect(csv).toBe('A,B\r\n"x,=1","x\n\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(cellsOf(csv)[1]).toEqual(['x,=1', 'x\n\'=HYPERLINK("http://evil.example","click")']);
  });

  it('is the only CSV writer: no other file of src calls Papa.unparse', () => {
    const root = join(import.meta.dirname, '..');
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const writers = sources.filter((file) => /\.unparse\(/.test(readFileSync(join(root, file), 'utf8')));
    expect(writers).toEqual([join('core', 'spreadsheet-cell.ts')]);
  });
});
