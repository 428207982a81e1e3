import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SEARCH_USERS } from '../../../components/admin/search-users.ts';
import { CHANGE_HISTORY } from '../../../lib/change-history.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../../../lib/organization-options.ts';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { CREATE_LEAGUE } from '../api/create-league.ts';
import { DELETE_LEAGUE } from '../api/delete-league.ts';
import { INVITE_LEAGUE_ADMIN } from '../api/invite-league-admin.ts';
import { type League, LIST_LEAGUES } from '../api/list-leagues.ts';
import { LIST_REST_RULES, type RestRule } from '../api/list-rest-rules.ts';
import { ADD_OFFICIAL, LIST_LEAGUE_OFFICIALS, REMOVE_OFFICIAL } from '../api/officials.ts';
import { UPDATE_LEAGUE } from '../api/update-league.ts';

const ABILITIES = ['Mutation.createLeague', 'Mutation.updateLeague', 'Mutation.deleteLeague'];

const ann = { id: 'u-ann', email: 'ann@example.org', givenName: 'Ann', familyName: 'Archer' };
const bob = { id: 'u-bob', email: 'bob@example.org', givenName: 'Bob', familyName: 'Baker' };

const riverside = { id: 'o1', name: 'Riverside Youth Baseball' };
const hilltop = { id: 'o2', name: 'Hilltop Little League' };

const interval = (id: string, pitchCount: number, daysRest: number) => ({
  id,
  pitchCount,
  daysRest,
  minAge: null,
  maxAge: null,
});
const littleLeague: RestRule = {
  id: 'r1',
  name: 'Little League 9-12',
  ageGroup: '9-12',
  global: true,
  organizationId: null,
  // Deliberately out of order: the tooltip sorts by daysRest.
  pitchLimits: [interval('p3', 66, 3), interval('p1', 1, 0), interval('p4', 86, 4), interval('p2', 36, 2)],
};
const riversideRule: RestRule = {
  id: 'r2',
  name: 'Riverside house rule',
  ageGroup: '8U',
  global: false,
  organizationId: 'o1',
  pitchLimits: [interval('p5', 20, 1)],
};

// A league's settings as the server answers them for a league that kept the defaults.
const settings = {
  version: 1,
  requireOfficialSignature: false,
  countStandsAfterDeadline: 'home',
  countDeadlineDays: 1,
  countDeadlineTime: '12:00',
} as const;
const majors: League = {
  ...settings,
  id: 'l1',
  name: 'Majors',
  organizationId: 'o1',
  admins: ['u-ann'],
  adminUsers: [ann],
  restRuleId: 'r1',
  restRule: littleLeague,
};
const minors: League = {
  ...settings,
  id: 'l2',
  name: 'Minors',
  organizationId: 'o1',
  admins: ['u-missing'],
  adminUsers: [],
  restRuleId: null,
  restRule: null,
};
const hilltopMajors: League = {
  ...majors,
  id: 'l3',
  name: 'Hilltop Majors',
  organizationId: 'o2',
  admins: [],
  adminUsers: [],
};

type Handlers = Parameters<typeof mockGraphql>[0];

function page(handlers: Handlers = {}, options: { abilities?: string[]; roles?: string[] } = {}) {
  const roles = options.roles ?? ['SuperAdmin'];
  const mock = mockGraphql({
    me: meHandler(roles, options.abilities ?? ABILITIES),
    ...on(LIST_ORGANIZATION_OPTIONS, () => ({ listOrganizations: { items: [riverside, hilltop], nextToken: null } })),
    ...on(LIST_LEAGUES, ({ filter }) => {
      const items = filter?.organizationId?.eq === 'o1' ? [majors, minors] : [hilltopMajors];
      return { listLeagues: { items, nextToken: null } };
    }),
    ...on(LIST_REST_RULES, ({ filter }) => ({
      listRestRules: { items: filter?.global ? [littleLeague] : [riversideRule], nextToken: null },
    })),
    ...handlers,
  });
  renderApp('/admin/leagues', { roles: roles as ['SuperAdmin'] });
  return { ...mock, user: userEvent.setup() };
}

async function row(name: string) {
  const header = await screen.findByRole('rowheader', { name });
  const tr = header.closest('tr');
  if (!tr) throw new Error(`no row ${name}`);
  return tr;
}

