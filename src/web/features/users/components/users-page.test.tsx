import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIST_LEAGUE_OPTIONS } from '../../../lib/league-options.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../../../lib/organization-options.ts';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { CREATE_USER } from '../api/create-user.ts';
import { DELETE_USER } from '../api/delete-user.ts';
import { LIST_USERS, type User } from '../api/list-users.ts';
import { UPDATE_USER } from '../api/update-user.ts';

// The page's code loads lazily; the first test of the file waits for it.
configure({ asyncUtilTimeout: 5000 });

const ann: User = {
  id: 'u-ann',
  email: 'ann@example.org',
  givenName: 'Ann',
  familyName: 'Archer',
  roles: ['admin'],
  adminOrganizationIds: ['o1'],
  adminLeagueIds: [],
};
const bo: User = {
  ...ann,
  id: 'u-bo',
  email: 'bo@example.org',
  givenName: 'Bo',
  familyName: '',
  roles: [],
  adminOrganizationIds: [],
};

function page(handlers: Parameters<typeof mockGraphql>[0] = {}) {
  const mock = mockGraphql({
    me: meHandler(['SuperAdmin'], ['Mutation.createUser', 'Mutation.updateUser', 'Mutation.deleteUser']),
    ...on(LIST_USERS, () => ({ listUsers: { items: [ann, bo], nextToken: null } })),
    ...handlers,
  });
  renderApp('/admin/users', { roles: ['SuperAdmin'] });
  return { ...mock, user: userEvent.setup() };
}

async function rowOf(email: string) {
  const row = (await screen.findByRole('cell', { name: email })).closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}

