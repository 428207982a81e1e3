import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textInEnglish } from './i18n/messages.ts';
import './i18n/testing.ts';
import { MAX_ROSTER_ROWS, type ParsedRoster, parseRoster, readBirthDate, rosterToCsv } from './roster-import.ts';

const today = '2027-01-15';
/** The roster with its problems (messages) in English, as the tests read them. */
const english = (roster: ParsedRoster): ParsedRoster => ({
  ...roster,
  problems: roster.problems.map(textInEnglish),
  rows: roster.rows.map((row) => ({ ...row, problems: row.problems.map(textInEnglish) })),
});
const parse = (text: string) => english(parseRoster(text, { today }));
const PLAIN = 'First,Last,Birth Date,Jersey,Guardian Email';

describe('parseRoster: the registration systems', () => {
  it('reads a Sports Connect export: extra columns, times after dates, account and parent contacts', () => {
    const csv = [
      'Program Name,Division Name,Team Name,Player First Name,Player Last Name,Player Birth Date,Player Gender,Player Jersey Number,Account First Name,Account Last Name,Account Email,Parent1 First Name,Parent1 Last Name,Parent1 Email,Head Coach Email,Street Address',
      'Spring 2027 Baseball,Majors,Tigers,Ana,Diaz,4/2/2015 12:00:00 AM,Female,07,Pat,Diaz,PAT.DIAZ@Example.test,Pat,Diaz,pat.diaz@example.test,coach.rivera@example.test,"12 Elm St, Apt 3"',
      'Spring 2027 Baseball,Minors,Cubs,Ben,Ortiz,06/11/2016 12:00:00 AM,Male,,Lee,Ortiz,lee.ortiz@example.test,Sam,Ortiz,sam.ortiz@example.test,coach.kim@example.test,3 Oak Ave',
    ].join('\r\n');
    const roster = parse(csv);
    expect(roster).toEqual({
      format: 'sports-connect',
      problems: [],
      rows: [
        {
          line: 2,
          firstName: 'Ana',
          lastName: 'Diaz',
          birthDate: '2015-04-02',
          jerseyNumber: '07',
          divisionName: 'Majors',
          teamName: 'Tigers',
          // The same address twice is one guardian; the coach's email is nobody's guardian.
          guardians: [{ email: 'pat.diaz@example.test', givenName: 'Pat', familyName: 'Diaz' }],
          problems: [],
        },
        {
          line: 3,
          firstName: 'Ben',
          lastName: 'Ortiz',
          birthDate: '2016-06-11',
          jerseyNumber: null,
          divisionName: 'Minors',
          teamName: 'Cubs',
          guardians: [
            { email: 'lee.ortiz@example.test', givenName: 'Lee', familyName: 'Ortiz' },
            { email: 'sam.ortiz@example.test', givenName: 'Sam', familyName: 'Ortiz' },
          ],
          problems: [],
        },
      ],
    });
  });

  it.each([
    ['Player Birth Date'],
    ['Player Birthdate'],
    ['Player DOB'],
    ['PLAYER   BIRTH DATE'],
    ['player_birth_date'],
  ])('reads a Blue Sombrero export whose birth date column is "%s"', (header) => {
    const csv = [
      `Player First Name,Player Last Name,${header},Parent 1 Email,Parent 2 Email,Guardian 1 Email,User Email`,
      'Cam,Young,01/20/2014,ann.young@example.test,BOB.YOUNG@example.test,bob.young@example.test,cam.family@example.test',
    ].join('\n');
    const roster = parse(csv);
    expect(roster.format).toBe('sports-connect');
    expect(roster.rows[0]?.birthDate).toBe('2014-01-20');
    expect(roster.rows[0]?.guardians.map((g) => g.email)).toEqual([
      'ann.young@example.test',
      'bob.young@example.test',
      'cam.family@example.test',
    ]);
  });

  it('reads a SportsEngine export with two guardians and ignores the athlete’s own email', () => {
    const csv = [
      'athlete_1_first_name,athlete_1_last_name,athlete_1_dob,athlete_1_email,athlete_1_jersey_number,division,team_name,guardian_1_first_name,guardian_1_last_name,guardian_1_email,guardian_2_first_name,guardian_2_last_name,guardian_2_email',
      'Dee,Park,2014-09-30,dee.park@example.test,12,Juniors,Hawks,Min,Park,min.park@example.test,Joon,Park,joon.park@example.test',
    ].join('\n');
    expect(parse(csv)).toEqual({
      format: 'sportsengine',
      problems: [],
      rows: [
        {
          line: 2,
          firstName: 'Dee',
          lastName: 'Park',
          birthDate: '2014-09-30',
          jerseyNumber: '12',
          divisionName: 'Juniors',
          teamName: 'Hawks',
          guardians: [
            { email: 'min.park@example.test', givenName: 'Min', familyName: 'Park' },
            { email: 'joon.park@example.test', givenName: 'Joon', familyName: 'Park' },
          ],
          problems: [],
        },
      ],
    });
  });

  it('reads a tab-separated SportsEngine member export whose birth date column is athlete_1_birth_date', () => {
    const tsv = [
      'athlete_1_first_name\tathlete_1_last_name\tathlete_1_birth_date\tguardian_1_email',
      'Eli\tStone\t2015-08-08\teve.stone@example.test',
    ].join('\n');
    const roster = parse(tsv);
    expect(roster.format).toBe('sportsengine');
    expect(roster.rows[0]).toMatchObject({ firstName: 'Eli', birthDate: '2015-08-08', problems: [] });
    expect(roster.rows[0]?.guardians).toEqual([{ email: 'eve.stone@example.test', givenName: '', familyName: '' }]);
  });

  it('reads a plain file, keeping jerseys 00 and 07 as written', () => {
    const roster = parse('First,Last,Birth Date,Jersey\nFay,Lin,2014-03-03,00\nGus,Hale,2015-05-05,07\n');
    expect(roster.format).toBe('plain');
    expect(roster.problems).toEqual([]);
    expect(roster.rows.map((r) => [r.line, r.firstName, r.lastName, r.birthDate, r.jerseyNumber])).toEqual([
      [2, 'Fay', 'Lin', '2014-03-03', '00'],
      [3, 'Gus', 'Hale', '2015-05-05', '07'],
    ]);
    expect(roster.rows[0]).toMatchObject({ divisionName: null, teamName: null, guardians: [] });
  });

  it('reads the longer plain headers, a "#" before a jersey and several emails in one cell', () => {
    const csv =
      'First Name,Last Name,DOB,Jersey Number,Guardian Email\nHal,Ruiz,5/6/2013,#9,"ivy@example.test; IVY@example.test, jo@example.test"';
    expect(parse(csv).rows[0]).toMatchObject({
      birthDate: '2013-05-06',
      jerseyNumber: '9',
      guardians: [
        { email: 'ivy@example.test', givenName: '', familyName: '' },
        { email: 'jo@example.test', givenName: '', familyName: '' },
      ],
    });
  });

  it('is not thrown by a BOM, CRLF line ends, blank lines, trailing empty columns or padding', () => {
    const csv =
      '\uFEFFFirst,Last,Birth Date,Jersey,,\r\n\r\n  Ivy , Moss ,2016-02-29, 4 ,,\r\n,,,,,\r\nJon,Reed,2015-10-10,,,\r\n\r\n';
    const roster = parse(csv);
    expect(roster.problems).toEqual([]);
    expect(roster.rows.map((r) => [r.line, r.firstName, r.lastName, r.birthDate, r.jerseyNumber, r.problems])).toEqual([
      [3, 'Ivy', 'Moss', '2016-02-29', '4', []],
      [5, 'Jon', 'Reed', '2015-10-10', null, []],
    ]);
  });

  it('counts lines in the file, not records, when a quoted value spans lines or a title comes first', () => {
    const csv = [
      'Spring 2027 roster (printed 1/10/2027)',
      '',
      'First,Last,DOB,Notes',
      'Kai,Lowe,2014-04-04,"allergic to',
      'peanuts"',
      'Lu,Marsh,2014-05-05,',
    ].join('\n');
    const roster = parse(csv);
    expect(roster.problems).toEqual([]);
    expect(roster.rows.map((r) => [r.line, r.firstName])).toEqual([
      [4, 'Kai'],
      [6, 'Lu'],
    ]);
  });
});

