import { describe, expect, it } from 'vitest';
import {
  leagueNameSchema,
  newUserSchema,
  organizationNameSchema,
  restRuleSchema,
  seasonNameSchema,
  seasonSchema,
  teamNameSchema,
  userNameSchema,
} from './admin-inputs.ts';
import { textInEnglish } from './i18n/messages.ts';
import './i18n/testing.ts';

/** A parse's messages in English. */
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => textInEnglish(issue.message)) ?? [];
const oneLine = (what: string) => `${what} must be one line, without line breaks, tabs or other control characters`;

describe('names are one line', () => {
  const schemas = { organizationNameSchema, leagueNameSchema, seasonNameSchema, teamNameSchema };

  it.each(['Tigers\n=HYPERLINK("http://evil.example")', 'Tigers\r+cmd', 'Ti\tgers', 'Ti\u0000gers', 'Ti\u009bgers'])(
    'refuses %j as an organization, league, season or team name',
    (name) => {
      for (const schema of Object.values(schemas)) expect(messages(schema.safeParse(name))).toEqual([oneLine('Name')]);
    },
  );

  it('keeps a name with a hyphen, an apostrophe or an accent, and drops the line break a paste left at its end', () => {
    for (const schema of Object.values(schemas)) {
      expect(schema.parse("Mary-Jane's Ñandúes\n")).toBe("Mary-Jane's Ñandúes");
    }
  });

  it('refuses a season whose name spans lines', () => {
    const season = { name: 'Spring\n2027', startDate: '2027-03-01', endDate: '2027-07-31' };
    expect(messages(seasonSchema.safeParse(season))).toEqual([oneLine('Name')]);
  });

  it('refuses a user’s given or family name with a line break or a tab', () => {
    const user = { email: 'pat@example.test', temporaryPassword: 'x', givenName: 'Pat', familyName: 'Diaz' };
    expect(messages(newUserSchema.safeParse({ ...user, givenName: 'Pat\n@SUM(A1)' }))).toEqual([oneLine('Names')]);
    expect(messages(userNameSchema.safeParse({ givenName: 'Pat', familyName: 'Di\taz' }))).toEqual([oneLine('Names')]);
  });

  it('refuses a rest rule whose name or age group spans lines', () => {
    const rule = { name: 'Majors', ageGroup: '11-12', global: true, pitchLimits: [{ pitchCount: 20, daysRest: 0 }] };
    expect(messages(restRuleSchema.safeParse({ ...rule, name: 'Majors\n-1+1' }))).toEqual([
      oneLine('Name and Age Group'),
    ]);
    expect(messages(restRuleSchema.safeParse({ ...rule, ageGroup: '11\r12' }))).toEqual([
      oneLine('Name and Age Group'),
    ]);
  });
});