describe('LeaguesPage', () => {
  it("lists the first organization's leagues with rest rule, admins and named actions", async () => {
    const { callsOf } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'League Management' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Organization' })).toHaveValue('Riverside Youth Baseball');
    const majorsRow = await row('Majors');
    expect(within(majorsRow).getByText('Little League 9-12')).toBeInTheDocument();
    expect(within(majorsRow).getByText('Ann Archer')).toBeInTheDocument();
    for (const [label, text] of [
      ['Manage Rest Rule for Majors', 'Manage Rest Rule'],
      ['Edit Majors', 'Edit'],
      ['Delete Majors', 'Delete'],
      ['Manage Admins of Majors', 'Manage Admins'],
    ]) {
      expect(within(majorsRow).getByRole('button', { name: label })).toHaveTextContent(new RegExp(`^${text}$`));
    }
    const minorsRow = await row('Minors');
    expect(within(minorsRow).getByText('None')).toBeInTheDocument();
    expect(within(minorsRow).getByText('u-missing')).toBeInTheDocument();
    // The page's limit is in the document (SMALL_PAGE_LIMIT), so the server knows its cost before its variables.
    expect(callsOf('listLeagues')[0]?.variables).toEqual({ filter: { organizationId: { eq: 'o1' } }, nextToken: null });
  });

  it("shows a rule's intervals on focus as 'pitchCount → daysRest d', by daysRest", async () => {
    page();
    const name = within(await row('Majors')).getByText('Little League 9-12');
    expect(name).toHaveAttribute('tabindex', '0');
    act(() => name.focus());
    const tooltip = await screen.findByRole('tooltip');
    const lines = Array.from(tooltip.querySelectorAll('span > span')).map((line) => line.textContent);
    expect(lines).toEqual(['1 → 0 d', '36 → 2 d', '66 → 3 d', '86 → 4 d']);
  });

  it('shows a league’s change history to its admins, newest first, with its CSV', async () => {
    const { user, callsOf } = page(
      {
        ...on(CHANGE_HISTORY, () => ({
          changeHistory: {
            items: [
              {
                id: '2',
                seq: 2,
                at: '2027-04-12T23:41:00.000Z',
                actorName: 'Jo Rivera',
                session: 'ab12cd34',
                entity: 'outing',
                action: 'corrected',
                reason: 'miscounted in the 4th',
                playerName: 'Ivy Brown',
                teamName: null,
                before: JSON.stringify({ pitches: 63 }),
                after: JSON.stringify({ pitches: 58 }),
                hash: 'a'.repeat(64),
              },
            ],
            nextToken: null,
          },
        })),
      },
      { abilities: [...ABILITIES, 'Query.changeHistory'] },
    );
    await user.click(await screen.findByRole('button', { name: 'History of Majors' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Majors' });
    expect(
      await within(dialog).findByText(/Jo Rivera changed Ivy Brown’s count 63 → 58: “miscounted in the 4th”/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Download CSV of the history of Majors' })).toHaveAttribute(
      'href',
      `/api/reports/history.csv?leagueId=${majors.id}`,
    );
    expect(callsOf('changeHistory')[0]?.variables).toMatchObject({ leagueId: majors.id });
  });

  it('switches organization with the selector', async () => {
    const { user } = page();
    await row('Majors');
    await user.click(screen.getByRole('combobox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: 'Hilltop Little League' }));
    expect(await row('Hilltop Majors')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Majors' })).not.toBeInTheDocument();
  });

  it('requires a name and a rest rule (presets and the organization’s own, or None), then adds the league', async () => {
    const { user, callsOf } = page({
      ...on(CREATE_LEAGUE, () => ({ createLeague: { ...minors, id: 'l9', name: 'Juniors' } })),
    });
    await user.click(await screen.findByRole('button', { name: '+ Add League' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add League to Riverside Youth Baseball' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the rule this league plays by, or None')).toBeInTheDocument();
    expect(callsOf('createLeague')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Juniors');
    const select = within(dialog).getByRole('combobox', { name: 'Rest Rule' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.click(select);
    expect(await screen.findByRole('option', { name: 'Riverside house rule (8U)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'None: no pitch limits or rest checked yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Little League 9-12 (9-12)' }));
    expect(within(dialog).getByText(/^Intervals: /)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('createLeague')[0]?.variables).toEqual({
      input: { name: 'Juniors', organizationId: 'o1', restRuleId: 'r1' },
    });
  });

  it("keeps the edit modal open with the server's message or 'Operation failed'", async () => {
    let attempts = 0;
    const { user } = page({
      ...on(UPDATE_LEAGUE, () => {
        attempts += 1;
        return attempts === 1
          ? gqlError('A league with that name already exists', 'CONFLICT')
          : { status: 500, body: {} };
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Minors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit League' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A league with that name already exists');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Operation failed$/));
  });

  it('edits the name and when a disputed game count is settled: whose count stands, days after, time', async () => {
    const settled: League = {
      ...majors,
      countStandsAfterDeadline: 'own_team',
      countDeadlineDays: 2,
      countDeadlineTime: '18:30',
    };
    let attempts = 0;
    const { user, callsOf } = page({
      ...on(LIST_LEAGUES, () => ({ listLeagues: { items: [settled, minors], nextToken: null } })),
      ...on(UPDATE_LEAGUE, () => {
        attempts += 1;
        return attempts === 1 ? gqlError('Give the deadline’s time as HH:MM (24-hour)') : { updateLeague: settled };
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Majors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit League' });
    const rule = within(dialog).getByRole('combobox', { name: 'After the deadline, whose count stands' });
    const days = within(dialog).getByRole('textbox', { name: 'Deadline: days after the game' });
    const time = within(dialog).getByRole('textbox', { name: 'Deadline time' });
    expect(rule).toHaveValue('Each pitcher’s own team’s count');
    expect(days).toHaveValue('2');
    expect(time).toHaveValue('18:30');

    // Checked with the core schema before anything is sent.
    await user.clear(days);
    await user.type(days, '20');
    await user.clear(time);
    await user.type(time, '25:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The deadline is 0 to 14 days after the game')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the deadline’s time as HH:MM (24-hour)')).toBeInTheDocument();
    expect(callsOf('updateLeague')).toHaveLength(0);

    await user.click(rule);
    await user.click(await screen.findByRole('option', { name: 'The home team’s count' }));
    await user.clear(days);
    await user.type(days, '1');
    await user.clear(time);
    await user.type(time, '12:00');
    // The league asks the game official's signature too.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ask the game official’s signature too' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The server's message stays in the modal.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give the deadline’s time as HH:MM (24-hour)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateLeague')[1]?.variables).toEqual({
      input: {
        id: 'l1',
        version: 1,
        name: 'Majors',
        countStandsAfterDeadline: 'home',
        countDeadlineDays: 1,
        countDeadlineTime: '12:00',
        requireOfficialSignature: true,
      },
    });
  });

  it("confirms deletion and shows the server's refusal for a league with teams", async () => {
    const { user, callsOf } = page({
      ...on(DELETE_LEAGUE, () => gqlError('Delete or move the teams of this league first', 'CONFLICT')),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Majors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete League' });
    expect(within(dialog).getByText('Are you sure you want to delete this league?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Delete or move the teams of this league first');
    expect(callsOf('deleteLeague')[0]?.variables).toEqual({ input: { id: 'l1' } });
  });

  it('sends nothing twice while a delete is in flight', async () => {
    let release: () => void = () => undefined;
    const { user, callsOf } = page({
      ...on(
        DELETE_LEAGUE,
        () =>
          new Promise((resolve) => {
            release = () => resolve({ deleteLeague: { id: 'l2' } });
          }),
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Minors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete League' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    fireEvent.submit(confirm.closest('form') as HTMLFormElement);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('deleteLeague')).toHaveLength(1);
  });

  it('manages the rest rule: global or the organization’s rules, or none', async () => {
    let fail = true;
    const { user, callsOf } = page({
      ...on(UPDATE_LEAGUE, () =>
        fail ? gqlError('That rule belongs to another organization') : { updateLeague: { ...majors } },
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Manage Rest Rule for Majors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Rest Rule: Majors' });
    expect(within(dialog).getByRole('radio', { name: 'Global Rules' })).toBeChecked();
    const select = within(dialog).getByRole('combobox', { name: 'Rest Rule' });
    await waitFor(() => expect(select).toHaveValue('Little League 9-12 (9-12)'));

    await user.click(within(dialog).getByRole('radio', { name: 'Riverside Youth Baseball Rules' }));
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('None');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Riverside house rule (8U)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error updating rest rule: That rule belongs to another organization',
    );
    expect(callsOf('updateLeague')[0]?.variables).toEqual({ input: { id: 'l1', version: 1, restRuleId: 'r2' } });
    expect(callsOf('listRestRules').map((call) => call.variables.filter)).toEqual([
      { global: { eq: true } },
      { organizationId: { eq: 'o1' } },
    ]);

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'None' }));
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateLeague')[1]?.variables).toEqual({ input: { id: 'l1', version: 1, restRuleId: null } });
  });

  it("shows 'Error updating rest rule' when saving fails without a message", async () => {
    const { user } = page({ ...on(UPDATE_LEAGUE, () => ({ status: 500, body: {} })) });
    await user.click(await screen.findByRole('button', { name: 'Manage Rest Rule for Minors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Rest Rule: Minors' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Error updating rest rule$/);
  });

  it("manages admins with the 'Search users' picker, which leaves out those already chosen", async () => {
    const { user, callsOf } = page({
      ...on(SEARCH_USERS, () => ({ listUsers: { items: [ann, bob], nextToken: null } })),
      ...on(UPDATE_LEAGUE, () => gqlError('Only admins of this organization may be league admins')),
    });
    await user.click(await screen.findByRole('button', { name: 'Manage Admins of Majors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Admins: Majors' });
    const search = within(dialog).getByPlaceholderText('Search users');
    await user.click(search);
    const listbox = await screen.findByRole('listbox');
    const bobOption = await within(listbox).findByRole('option', { name: 'Bob Baker (bob@example.org)' });
    expect(within(listbox).queryByRole('option', { name: /Ann Archer/ })).not.toBeInTheDocument();
    await user.click(bobOption);
    expect(within(dialog).getByRole('button', { name: 'Remove Bob Baker' })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: /Bob Baker/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only admins of this organization may be league admins',
    );
    expect(callsOf('updateLeague')[0]?.variables).toEqual({
      input: { id: 'l1', version: 1, admins: ['u-ann', 'u-bob'] },
    });
  });

  it("shows 'Update admins failed' when saving admins fails without a message", async () => {
    const { user } = page({
      ...on(SEARCH_USERS, () => ({ listUsers: { items: [], nextToken: null } })),
      ...on(UPDATE_LEAGUE, () => ({ status: 500, body: {} })),
    });
    await user.click(await screen.findByRole('button', { name: 'Manage Admins of Minors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Admins: Minors' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Update admins failed$/);
  });

  it('invites an admin by email, asking names every time, and shows a generated password once', async () => {
    const generated = 'Mv3kXr7TqW9pLz2C';
    const { callsOf, user } = page(
      {
        ...on(INVITE_LEAGUE_ADMIN, ({ input }) => ({
          inviteLeagueAdmin: {
            ...majors,
            admins: [...majors.admins, 'u-pat'],
            adminUsers: [
              ...majors.adminUsers,
              { id: 'u-pat', email: 'pat@example.org', givenName: 'Pat', familyName: 'Lee' },
            ],
            invitedTemporaryPassword: input.email === 'pat@example.org' ? generated : null,
            invitedPending: null,
          },
        })),
      },
      { roles: ['admin'], abilities: ['Mutation.updateLeague', 'Mutation.inviteLeagueAdmin'] },
    );
    await user.click(await screen.findByRole('button', { name: 'Invite Admin to Majors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Admin to Majors' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'pat@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Names are asked of everyone, so the answer cannot tell whether the email has an account.
    expect(await within(dialog).findByText('First and last name required')).toBeInTheDocument();
    expect(callsOf('inviteLeagueAdmin')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^First Name/ }), 'Pat');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last Name/ }), 'Lee');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(callsOf('inviteLeagueAdmin')[0]?.variables).toEqual({
      input: { leagueId: 'l1', email: 'pat@example.org', givenName: 'Pat', familyName: 'Lee' },
    });
    expect(within(shown).getByText(generated)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.innerHTML).not.toContain(generated);
  });

  it('keeps the league’s officials: adds one by name and email, checked first, and removes one', async () => {
    let officials = [{ id: 'f1', name: 'Pat Umpire', email: 'pat@example.org' }];
    const { user, callsOf } = page(
      {
        ...on(LIST_LEAGUE_OFFICIALS, () => ({ leagueOfficials: officials })),
        ...on(ADD_OFFICIAL, ({ input }) => {
          const added = { id: 'f2', name: input.name, email: input.email };
          officials = [...officials, added];
          return { addOfficial: added };
        }),
        ...on(REMOVE_OFFICIAL, ({ id }) => {
          officials = officials.filter((o) => o.id !== id);
          return { removeOfficial: true };
        }),
      },
      { abilities: [...ABILITIES, 'Mutation.addOfficial'] },
    );
    await user.click(within(await row('Majors')).getByRole('button', { name: 'Officials of Majors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Officials: Majors' });
    expect(await within(dialog).findByText('Pat Umpire')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Rae Scorer');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not an email');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(callsOf('addOfficial')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'Rae@Example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Rae Scorer')).toBeInTheDocument();
    expect(callsOf('addOfficial')[0]?.variables).toEqual({
      leagueId: 'l1',
      input: { name: 'Rae Scorer', email: 'rae@example.org' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Pat Umpire' }));
    await waitFor(() => expect(within(dialog).queryByText('Pat Umpire')).toBeNull());
    expect(callsOf('removeOfficial')[0]?.variables).toEqual({ id: 'f1' });
  });

  it('hides what a league admin may not do', async () => {
    page({}, { roles: ['admin'], abilities: ['Mutation.updateLeague'] });
    expect(await screen.findByRole('button', { name: 'Edit Majors' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add League' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Majors' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when the organizations cannot be read", async () => {
    page(
      { ...on(LIST_ORGANIZATION_OPTIONS, () => gqlError('You may not do that', 'FORBIDDEN')) },
      { roles: ['admin'], abilities: [] },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not do that');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