describe('parseRoster: rows it refuses, with the reason', () => {
  it.each([
    [',Diaz,2015-04-02,,', ['First name is required']],
    ['Ana,,2015-04-02,,', ['Last name is required']],
    [`${'A'.repeat(101)},Diaz,2015-04-02,,`, ['First name must be at most 100 characters']],
    [`Ana,${'D'.repeat(101)},2015-04-02,,`, ['Last name must be at most 100 characters']],
    ['Ana,Diaz,,,', ['Birth date is required']],
    ['Ana,Diaz,13/45/2015,,', ['Birth date "13/45/2015" is not a date (write YYYY-MM-DD or MM/DD/YYYY)']],
    ['Ana,Diaz,2015-02-29,,', ['Birth date "2015-02-29" is not a date (write YYYY-MM-DD or MM/DD/YYYY)']],
    ['Ana,Diaz,25/12/2015,,', ['Birth date "25/12/2015" is not a date: dates are read month first (MM/DD/YYYY)']],
    ['Ana,Diaz,1/2/15,,', ['Birth date "1/2/15" has a two-digit year: write the year in full (MM/DD/YYYY)']],
    [
      'Ana,Diaz,04-02-2015,,',
      ['Birth date "04-02-2015" could be day or month first: write it as MM/DD/YYYY or YYYY-MM-DD'],
    ],
    ['Ana,Diaz,2027-01-16,,', ['Birth date is in the future']],
    ['Ana,Diaz,1997-01-14,,', ['Birth date is more than 30 years ago: check the year']],
    ['Ana,Diaz,2015-04-02,12a,', ['Jersey number "12a" is not valid: use 0 to 999 (digits only)']],
    ['Ana,Diaz,2015-04-02,1000,', ['Jersey number "1000" is not valid: use 0 to 999 (digits only)']],
    ['Ana,Diaz,2015-04-02,,not-an-email', ['Guardian email "not-an-email" is not valid']],
    [
      ',,someday,-3,x@',
      [
        'First name is required',
        'Last name is required',
        expect.stringMatching(/^Birth date "someday"/),
        expect.stringMatching(/^Jersey number "-3"/),
        'Guardian email "x@" is not valid',
      ],
    ],
  ])('%s', (row, problems) => {
    const roster = parse(`${PLAIN}\n${row}`);
    expect(roster.problems).toEqual([]);
    expect(roster.rows[0]?.problems).toEqual(problems);
  });

  it('accepts the edges: born yesterday, and exactly 30 years ago; refuses born today', () => {
    const roster = parse(`${PLAIN}\nAna,Diaz,2027-01-14,,\nBen,Ortiz,1997-01-15,,\nCy,Lee,2027-01-15,,`);
    expect(roster.rows.map((r) => r.problems)).toEqual([
      [],
      [],
      ['Birth date is today: give the day the player was born'],
    ]);
  });

  it('gives no date for a row whose birth date cannot be read, so nothing downstream stores it', () => {
    expect(parse(`${PLAIN}\nAna,Diaz,13/45/2015,,`).rows[0]?.birthDate).toBe('');
  });

  it('refuses the same player a second time, whatever the case or date format', () => {
    const csv = [
      PLAIN,
      'Fay,Lin,2014-03-03,,',
      'Gus,Hale,2015-05-05,,',
      'fay,LIN,3/3/2014,,',
      'Fay,Lin,2014-03-04,,',
    ].join('\n');
    expect(parse(csv).rows.map((r) => [r.line, r.problems])).toEqual([
      [2, []],
      [3, []],
      [4, ['Same player as line 2']],
      [5, []],
    ]);
  });

  it('refuses a guardian whose name is too long to store', () => {
    const csv = `Player First Name,Player Last Name,Player DOB,Account First Name,Account Email\nAna,Diaz,2015-04-02,${'P'.repeat(101)},pat@example.test`;
    expect(parse(csv).rows[0]?.problems).toEqual([
      'The name of guardian pat@example.test is longer than 100 characters',
    ]);
  });

  it.each([
    ['a line break', '"Ana\n=HYPERLINK(""http://evil.example"",""click"")",Diaz,2015-04-02,,', 'First name'],
    ['a tab', '"Ana\t=1",Diaz,2015-04-02,,', 'First name'],
    ['a carriage return', 'Ana,"Diaz\r+cmd",2015-04-02,,', 'Last name'],
    ['a control character', 'Ana,Di\u0007az,2015-04-02,,', 'Last name'],
  ])('refuses a name with %s: a name is one line', (_, row, field) => {
    expect(parse(`${PLAIN}\n${row}`).rows[0]?.problems).toEqual([
      `${field} must be one line, without line breaks, tabs or other control characters`,
    ]);
  });

  it('refuses a team, division or guardian name with a line break, and a team name too long to store', () => {
    const csv = [
      'Division Name,Team Name,First,Last,DOB,Parent First Name,Parent Last Name,Parent Email',
      '"Majors\n@SUM(A1)",Tigers,Ana,Diaz,2015-04-02,Pat,Diaz,pat@example.test',
      'Majors,"Tigers\n-1+1",Ben,Ortiz,2015-04-02,Pat,Diaz,pat@example.test',
      'Majors,Tigers,Cy,Ortiz,2015-04-02,"Pat\n=1",Diaz,pat@example.test',
      `Majors,${'T'.repeat(101)},Dee,Ortiz,2015-04-02,Pat,Diaz,pat@example.test`,
    ].join('\r\n');
    expect(parse(csv).rows.map((r) => r.problems)).toEqual([
      ['Division name must be one line, without line breaks, tabs or other control characters'],
      ['Team name must be one line, without line breaks, tabs or other control characters'],
      ['The name of guardian pat@example.test must be one line, without line breaks, tabs or other control characters'],
      ['Team name must be at most 100 characters'],
    ]);
  });

  it('quotes at most 40 characters of a bad value', () => {
    const problem = parse(`${PLAIN}\nAna,Diaz,${'9'.repeat(200)},,`).rows[0]?.problems[0];
    expect(problem).toBe(`Birth date "${'9'.repeat(40)}…" is not a date (write YYYY-MM-DD or MM/DD/YYYY)`);
  });
});

