import type { Messages } from '@lingui/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRESET_LIST } from '../../../../core/rules/presets.ts';
import type { VariablesOf } from '../../../lib/graphql.ts';
import { loadEagerly } from '../../../lib/i18n.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../../../lib/organization-options.ts';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { CREATE_REST_RULE } from '../api/create-rest-rule.ts';
import { DELETE_REST_RULE } from '../api/delete-rest-rule.ts';
import { LIST_REST_RULES, type RestRule } from '../api/list-rest-rules.ts';
import { UPDATE_REST_RULE } from '../api/update-rest-rule.ts';

// The page's code loads lazily; the first test of the file waits for it.
configure({ asyncUtilTimeout: 5000 });

const ABILITIES = ['Mutation.createRestRule', 'Mutation.updateRestRule', 'Mutation.deleteRestRule'];

const limits = (...pairs: Array<[number, number]>) =>
  pairs.map(([pitchCount, daysRest], index) => ({ id: `p${index}`, pitchCount, daysRest, minAge: null, maxAge: null }));

/** What a rule holds beyond the spec's fields. */
type RuleDetails = Omit<
  RestRule,
  'id' | 'name' | 'ageGroup' | 'global' | 'organizationId' | 'organizationName' | 'presetId' | 'pitchLimits'
>;

/** What a rule holds beyond the spec's fields, as a new rule starts (RULE_DEFAULTS), as GraphQL sends it. */
const NO_CATCHER = {
  noCatchingAfterPitches: null,
  noPitchingAfterCaughtInnings: null,
  noCatchingAgainAfterPitches: null,
};
const DEFAULT_DETAILS: RuleDetails = {
  unit: 'pitches',
  ageBasis: { kind: 'cutoff', month: 8, day: 31, yearOffset: 0 },
  dailyLimits: [],
  finishBatter: false,
  intentionalWalkPitches: 0,
  maxGamesPerDay: null,
  maxConsecutiveDays: null,
  windows: [],
  catcher: NO_CATCHER,
};

const littleLeague: RestRule = {
  id: 'r1',
  name: 'Little League Baseball',
  ageGroup: '9-12',
  global: true,
  organizationId: null,
  organizationName: null,
  presetId: null,
  // Deliberately out of order: the tooltip sorts by days of rest.
  pitchLimits: limits([66, 3], [1, 0], [51, 2], [36, 1], [81, 4]),
  ...DEFAULT_DETAILS,
};
const riversideRule: RestRule = {
  id: 'r2',
  name: 'Riverside Juniors',
  ageGroup: '13-14',
  global: false,
  organizationId: 'o1',
  organizationName: 'Riverside Youth Baseball',
  presetId: null,
  pitchLimits: limits([1, 0], [40, 2]),
  ...DEFAULT_DETAILS,
  // Little League softball counts innings: the list says so beside the name.
  unit: 'innings',
};
// The shipped Little League preset, as the server lists it: the 15-16 tiers limited to ages.
const aged = (pitchCount: number, daysRest: number, minAge: number | null, maxAge: number | null, id: string) => ({
  id,
  pitchCount,
  daysRest,
  minAge,
  maxAge,
});
const PRESET_DAILY_LIMITS = [
  { minAge: 7, maxAge: 8, max: 50 },
  { minAge: 9, maxAge: 10, max: 75 },
  { minAge: 11, maxAge: 12, max: 85 },
  { minAge: 13, maxAge: 16, max: 95 },
  { minAge: 17, maxAge: 18, max: 105 },
];
const PRESET_DETAILS: RuleDetails = {
  unit: 'pitches',
  ageBasis: { kind: 'cutoff', month: 8, day: 31, yearOffset: 0 },
  dailyLimits: PRESET_DAILY_LIMITS,
  finishBatter: true,
  intentionalWalkPitches: 4,
  maxGamesPerDay: 1,
  maxConsecutiveDays: null,
  windows: [],
  catcher: { noCatchingAfterPitches: 41, noPitchingAfterCaughtInnings: 4, noCatchingAgainAfterPitches: 21 },
};
const preset: RestRule = {
  id: 'r9',
  name: 'Little League Baseball',
  ageGroup: 'League age 7-18',
  global: true,
  organizationId: null,
  organizationName: null,
  presetId: 'little-league-baseball',
  pitchLimits: [
    aged(1, 0, null, 14, 'a'),
    aged(1, 0, 15, null, 'b'),
    aged(21, 1, null, 14, 'c'),
    aged(31, 1, 15, null, 'd'),
    aged(36, 2, null, 14, 'e'),
    aged(46, 2, 15, null, 'f'),
    aged(51, 3, null, 14, 'g'),
    aged(61, 3, 15, null, 'h'),
    aged(66, 4, null, 14, 'i'),
    aged(76, 4, 15, null, 'j'),
  ],
  ...PRESET_DETAILS,
};