describe('UsersPage', () => {
  it('offers an admin, who may read their people but not change them, no action the server would refuse', async () => {
    page({ me: meHandler(['admin'], ['Query.listUsers']) });
    await rowOf('bo@example.org');
    expect(screen.queryByRole('button', { name: '+ Add User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^(Edit Email of|Edit Name of|Roles of|Delete) / }),
    ).not.toBeInTheDocument();
    // With no button in it, the table's sideways-scrolling box still takes the keyboard's focus (the theme's default).
    expect(screen.getByRole('table', { name: 'Users' }).parentElement?.parentElement).toHaveAttribute('tabindex', '0');
  });

  it('lists users with a dash for an empty name and the four actions named after the user', async () => {
    const { callsOf } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '+ Add User' })).toBeInTheDocument();
    const row = await rowOf('bo@example.org');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Email', 'First Name', 'Last Name', 'Actions']);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent)
        .slice(0, 3),
    ).toEqual(['bo@example.org', 'Bo', '-']);
    expect(within(row).getByRole('button', { name: 'Edit Email of bo@example.org' })).toHaveTextContent(/^Edit Email$/);
    expect(within(row).getByRole('button', { name: 'Edit Name of bo@example.org' })).toHaveTextContent(/^Edit Name$/);
    expect(within(row).getByRole('button', { name: 'Roles of bo@example.org' })).toHaveTextContent(/^Roles$/);
    expect(within(row).getByRole('button', { name: 'Delete bo@example.org' })).toHaveTextContent(/^Delete$/);
    // 50 a page, never the whole list.
    expect(callsOf('listUsers')[0]?.variables).toEqual({ search: null, limit: 50, nextToken: null });
  });

  it('searches on the server and loads the next page with the nextToken', async () => {
    const { user, callsOf } = page({
      ...on(LIST_USERS, (variables) => {
        if (variables.search === 'ann') return { listUsers: { items: [ann], nextToken: null } };
        return variables.nextToken
          ? { listUsers: { items: [bo], nextToken: null } }
          : { listUsers: { items: [ann], nextToken: 'page-2' } };
      }),
    });
    await rowOf('ann@example.org');
    expect(screen.queryByRole('cell', { name: 'bo@example.org' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await rowOf('bo@example.org');
    expect(screen.getByRole('cell', { name: 'ann@example.org' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsOf('listUsers')[1]?.variables).toEqual({ search: null, limit: 50, nextToken: 'page-2' });

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), ' ann ');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'bo@example.org' })).not.toBeInTheDocument());
    expect(callsOf('listUsers').at(-1)?.variables).toEqual({ search: 'ann', limit: 50, nextToken: null });
    // Debounced: typing five characters asked once more, not five times.
    expect(callsOf('listUsers').filter((call) => call.variables.search)).toHaveLength(1);
  });

  it("shows 'Failed to load users', or the server's refusal instead of the screen", async () => {
    page({ ...on(LIST_USERS, () => ({ status: 500, body: {} })) });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load users$/);
  });

  it("shows the server's FORBIDDEN message and nothing else", async () => {
    page({ ...on(LIST_USERS, () => gqlError('Only a SuperAdmin may do that', 'FORBIDDEN')) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a SuperAdmin may do that');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add User' })).not.toBeInTheDocument();
  });

  it('checks the four Add User fields before sending anything', async () => {
    const { user, callsOf } = page();
    await user.click(await screen.findByRole('button', { name: '+ Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of [
      'Email is required',
      'Temporary password is required',
      'First name is required',
      'Last name is required',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(callsOf('createUser')).toHaveLength(0);
  });

  it("sends one createUser with trimmed values (the password as typed), keeps the modal open with the server's message, then refreshes", async () => {
    let attempts = 0;
    const { user, callsOf } = page({
      ...on(CREATE_USER, () => {
        attempts += 1;
        return attempts === 1
          ? gqlError('A user with that email already exists', 'CONFLICT')
          : { createUser: { ...bo, id: 'u-new', email: 'new@example.org', temporaryPassword: null } };
      }),
    });
    await user.click(await screen.findByRole('button', { name: '+ Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), '  New@Example.org ');
    await user.type(within(dialog).getByLabelText(/^Temporary Password/), ' Temp pass 1 ');
    await user.type(within(dialog).getByRole('textbox', { name: /^First Name/ }), ' Nia ');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last Name/ }), ' Ng');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A user with that email already exists');
    expect(callsOf('createUser')[0]?.variables).toEqual({
      input: { email: 'new@example.org', temporaryPassword: ' Temp pass 1 ', givenName: 'Nia', familyName: 'Ng' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('createUser')).toHaveLength(2);
    await waitFor(() => expect(callsOf('listUsers').length).toBeGreaterThanOrEqual(2));
  });

  it('shows a generated temporary password once, in a dialog the admin closes, and never again', async () => {
    const generated = 'Kp7mZq2RtV9wXy3B';
    const { user, callsOf } = page({
      ...on(CREATE_USER, ({ input }) => ({
        createUser: {
          ...bo,
          id: 'u-new',
          email: 'new@example.org',
          temporaryPassword: input.temporaryPassword ? null : generated,
        },
      })),
    });
    // Typed by the admin: the server answers null and no dialog follows.
    await user.click(await screen.findByRole('button', { name: '+ Add User' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'typed@example.org');
    await user.type(within(dialog).getByLabelText(/^Temporary Password/), 'Temp-pass-1');
    await user.type(within(dialog).getByRole('textbox', { name: /^First Name/ }), 'Ty');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last Name/ }), 'Ped');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Generated: the password field goes, the input leaves it out, and the answer is shown once.
    await user.click(screen.getByRole('button', { name: '+ Add User' }));
    dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^Generate the temporary password/ }));
    expect(within(dialog).queryByLabelText(/^Temporary Password/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'new@example.org');
    await user.type(within(dialog).getByRole('textbox', { name: /^First Name/ }), 'Nia');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last Name/ }), 'Ng');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(callsOf('createUser')[1]?.variables).toEqual({
      input: { email: 'new@example.org', givenName: 'Nia', familyName: 'Ng' },
    });
    expect(within(shown).getByText(generated)).toBeInTheDocument();
    expect(within(shown).getByText(/new@example\.org/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(generated)).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(generated);
  });

  it("shows 'Failed to create user' when the server gives no message", async () => {
    const { user } = page({ ...on(CREATE_USER, () => ({ status: 500, body: {} })) });
    await user.click(await screen.findByRole('button', { name: '+ Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'new@example.org');
    await user.type(within(dialog).getByLabelText(/^Temporary Password/), 'Temp-pass-1');
    await user.type(within(dialog).getByRole('textbox', { name: /^First Name/ }), 'Nia');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last Name/ }), 'Ng');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to create user$/);
  });

  it("edits the email: 'Email is required', then 'Failed to update email', and opening again clears it", async () => {
    const { user, callsOf } = page({ ...on(UPDATE_USER, () => ({ status: 500, body: {} })) });
    await user.click(await screen.findByRole('button', { name: 'Edit Email of ann@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Email of ann@example.org' });
    const email = within(dialog).getByRole('textbox', { name: /^New Email/ });
    expect(email).toHaveValue('ann@example.org');
    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(callsOf('updateUser')).toHaveLength(0);

    await user.type(email, 'ann.archer@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to update email$/);
    expect(callsOf('updateUser')[0]?.variables).toEqual({ input: { id: 'u-ann', email: 'ann.archer@example.org' } });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Email of ann@example.org' }));
    const again = await screen.findByRole('dialog', { name: 'Edit Email of ann@example.org' });
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(again).getByRole('textbox', { name: /^New Email/ })).toHaveValue('ann@example.org');
  });

  it("edits the name: 'First and last name required', then saves trimmed names", async () => {
    const { user, callsOf } = page({ ...on(UPDATE_USER, () => ({ updateUser: { ...ann, familyName: 'Arch' } })) });
    await user.click(await screen.findByRole('button', { name: 'Edit Name of ann@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Name of ann@example.org' });
    const last = within(dialog).getByRole('textbox', { name: /^Last Name/ });
    await user.clear(last);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^First and last name required$/);
    expect(last).toHaveAttribute('aria-invalid', 'true');
    await user.type(last, ' Arch ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateUser')[0]?.variables).toEqual({
      input: { id: 'u-ann', givenName: 'Ann', familyName: 'Arch' },
    });
  });

  it("shows 'Failed to update name' when the server gives no message", async () => {
    const { user } = page({ ...on(UPDATE_USER, () => ({ status: 500, body: {} })) });
    await user.click(await screen.findByRole('button', { name: 'Edit Name of ann@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Name of ann@example.org' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to update name$/);
  });

  it("asks 'Confirm deletion of {email}?', shows the server's refusal, or 'Failed to delete user'", async () => {
    let attempts = 0;
    const { user, callsOf } = page({
      ...on(DELETE_USER, () => {
        attempts += 1;
        return attempts === 1 ? gqlError('You cannot delete yourself', 'BAD_USER_INPUT') : { status: 500, body: {} };
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete bo@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(within(dialog).getByText('Confirm deletion of bo@example.org?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot delete yourself');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/^Failed to delete user$/)).toBeInTheDocument();
    expect(callsOf('deleteUser')[0]?.variables).toEqual({ input: { id: 'u-bo' } });
  });

  it('assigns roles and admin scopes in one updateUser, leagues read as League (Organization)', async () => {
    let attempts = 0;
    const { user, callsOf } = page({
      ...on(LIST_ORGANIZATION_OPTIONS, () => ({
        listOrganizations: {
          items: [
            { id: 'o1', name: 'Riverside Youth Baseball' },
            { id: 'o2', name: 'Hilltop' },
          ],
          nextToken: null,
        },
      })),
      ...on(LIST_LEAGUE_OPTIONS, () => ({
        listLeagues: { items: [{ id: 'l1', name: 'Majors', organizationId: 'o2' }], nextToken: null },
      })),
      ...on(UPDATE_USER, () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: {} } : { updateUser: ann };
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Roles of ann@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of ann@example.org' });
    const roles = within(dialog).getByRole('group', { name: 'Roles' });
    expect(
      within(roles)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['SuperAdmin', 'admin', 'coach', 'parent']);
    expect(within(roles).getByRole('checkbox', { name: 'admin' })).toBeChecked();
    await user.click(within(roles).getByRole('checkbox', { name: 'coach' }));

    const leagues = within(dialog).getByRole('combobox', { name: 'Admin of leagues' });
    await user.click(leagues);
    await user.click(await screen.findByRole('option', { name: 'Majors (Hilltop)' }));
    expect(within(dialog).getByRole('combobox', { name: 'Admin of organizations' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to update roles$/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateUser').at(-1)?.variables).toEqual({
      input: { id: 'u-ann', roles: ['admin', 'coach'], adminOrganizationIds: ['o1'], adminLeagueIds: ['l1'] },
    });
  });
});