describe('parseRoster: files it refuses whole', () => {
  it.each([
    ['an empty file', '', 'The file is empty'],
    ['blank lines only', '\uFEFF\r\n  \r\n,,\r\n', 'The file is empty'],
    ['a header alone', 'First,Last,DOB\r\n\r\n', 'The file has a header but no players'],
    [
      'no recognizable header',
      'Name,Age\nAna Diaz,11',
      'No first name, last name or birth date column: use a Sports Connect or SportsEngine export, or a file whose first line is First,Last,Birth Date,Jersey',
    ],
    [
      'no birth date column',
      'First,Last,Team\nAna,Diaz,Tigers',
      'No birth date column: use a Sports Connect or SportsEngine export, or a file whose first line is First,Last,Birth Date,Jersey',
    ],
    [
      'a column it reads, twice',
      'First,Last,DOB,Guardian Email,guardian email\nAna,Diaz,2015-04-02,a@example.test,b@example.test',
      'The column "guardian email" appears more than once: keep one and import again',
    ],
    [
      'the player’s first name twice',
      'Player First Name,Player Last Name,Player Birth Date,Player First Name\nAna,Diaz,2015-04-02,Anna',
      'The column "Player First Name" appears more than once: keep one and import again',
    ],
    [
      'an unclosed quote',
      'First,Last,DOB\nAna,Diaz,2015-04-02\n"Ben,Ortiz,2015-06-11\nCam,Young,2014-01-20',
      'Line 3 has a quote that is never closed or has text after it, so the rest of the file cannot be read: save the file again from the spreadsheet',
    ],
  ])('%s', (_, text, problem) => {
    const roster = parse(text);
    expect(roster.problems).toEqual([problem]);
    expect(roster.rows).toEqual([]);
  });

  it('ignores a column it does not read appearing twice', () => {
    const roster = parse('First,Last,DOB,Notes,Notes\nAna,Diaz,2015-04-02,a,b');
    expect(roster.problems).toEqual([]);
    expect(roster.rows).toHaveLength(1);
  });

  it(`refuses more than ${MAX_ROSTER_ROWS} players`, () => {
    const huge = `First,Last,DOB\n${'Ana,Diaz,2015-04-02\n'.repeat(MAX_ROSTER_ROWS + 1)}`;
    expect(parse(huge)).toEqual({
      format: 'plain',
      rows: [],
      problems: ['The file has 20001 players; at most 20000 can be imported at once: split it'],
    });
  });

  it('refuses a today that is not a date instead of judging birth dates against it', () => {
    expect(() => parseRoster(`${PLAIN}\nAna,Diaz,2015-04-02,,`, { today: '1/15/2027' })).toThrow(RangeError);
  });
});