/** The rule the server answers for a createRestRule: the form sends every part, and an absent end comes back null. */
function storedRule(input: VariablesOf<typeof CREATE_REST_RULE>['input'], id: string): RestRule {
  const ageBasis = input.ageBasis ?? DEFAULT_DETAILS.ageBasis;
  return {
    id,
    name: input.name,
    ageGroup: input.ageGroup,
    global: input.global,
    organizationId: input.organizationId ?? null,
    organizationName: null,
    presetId: null,
    pitchLimits: (input.pitchLimits ?? []).map((interval, index) => ({
      id: `n${index}`,
      pitchCount: interval.pitchCount,
      daysRest: interval.daysRest,
      minAge: interval.minAge ?? null,
      maxAge: interval.maxAge ?? null,
    })),
    unit: input.unit ?? DEFAULT_DETAILS.unit,
    ageBasis: {
      kind: ageBasis.kind,
      month: ageBasis.month ?? null,
      day: ageBasis.day ?? null,
      yearOffset: ageBasis.yearOffset ?? null,
    },
    dailyLimits: input.dailyLimits ?? [],
    finishBatter: input.finishBatter ?? DEFAULT_DETAILS.finishBatter,
    intentionalWalkPitches: input.intentionalWalkPitches ?? DEFAULT_DETAILS.intentionalWalkPitches,
    maxGamesPerDay: input.maxGamesPerDay ?? null,
    maxConsecutiveDays: input.maxConsecutiveDays ?? null,
    windows: (input.windows ?? []).map((cap) => ({
      unit: cap.unit,
      period: cap.period,
      weekStartsOn: cap.weekStartsOn ?? null,
      days: cap.days ?? null,
      max: cap.max,
      minAge: cap.minAge ?? null,
      maxAge: cap.maxAge ?? null,
    })),
    catcher: {
      noCatchingAfterPitches: input.catcher?.noCatchingAfterPitches ?? null,
      noPitchingAfterCaughtInnings: input.catcher?.noPitchingAfterCaughtInnings ?? null,
      noCatchingAgainAfterPitches: input.catcher?.noCatchingAgainAfterPitches ?? null,
    },
  };
}

const organizations = [
  { id: 'o1', name: 'Riverside Youth Baseball' },
  { id: 'o2', name: 'Hilltop' },
];

function page(handlers: Parameters<typeof mockGraphql>[0] = {}, abilities = ABILITIES) {
  const mock = mockGraphql({
    me: meHandler(['SuperAdmin'], abilities),
    ...on(LIST_ORGANIZATION_OPTIONS, () => ({ listOrganizations: { items: organizations, nextToken: null } })),
    ...on(LIST_REST_RULES, ({ filter }) => {
      const items = filter?.organizationId ? [riversideRule] : [littleLeague];
      return { listRestRules: { items, nextToken: null } };
    }),
    ...handlers,
  });
  renderApp('/admin/rest-rules', { roles: ['SuperAdmin'] });
  return { ...mock, user: userEvent.setup() };
}

