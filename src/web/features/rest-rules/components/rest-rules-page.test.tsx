import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { gqlError, meHandler, mockGraphql, ok } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';

// The page's code loads lazily; the first test of the file waits for it.
configure({ asyncUtilTimeout: 5000 });

const ABILITIES = ['Mutation.createRestRule', 'Mutation.updateRestRule', 'Mutation.deleteRestRule'];

const limits = (...pairs: Array<[number, number]>) =>
  pairs.map(([pitchCount, daysRest], index) => ({ id: `p${index}`, pitchCount, daysRest }));

const littleLeague = {
  id: 'r1',
  name: 'Little League Baseball',
  ageGroup: '9-12',
  global: true,
  organizationId: null,
  organizationName: null,
  // Deliberately out of order: the tooltip sorts by days of rest.
  pitchLimits: limits([66, 3], [1, 0], [51, 2], [36, 1], [81, 4]),
};
const riversideRule = {
  id: 'r2',
  name: 'Riverside Juniors',
  ageGroup: '13-14',
  global: false,
  organizationId: 'o1',
  organizationName: 'Riverside Youth Baseball',
  pitchLimits: limits([1, 0], [40, 2]),
};
const organizations = [
  { id: 'o1', name: 'Riverside Youth Baseball' },
  { id: 'o2', name: 'Hilltop' },
];

function page(handlers: Parameters<typeof mockGraphql>[0] = {}, abilities = ABILITIES) {
  const mock = mockGraphql({
    me: meHandler(['SuperAdmin'], abilities),
    listOrganizations: () => ok({ listOrganizations: { items: organizations, nextToken: null } }),
    listRestRules: (variables) => {
      const filter = variables.filter as { organizationId?: { eq: string } };
      const items = filter.organizationId ? [riversideRule] : [littleLeague];
      return ok({ listRestRules: { items, nextToken: null } });
    },
    ...handlers,
  });
  renderApp('/admin/RestRulesPage', { roles: ['SuperAdmin'] });
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

describe('RestRulesPage', () => {
  it('lists the global rules: Name with the intervals tooltip, Age Group, Global, Organization', async () => {
    const { user, callsOf } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rest Rules Management' })).toBeInTheDocument();
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
    ).toEqual(['Pitch Count', 'Days Rest', 'Remove']);
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
      createRestRule: () => {
        attempts += 1;
        return attempts === 1
          ? gqlError('A rest rule with that name and age group already exists', 'CONFLICT')
          : ok({ createRestRule: { ...riversideRule, id: 'r3', name: 'Spring' } });
      },
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
      updateRestRule: () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: {} } : ok({ updateRestRule: littleLeague });
      },
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
      },
    });
  });

  it("asks before deleting, shows the server's refusal, and 'Delete failed' without a message", async () => {
    let attempts = 0;
    const { user, callsOf } = page({
      deleteRestRule: () => {
        attempts += 1;
        return attempts === 1
          ? gqlError('2 leagues still use this rest rule; choose another rule for them first', 'CONFLICT')
          : { status: 500, body: {} };
      },
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
    page({ listRestRules: () => gqlError('Not allowed', 'FORBIDDEN') }, []);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
  });
});