describe('parseRoster: a whole league at once', () => {
  it('reads a 10,000-row Sports Connect export in well under a second', () => {
    const lines = [
      'Division Name,Team Name,Player First Name,Player Last Name,Player Birth Date,Player Jersey Number,Account First Name,Account Last Name,Account Email,Parent2 Email',
    ];
    for (let i = 0; i < 10_000; i++) {
      const born = `${(i % 12) + 1}/${(i % 28) + 1}/${2012 + (i % 6)} 12:00:00 AM`;
      lines.push(
        `Majors,Team ${i % 40},Kid${i},Family${i},${born},${i % 100},Pat${i},Family${i},Parent${i}@Example.test,other${i}@example.test`,
      );
    }
    const text = lines.join('\r\n');
    const started = performance.now();
    const roster = parse(text);
    const elapsed = performance.now() - started;
    expect(roster.rows).toHaveLength(10_000);
    expect(roster.rows.every((r) => r.problems.length === 0 && r.guardians.length === 2)).toBe(true);
    expect(roster.rows.at(-1)?.line).toBe(10_001);
    expect(elapsed).toBeLessThan(1000);
  });
});

describe('readBirthDate', () => {
  it.each([
    ['2015-04-02', '2015-04-02'],
    ['2015/4/2', '2015-04-02'],
    ['4/2/2015', '2015-04-02'],
    ['04/02/2015', '2015-04-02'],
    ['12/31/2014', '2014-12-31'],
    ['2/29/2016', '2016-02-29'],
    [' 4/2/2015 12:00:00 AM ', '2015-04-02'],
    ['4/2/2015 0:00', '2015-04-02'],
    ['2015-04-02T00:00:00Z', '2015-04-02'],
    ['2015-04-02T00:00:00.000-05:00', '2015-04-02'],
  ])('reads %j as %s', (text, date) => {
    expect(readBirthDate(text)).toEqual({ date });
  });

  it.each([
    ['2/29/2015'],
    ['2015-13-01'],
    ['2015-4/2'],
    ['1899-12-31'],
    ['42096'],
    ['April 2, 2015'],
    ['4/2/2015 noon'],
    [''],
  ])('refuses %j', (text) => {
    const read = readBirthDate(text);
    expect('problem' in read && textInEnglish(read.problem)).toMatch(/^Birth date ".*" (is not|has|could)/);
  });
});