async function rowOf(name: string) {
  const row = (await screen.findByText(name)).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

async function chooseScope(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Scope' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

// Whole walks through the modal take a few seconds in jsdom.
describe('RestRulesPage', { timeout: 20_000 }, () => {
  it('lists the global rules: Name with the intervals tooltip, Age Group, Global, Organization', async () => {
    const { user, callsOf } = page();
    // The first page of a run loads its code lazily: give it time on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rest Rules Management' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const row = await rowOf('Little League Baseball');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Age Group',
      'Global',
      'Organization',
      'Actions',
    ]);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent)
        .slice(1, 4),
    ).toEqual(['9-12', 'Yes', '-']);
    expect(callsOf('listRestRules')[0]?.variables).toMatchObject({ filter: { global: { eq: true } } });

    // Keyboard focus shows the tooltip, sorted by days of rest.
    await user.tab();
    while (document.activeElement?.textContent !== 'Little League Baseball') await user.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(Array.from(tooltip.querySelectorAll('span span')).map((line) => line.textContent)).toEqual([
      '1 → 0 d',
      '36 → 1 d',
      '51 → 2 d',
      '66 → 3 d',
      '81 → 4 d',
    ]);
  });

  it("switches the scope to an organization's own rules", async () => {
    const { user, callsOf } = page();
    await rowOf('Little League Baseball');
    await user.click(screen.getByRole('combobox', { name: 'Scope' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Global', 'Riverside Youth Baseball', 'Hilltop']);
    await user.click(screen.getByRole('option', { name: 'Riverside Youth Baseball' }));
    const row = await rowOf('Riverside Juniors');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent)
        .slice(1, 4),
    ).toEqual(['13-14', 'No', 'Riverside Youth Baseball']);
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(/^Riverside JuniorsInnings$/);
    expect(callsOf('listRestRules').at(-1)?.variables).toMatchObject({ filter: { organizationId: { eq: 'o1' } } });
  });

  it('hides Add, Edit and Delete from those who may not change rules', async () => {
    page({}, []);
    await rowOf('Little League Baseball');
    expect(screen.queryByRole('button', { name: '+ Add Rest Rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('shows only the buttons of the operations the user may call', async () => {
    page({}, ['Mutation.deleteRestRule']);
    const row = await rowOf('Little League Baseball');
    expect(within(row).getByRole('button', { name: 'Delete Little League Baseball, 9-12' })).toHaveTextContent(
      /^Delete$/,
    );
    expect(within(row).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add Rest Rule' })).not.toBeInTheDocument();
  });

  it('checks the rule before sending: name and age group, at least one interval, no duplicates', async () => {
    const { user, callsOf } = page();
    await user.click(await screen.findByRole('button', { name: '+ Add Rest Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rest Rule' });
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Pitch Count', 'Days Rest', 'Min age', 'Max age', 'Remove']);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Name and Age Group required$/);
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Spring');
    await user.type(within(dialog).getByRole('textbox', { name: /^Age Group/ }), '9-10');
    await user.click(save);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^At least one interval required$/);

    await user.click(within(dialog).getByRole('button', { name: '+ Add Interval' }));
    await user.click(within(dialog).getByRole('button', { name: '+ Add Interval' }));
    expect(within(dialog).getByRole('textbox', { name: 'Pitch count, interval 1' })).toHaveValue('0');
    expect(within(dialog).getByRole('textbox', { name: 'Days rest, interval 1' })).toHaveValue('0');
    expect(within(dialog).getByRole('textbox', { name: 'Pitch count, interval 2' })).toHaveValue('0');
    expect(within(dialog).getByRole('textbox', { name: 'Days rest, interval 2' })).toHaveValue('0');
    await user.click(save);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^Each pitch count may appear only once for the same ages$/,
    );

    const second = within(dialog).getByRole('textbox', { name: 'Pitch count, interval 2' });
    await user.clear(second);
    await user.type(second, '400');
    await user.click(save);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Pitch count must be 0 to 300/);
    expect(second).toHaveAttribute('aria-invalid', 'true');

    await user.clear(second);
    await user.click(save);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Pitch count and days rest must be whole numbers$/);
    expect(callsOf('createRestRule')).toHaveLength(0);
  });

  it("adds a rule of the scope's organization in one call with its intervals, after the server's message", async () => {
    let attempts = 0;
    const { user, callsOf } = page({
      ...on(CREATE_REST_RULE, () => {
        attempts += 1;
        return attempts === 1
          ? gqlError('A rest rule with that name and age group already exists', 'CONFLICT')
          : { createRestRule: { ...riversideRule, id: 'r3', name: 'Spring' } };
      }),
    });
    await rowOf('Little League Baseball');
    await chooseScope(user, 'Riverside Youth Baseball');
    await rowOf('Riverside Juniors');
    await user.click(screen.getByRole('button', { name: '+ Add Rest Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rest Rule' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), ' Spring ');
    await user.type(within(dialog).getByRole('textbox', { name: /^Age Group/ }), '9-10');
    await user.click(within(dialog).getByRole('button', { name: '+ Add Interval' }));
    await user.click(within(dialog).getByRole('button', { name: '+ Add Interval' }));
    await user.click(within(dialog).getByRole('button', { name: '+ Add Interval' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Pitch count, interval 2' }), '{Backspace}41');
    await user.type(within(dialog).getByRole('textbox', { name: 'Days rest, interval 2' }), '{Backspace}2');
    await user.click(within(dialog).getByRole('button', { name: 'Remove interval 3' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Pitch count, interval 3' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A rest rule with that name and age group already exists',
    );
    expect(screen.getByRole('dialog', { name: 'Add Rest Rule' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('createRestRule')[1]?.variables).toEqual({
      input: {
        name: 'Spring',
        ageGroup: '9-10',
        global: false,
        organizationId: 'o1',
        pitchLimits: [
          { pitchCount: 0, daysRest: 0, minAge: null, maxAge: null },
          { pitchCount: 41, daysRest: 2, minAge: null, maxAge: null },
        ],
        // The whole rule is sent: a new rule's details start at the engine's defaults.
        ...DEFAULT_DETAILS,
      },
    });
    // Saving refreshes the list.
    await waitFor(() =>
      expect(callsOf('listRestRules').filter((call) => JSON.stringify(call.variables).includes('o1'))).toHaveLength(2),
    );
  });

  it("edits a global rule with one updateRestRule replacing its intervals; 'Operation failed' without a message", async () => {
    let attempts = 0;
    const { user, callsOf } = page({
      ...on(UPDATE_REST_RULE, () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: {} } : { updateRestRule: littleLeague };
      }),
    });
    const row = await rowOf('Little League Baseball');
    await user.click(within(row).getByRole('button', { name: 'Edit Little League Baseball, 9-12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rest Rule' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Little League Baseball');
    expect(within(dialog).getByRole('textbox', { name: 'Pitch count, interval 5' })).toHaveValue('81');
    await user.click(within(dialog).getByRole('button', { name: 'Remove interval 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Operation failed$/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateRestRule')[1]?.variables).toEqual({
      input: {
        id: 'r1',
        name: 'Little League Baseball',
        ageGroup: '9-12',
        global: true,
        organizationId: null,
        // Shown sorted by days of rest; the first (1 -> 0 d) was removed.
        pitchLimits: [
          { pitchCount: 36, daysRest: 1, minAge: null, maxAge: null },
          { pitchCount: 51, daysRest: 2, minAge: null, maxAge: null },
          { pitchCount: 66, daysRest: 3, minAge: null, maxAge: null },
          { pitchCount: 81, daysRest: 4, minAge: null, maxAge: null },
        ],
        ...DEFAULT_DETAILS,
      },
    });
  });

  it('edits a preset: shows its source, keeps its age-limited intervals and sends the whole rule unchanged', async () => {
    const { user, callsOf } = page({
      ...on(LIST_REST_RULES, () => ({ listRestRules: { items: [preset], nextToken: null } })),
      ...on(UPDATE_REST_RULE, () => ({ updateRestRule: preset })),
    });
    const row = await rowOf('Little League Baseball');
    // Hover or focus shows the ages of age-limited intervals.
    await user.hover(within(row).getByText('Little League Baseball'));
    const tooltip = await screen.findByRole('tooltip');
    expect(Array.from(tooltip.querySelectorAll('span span')).map((line) => line.textContent)).toEqual(
      expect.arrayContaining(['1 → 0 d (ages up to 14)', '1 → 0 d (ages 15+)', '76 → 4 d (ages 15+)']),
    );
    await user.unhover(within(row).getByText('Little League Baseball'));

    await user.click(within(row).getByRole('button', { name: 'Edit Little League Baseball, League age 7-18' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rest Rule' });
    const source = PRESET_LIST.find((p) => p.id === 'little-league-baseball')?.source ?? '';
    expect(within(dialog).getByText(`Source: ${source}`)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Pitch count, interval 1' })).toHaveValue('1');
    expect(within(dialog).getByRole('textbox', { name: 'Min age, interval 1' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Max age, interval 1' })).toHaveValue('14');
    expect(within(dialog).getByRole('textbox', { name: 'Min age, interval 2' })).toHaveValue('15');
    expect(within(dialog).getByRole('textbox', { name: 'Max age, interval 2' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Pitch count, interval 10' })).toHaveValue('76');

    // The advanced parts are folded away; opened, they show the preset's numbers.
    expect(within(dialog).queryByRole('table', { name: 'Daily limits' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Daily limits' }));
    const daily = await within(dialog).findByRole('table', { name: 'Daily limits' });
    expect(
      within(daily)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Min age', 'Max age', 'Max per day', 'Remove']);
    expect(within(daily).getByRole('textbox', { name: 'Max per day, daily limit 5' })).toHaveValue('105');
    expect(within(dialog).getByRole('textbox', { name: /^Games per day/ })).toHaveValue('1');
    await user.click(within(dialog).getByRole('button', { name: 'Catcher rules' }));
    expect(await within(dialog).findByRole('textbox', { name: /^No catching after pitches/ })).toHaveValue('41');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateRestRule')[0]?.variables).toEqual({
      input: {
        id: 'r9',
        name: 'Little League Baseball',
        ageGroup: 'League age 7-18',
        global: true,
        organizationId: null,
        pitchLimits: preset.pitchLimits.map(({ id: _id, ...interval }) => interval),
        ...PRESET_DETAILS,
      },
    });
  });

  it('adds daily-limit rows, refuses overlapping ages with the engine message, and reads them back to edit', async () => {
    let stored: RestRule | null = null;
    const { user, callsOf } = page({
      ...on(LIST_REST_RULES, () => ({
        listRestRules: { items: stored ? [littleLeague, stored] : [littleLeague], nextToken: null },
      })),
      ...on(CREATE_REST_RULE, ({ input }) => {
        stored = storedRule(input, 'r5');
        return { createRestRule: stored };
      }),
      ...on(UPDATE_REST_RULE, () => {
        if (!stored) throw new Error('updateRestRule before createRestRule');
        return { updateRestRule: stored };
      }),
    });
    await user.click(await screen.findByRole('button', { name: '+ Add Rest Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rest Rule' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Daily');
    await user.type(within(dialog).getByRole('textbox', { name: /^Age Group/ }), '9-12');
    await user.click(within(dialog).getByRole('button', { name: '+ Add Interval' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Pitch count, interval 1' }), '{Backspace}1');

    await user.click(within(dialog).getByRole('button', { name: 'Daily limits' }));
    const add = await within(dialog).findByRole('button', { name: '+ Add Daily Limit' });
    await user.click(add);
    // The cursor lands in the new row.
    expect(within(dialog).getByRole('textbox', { name: 'Min age, daily limit 1' })).toHaveFocus();
    await user.keyboard('9');
    await user.type(within(dialog).getByRole('textbox', { name: 'Max age, daily limit 1' }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Max per day, daily limit 1' }), '75');
    await user.click(add);
    await user.type(within(dialog).getByRole('textbox', { name: 'Min age, daily limit 2' }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Max age, daily limit 2' }), '12');
    await user.type(within(dialog).getByRole('textbox', { name: 'Max per day, daily limit 2' }), '85');
    await user.click(add);
    await user.click(within(dialog).getByRole('button', { name: 'Remove daily limit 3' }));
    expect(add).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Daily limits for ages 9-10 and 10-12 overlap$/);
    expect(within(dialog).getByRole('textbox', { name: 'Min age, daily limit 2' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(callsOf('createRestRule')).toHaveLength(0);
    const second = within(dialog).getByRole('textbox', { name: 'Min age, daily limit 2' });
    await user.clear(second);
    await user.type(second, '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const daily = [
      { minAge: 9, maxAge: 10, max: 75 },
      { minAge: 11, maxAge: 12, max: 85 },
    ];
    expect(callsOf('createRestRule')[0]?.variables).toEqual({
      input: {
        name: 'Daily',
        ageGroup: '9-12',
        global: true,
        organizationId: null,
        pitchLimits: [{ pitchCount: 1, daysRest: 0, minAge: null, maxAge: null }],
        ...DEFAULT_DETAILS,
        dailyLimits: daily,
      },
    });

    // Read back: the rows are there to edit, and saving sends them as they were.
    const row = await rowOf('Daily');
    await user.click(within(row).getByRole('button', { name: 'Edit Daily, 9-12' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Rest Rule' });
    await user.click(within(edit).getByRole('button', { name: 'Daily limits' }));
    expect(await within(edit).findByRole('textbox', { name: 'Min age, daily limit 2' })).toHaveValue('11');
    expect(within(edit).getByRole('textbox', { name: 'Max per day, daily limit 1' })).toHaveValue('75');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateRestRule')[0]?.variables).toMatchObject({ input: { id: 'r5', dailyLimits: daily } });
  });

  it("shows the engine's message for an invalid cap, opening its section, then sends the cap", async () => {
    const { user, callsOf } = page({ ...on(CREATE_REST_RULE, () => ({ createRestRule: littleLeague })) });
    await user.click(await screen.findByRole('button', { name: '+ Add Rest Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rest Rule' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Capped');
    await user.type(within(dialog).getByRole('textbox', { name: /^Age Group/ }), 'Varsity');
    await user.click(within(dialog).getByRole('button', { name: '+ Add Interval' }));

    const caps = within(dialog).getByRole('button', { name: 'Caps' });
    await user.click(caps);
    await user.click(await within(dialog).findByRole('button', { name: '+ Add Cap' }));
    expect(within(dialog).getByRole('combobox', { name: 'Unit, cap 1' })).toHaveFocus();
    // Folded away again: the problem opens the section it is in.
    await user.click(caps);
    await waitFor(() => expect(within(dialog).queryByRole('table', { name: 'Caps' })).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^A cap's max must be a whole number from 1 to 100000$/,
    );
    expect(await within(dialog).findByRole('textbox', { name: 'Max, cap 1' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByRole('textbox', { name: 'Max, cap 1' }), '7');
    await user.click(within(dialog).getByRole('combobox', { name: 'Period, cap 1' }));
    await user.click(await screen.findByRole('option', { name: 'Rolling days' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Week starts on, cap 1' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^A rolling-days cap needs days: a whole number from 1 to 366$/,
    );
    expect(within(dialog).getByRole('textbox', { name: 'Days, cap 1' })).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByRole('textbox', { name: 'Days, cap 1' }), '7');
    await user.type(within(dialog).getByRole('textbox', { name: 'Min age, cap 1' }), '13');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('createRestRule')[0]?.variables).toMatchObject({
      input: {
        windows: [
          { unit: 'pitches', period: 'rollingDays', weekStartsOn: null, days: 7, max: 7, minAge: 13, maxAge: null },
        ],
      },
    });
  });

  it('edits the unit, the age basis, the pitching rules and the catcher rules', async () => {
    const { user, callsOf } = page({ ...on(UPDATE_REST_RULE, () => ({ updateRestRule: littleLeague })) });
    const row = await rowOf('Little League Baseball');
    await user.click(within(row).getByRole('button', { name: 'Edit Little League Baseball, 9-12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rest Rule' });
    expect(within(dialog).queryByText(/^Source:/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Unit and age' }));
    await user.click(await within(dialog).findByRole('combobox', { name: /^Unit/ }));
    await user.click(await screen.findByRole('option', { name: 'Innings' }));
    expect(within(dialog).getByRole('radio', { name: 'League age on a cutoff date' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Cutoff month' })).toHaveValue('August');
    expect(within(dialog).getByRole('textbox', { name: 'Cutoff day' })).toHaveValue('31');
    await user.click(within(dialog).getByRole('combobox', { name: 'Year' }));
    await user.click(await screen.findByRole('option', { name: 'Previous year' }));
    const day = within(dialog).getByRole('textbox', { name: 'Cutoff day' });
    await user.clear(day);
    await user.type(day, '30');
    await user.click(within(dialog).getByRole('combobox', { name: 'Cutoff month' }));
    await user.click(await screen.findByRole('option', { name: 'February' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^The league-age cutoff must be a real day of the year \(for example August 31\)$/,
    );
    expect(day).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('radio', { name: 'Actual age on the game date' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Cutoff day' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /^Finish the batter/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Intentional walk credit/ }), '{Backspace}4');

    await user.click(within(dialog).getByRole('button', { name: 'Daily limits' }));
    await user.type(await within(dialog).findByRole('textbox', { name: /^Games per day/ }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: /^Days in a row/ }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Catcher rules' }));
    await user.type(await within(dialog).findByRole('textbox', { name: /^No catching after pitches/ }), '41');
    await user.type(within(dialog).getByRole('textbox', { name: /^No pitching after innings caught/ }), '4');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateRestRule')[0]?.variables).toMatchObject({
      input: {
        id: 'r1',
        unit: 'innings',
        ageBasis: { kind: 'actual' },
        finishBatter: true,
        intentionalWalkPitches: 4,
        maxGamesPerDay: 1,
        maxConsecutiveDays: 2,
        windows: [],
        dailyLimits: [],
        catcher: { noCatchingAfterPitches: 41, noPitchingAfterCaughtInnings: 4, noCatchingAgainAfterPitches: null },
      },
    });
  });

  it("asks before deleting, shows the server's refusal, and 'Delete failed' without a message", async () => {
    let attempts = 0;
    const { user, callsOf } = page({
      ...on(DELETE_REST_RULE, () => {
        attempts += 1;
        return attempts === 1
          ? gqlError('2 leagues still use this rest rule; choose another rule for them first', 'CONFLICT')
          : { status: 500, body: {} };
      }),
    });
    const row = await rowOf('Little League Baseball');
    await user.click(within(row).getByRole('button', { name: 'Delete Little League Baseball, 9-12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Rest Rule' });
    expect(within(dialog).getByText('Are you sure you want to delete this rest rule?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('2 leagues still use this rest rule');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/^Delete failed$/)).toBeInTheDocument();
    expect(callsOf('deleteRestRule')[0]?.variables).toEqual({ input: { id: 'r1' } });
  });

  it("shows the server's message when the list fails", async () => {
    page({ ...on(LIST_REST_RULES, () => gqlError('Not allowed', 'FORBIDDEN')) }, []);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
  });
  it('speaks Spanish: the list, the rule modal and its sections, months and weekdays by Intl', async () => {
    const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
      import: 'default',
      eager: true,
    });
    loadEagerly('es', catalogues);
    try {
      const { user } = page();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Gestión de reglas de descanso' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      const row = await rowOf('Little League Baseball');
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
        'Nombre',
        'División por edad',
        'Global',
        'Organización',
        'Acciones',
      ]);
      await user.click(within(row).getByRole('button', { name: 'Editar Little League Baseball, 9-12' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar regla de descanso' });
      expect(
        within(dialog)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Conteo de lanzamientos', 'Días de descanso', 'Edad mín.', 'Edad máx.', 'Quitar']);
      expect(within(dialog).getByRole('button', { name: 'Quitar intervalo 1' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Unidad y edad' }));
      expect(await within(dialog).findByRole('combobox', { name: 'Mes de corte' })).toHaveValue('agosto');
      expect(within(dialog).getByRole('radio', { name: 'Edad de liga en una fecha de corte' })).toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Topes' }));
      await user.click(await within(dialog).findByRole('button', { name: '+ Agregar tope' }));
      expect(within(dialog).getByRole('combobox', { name: 'Unidad, tope 1' })).toHaveValue('Lanzamientos');
      expect(within(dialog).getByRole('combobox', { name: 'Periodo, tope 1' })).toHaveValue('Semana');
      expect(within(dialog).getByRole('combobox', { name: 'Inicio de semana, tope 1' })).toHaveValue('lunes');
    } finally {
      loadEagerly('en', catalogues);
    }
  });
});