describe('rosterToCsv', () => {
  const player = {
    firstName: 'Ana',
    lastName: 'Diaz',
    birthDate: '2015-04-02',
    jerseyNumber: '07',
    leagueAge: 12,
    team: 'Tigers',
    guardianEmails: ['pat@example.test', 'kim@example.test'],
  };

  it('writes the documented columns with CRLF line ends and a BOM for Excel', () => {
    expect(
      rosterToCsv([
        player,
        { ...player, firstName: 'Ben', jerseyNumber: null, leagueAge: null, team: null, guardianEmails: [] },
      ]),
    ).toBe(
      '\uFEFFFirst Name,Last Name,Birth Date,Jersey Number,League Age,Team,Guardian Emails\r\n' +
        'Ana,Diaz,2015-04-02,07,12,Tigers,pat@example.test; kim@example.test\r\n' +
        'Ben,Diaz,2015-04-02,,,,\r\n',
    );
  });

  it.each([
    ['=HYPERLINK("http://x.test")', `"'=HYPERLINK(""http://x.test"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ["'quoted", "''quoted"],
    [' =1+1', "' =1+1"],
    ['＝1+1', "'＝1+1"],
    ['Tigers\n=HYPERLINK("http://x.test")', `"Tigers\n'=HYPERLINK(""http://x.test"")"`],
    ['Tigers\r  +cmd', `"Tigers\r'  +cmd"`],
    ['Mary-Kate', 'Mary-Kate'],
  ])('protects a cell starting %j from running as a formula', (team, written) => {
    const [, line] = rosterToCsv([{ ...player, team }]).split('\r\n', 2);
    expect(line).toBe(`Ana,Diaz,2015-04-02,07,12,${written},pat@example.test; kim@example.test`);
  });

  it('reads back an export where every line has semicolons (two teams, two guardians) as comma-separated', () => {
    const both = { ...player, team: 'Tigers; Blue Sox' };
    const csv = rosterToCsv([
      both,
      { ...both, firstName: 'Ben', guardianEmails: ['lee@example.test', 'sam@example.test'] },
    ]);
    const back = parseRoster(csv, { today });
    expect(back.problems).toEqual([]);
    expect(back.rows.map((r) => [r.firstName, r.teamName, r.guardians.map((g) => g.email)])).toEqual([
      ['Ana', 'Tigers; Blue Sox', ['pat@example.test', 'kim@example.test']],
      ['Ben', 'Tigers; Blue Sox', ['lee@example.test', 'sam@example.test']],
    ]);
  });

  it('reads back through parseRoster as the same players (round trip)', () => {
    const text = (min: number) =>
      fc
        .string({ unit: fc.constantFrom(...'AbcÉñ ,;"\'=+-@＝＋－＠'.split('')), minLength: min, maxLength: 12 })
        .map((s) => s.trim())
        .filter((s) => s.length >= min);
    const row = fc.record({
      firstName: text(1),
      lastName: text(1),
      birthDate: fc
        .integer({ min: 0, max: 8000 })
        .map((d) => new Date(Date.UTC(2000, 0, 1 + d)).toISOString().slice(0, 10)),
      jerseyNumber: fc.option(fc.stringMatching(/^\d{1,3}$/), { nil: null }),
      leagueAge: fc.option(fc.integer({ min: 4, max: 22 }), { nil: null }),
      team: fc.option(text(1), { nil: null }),
      guardianEmails: fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,8}@example\.test$/), { maxLength: 3 }),
    });
    const identity = (r: { firstName: string; lastName: string; birthDate: string }) =>
      [r.firstName, r.lastName, r.birthDate].join('\n').toLowerCase().replace(/\s+/g, ' ');
    fc.assert(
      fc.property(fc.uniqueArray(row, { selector: identity, minLength: 1, maxLength: 15 }), (rows) => {
        const back = parseRoster(rosterToCsv(rows), { today: '2027-06-01' });
        expect(back.problems).toEqual([]);
        expect(back.format).toBe('plain');
        expect(
          back.rows.map((r) => [
            r.firstName,
            r.lastName,
            r.birthDate,
            r.jerseyNumber,
            r.teamName,
            r.guardians.map((g) => g.email),
            r.problems,
          ]),
        ).toEqual(
          rows.map((r) => [r.firstName, r.lastName, r.birthDate, r.jerseyNumber, r.team || null, r.guardianEmails, []]),
        );
      }),
    );
  });
});
