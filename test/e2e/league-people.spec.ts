import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, failOnConsoleErrors, seriousViolations, signIn } from './fixtures.ts';

/**
 * Seasons, teams and players end to end: an admin creates a season and two teams, imports a roster file, invites a
 * coach and links a parent; the coach and the parent each see their own and nothing else; rolling
 * the season keeps its history. It runs in an organization of its own, so the demo stays as it is.
 */

/** A GraphQL call as the SuperAdmin, for the setup the issue does not ask to click through. */
async function asSuperAdmin(request: APIRequestContext) {
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: 'superadmin@example.com', password: DEMO_PASSWORD },
  });
  expect(signedIn.ok()).toBe(true);
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const res = await request.post('/graphql', { data: { query, variables } });
    const body = (await res.json()) as { data: T; errors?: { message: string }[] };
    expect(body.errors).toBeUndefined();
    return body.data;
  };
}

async function temporaryPasswordOf(request: APIRequestContext, email: string) {
  const mailbox = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const password = String(mailbox.items.at(-1)?.text).match(/temporary password:\s+(\S+)/)?.[1];
  expect(password, `a temporary password mailed to ${email}`).toBeTruthy();
  return password ?? '';
}

/** Signs in with a temporary password and chooses a new one. */
async function firstSignIn(page: Page, email: string, temporary: string) {
  await signIn(page, email, temporary);
  await expect(page.getByRole('heading', { name: 'Set Your New Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New Password' }).fill('Chosen-secret-4412');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toHaveValue(option);
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test.describe('Seasons, teams, players and families', () => {
  test('an admin sets up a season and a roster; the coach and the parent each see their own; rolling keeps history', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(150_000);
    const noErrors = failOnConsoleErrors(page);
    const stamp = Date.now();
    const org = `Zephyr Club ${stamp}`;
    const gql = await asSuperAdmin(request);
    // An admin of their own: the demo admin's organization stays the only one they run.
    const adminEmail = `e2e-admin-${stamp}@example.com`;
    const { createUser } = await gql<{ createUser: { id: string } }>(
      'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
      { i: { email: adminEmail, givenName: 'Ada', familyName: 'Admin', temporaryPassword: 'Ada-temporary-7731' } },
    );
    const { createOrganization } = await gql<{ createOrganization: { id: string } }>(
      'mutation($i: CreateOrganizationInput!) { createOrganization(input: $i) { id } }',
      { i: { name: org, admins: [createUser.id] } },
    );
    for (const name of ['Majors', 'Minors']) {
      await gql('mutation($i: CreateLeagueInput!) { createLeague(input: $i) { id } }', {
        i: { name, organizationId: createOrganization.id },
      });
    }

    // The admin creates the season.
    await firstSignIn(page, adminEmail, 'Ada-temporary-7731');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Season Management' }).click();
    await pick(page, 'Organization', org);
    await expect(page.getByText(`${org} has no seasons yet.`)).toBeVisible();
    await page.getByRole('button', { name: '+ Add Season' }).click();
    const addSeason = page.getByRole('dialog', { name: 'Add Season' });
    await addSeason.getByRole('button', { name: 'Save' }).click();
    await expect(addSeason.getByText('Name is required')).toBeVisible();
    await addSeason.getByRole('textbox', { name: 'Name' }).fill('Spring 2027');
    await addSeason.getByLabel('Start Date').fill('2027-03-01');
    await addSeason.getByLabel('End Date').fill('2027-02-01');
    await addSeason.getByRole('button', { name: 'Save' }).click();
    await expect(addSeason.getByText('End date must be on or after the start date')).toBeVisible();
    await addSeason.getByLabel('End Date').fill('2027-06-30');
    await pick(page, 'State', 'Active');
    await addSeason.getByRole('button', { name: 'Save' }).click();
    await expect(addSeason).toBeHidden();
    await expect(rowOf(page, 'Spring 2027').getByText('Active')).toBeVisible();

    // Two teams.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Team Management' }).click();
    await pick(page, 'Organization', org);
    for (const [team, league] of [
      ['Rockets', 'Majors'],
      ['Comets', 'Minors'],
    ] as const) {
      await page.getByRole('button', { name: '+ Add Team' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Team to Spring 2027' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(team);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Choose the league the team plays in')).toBeVisible();
      await pick(page, 'League', league);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(rowOf(page, team)).toBeVisible();
    }
    expect(await seriousViolations(page)).toEqual([]);

    // A roster file: preview first, nothing stored; then import.
    await rowOf(page, 'Rockets').getByRole('link', { name: 'Roster of Rockets' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Player Management' })).toBeVisible();
    await expect(page.getByText('No players on this roster yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Import Roster' }).click();
    const importer = page.getByRole('dialog', { name: 'Import Roster into Spring 2027' });
    const csv = [
      'Player First Name,Player Last Name,Player Birth Date,Division Name,Team Name,Player Jersey Number,Account Email',
      'Rory,Vance,05/14/2015,Majors,Rockets,4,',
      'Sky,Vance,08/02/2017,Minors,Comets,4,',
      'Tess,Okafor,2015-01-30,Majors,Rockets,9,',
      'Uli,Brandt,2031-01-01,Majors,Rockets,12,',
    ].join('\n');
    const chooser = page.waitForEvent('filechooser');
    await importer.getByRole('button', { name: 'CSV file' }).click();
    await (await chooser).setFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(importer.getByRole('button', { name: 'CSV file' })).toContainText('roster.csv');
    await importer.getByRole('button', { name: 'Preview' }).click();
    const preview = importer.getByRole('table', { name: 'Import preview' });
    await expect(preview.getByRole('row').filter({ hasText: 'Uli Brandt' })).toContainText(
      'Birth date is in the future',
    );
    await expect(importer.getByText(/3 new player\(s\), 0 existing, 1 refused/)).toBeVisible();
    await importer.getByRole('button', { name: 'Import 3 player(s)' }).click();
    await expect(importer.getByText('Roster imported')).toBeVisible();
    await importer.getByRole('button', { name: 'Done' }).click();
    await expect(rowOf(page, 'Vance, Rory')).toBeVisible();
    await expect(rowOf(page, 'Okafor, Tess')).toBeVisible();
    await expect(rowOf(page, 'Vance, Sky')).toHaveCount(0);
    await expect(rowOf(page, 'Vance, Rory')).toContainText('Rockets (Majors)');

    // A coach for the Rockets, invited by email.
    const coachEmail = `e2e-coach-${stamp}@example.com`;
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Team Management' }).click();
    await pick(page, 'Organization', org);
    await rowOf(page, 'Rockets').getByRole('button', { name: 'Invite Coach to Rockets' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Coach to Rockets' });
    await invite.getByRole('textbox', { name: 'Email' }).fill(coachEmail);
    await invite.getByRole('button', { name: 'Save' }).click();
    // Names are asked of everyone (the answer never tells whether the email has an account).
    await expect(invite.getByText('First and last name required')).toBeVisible();
    await invite.getByRole('textbox', { name: 'First Name' }).fill('Quinn');
    await invite.getByRole('textbox', { name: 'Last Name' }).fill('Mendez');
    await invite.getByRole('button', { name: 'Save' }).click();
    await expect(invite).toBeHidden();
    // A new coach's generated temporary password is shown once, to hand over if the email goes astray.
    const coachPassword = page.getByRole('dialog', { name: 'Temporary Password' });
    await expect(coachPassword.getByLabel('Temporary password')).toHaveText(/^\S{16}$/);
    await coachPassword.getByRole('button', { name: 'Done' }).click();
    await expect(coachPassword).toBeHidden();
    await expect(rowOf(page, 'Rockets').getByText('Quinn Mendez')).toBeVisible();

    // A parent for Rory, linked by email.
    const parentEmail = `e2e-parent-${stamp}@example.com`;
    await rowOf(page, 'Rockets').getByRole('link', { name: 'Roster of Rockets' }).click();
    await rowOf(page, 'Vance, Rory').getByRole('button', { name: 'Parents of Rory Vance' }).click();
    const parents = page.getByRole('dialog', { name: 'Parents of Rory Vance' });
    await parents.getByRole('textbox', { name: 'Parent Email' }).fill(parentEmail);
    await parents.getByRole('textbox', { name: 'First Name' }).fill('Wren');
    await parents.getByRole('textbox', { name: 'Last Name' }).fill('Vance');
    await parents.getByRole('button', { name: 'Link Parent' }).click();
    const parentPassword = page.getByRole('dialog', { name: 'Temporary Password' });
    await expect(parentPassword.getByLabel('Temporary password')).toHaveText(/^\S{16}$/);
    await parentPassword.getByRole('button', { name: 'Done' }).click();
    await expect(parentPassword).toBeHidden();
    await expect(parents.getByText(`Wren Vance (${parentEmail})`)).toBeVisible();
    await parents.getByRole('button', { name: 'Done' }).click();
    await expect(rowOf(page, 'Vance, Rory').getByText('Wren Vance')).toBeVisible();
    noErrors();

    // The coach sees the Rockets and their roster, nothing else.
    const coachContext = await browser.newContext();
    const coach = await coachContext.newPage();
    await firstSignIn(coach, coachEmail, await temporaryPasswordOf(request, coachEmail));
    const coachMenu = coach.getByRole('navigation', { name: 'Main menu' });
    await expect(coachMenu.getByRole('link', { name: 'Team Management' })).toHaveCount(0);
    await coachMenu.getByRole('link', { name: 'My Teams' }).click();
    await expect(coach.getByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
    await expect(rowOf(coach, 'Rockets')).toBeVisible();
    await expect(rowOf(coach, 'Comets')).toHaveCount(0);
    await expect(coach.getByRole('button', { name: '+ Add Team' })).toHaveCount(0);
    await rowOf(coach, 'Rockets').getByRole('link', { name: 'Roster of Rockets' }).click();
    await expect(rowOf(coach, 'Vance, Rory')).toBeVisible();
    await expect(rowOf(coach, 'Okafor, Tess')).toBeVisible();
    await expect(coach.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await pick(coach, 'Team', 'All teams');
    await expect(rowOf(coach, 'Vance, Sky')).toHaveCount(0);
    await coachContext.close();

    // The parent sees Rory and no one else.
    const parentContext = await browser.newContext();
    const parent = await parentContext.newPage();
    await firstSignIn(parent, parentEmail, await temporaryPasswordOf(request, parentEmail));
    await parent
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: "My Child's Status" })
      .click();
    const card = parent.getByRole('region', { name: 'Rory Vance' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Rockets (Majors), Spring 2027');
    await expect(parent.getByRole('region')).toHaveCount(1);
    await parentContext.close();

    // Rolling the season: the teams and coaches carry over, the old rosters stay as they were.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Season Management' }).click();
    await pick(page, 'Organization', org);
    await rowOf(page, 'Spring 2027').getByRole('button', { name: 'Roll Season Spring 2027' }).click();
    const roll = page.getByRole('dialog', { name: 'Roll Spring 2027' });
    await expect(roll.getByText(/Its 2 team\(s\) and their coaches start the new season/)).toBeVisible();
    await roll.getByRole('textbox', { name: 'Name of the next season' }).fill('Fall 2027');
    await roll.getByLabel('Start Date').fill('2027-09-01');
    await roll.getByLabel('End Date').fill('2027-11-15');
    await roll.getByRole('button', { name: 'Roll Season' }).click();
    await expect(roll).toBeHidden();
    await expect(rowOf(page, 'Fall 2027').getByText('Active')).toBeVisible();
    await expect(rowOf(page, 'Spring 2027').getByText('Archived')).toBeVisible();
    await expect(rowOf(page, 'Spring 2027').getByRole('button', { name: 'Edit Spring 2027' })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Player Management' }).click();
    await pick(page, 'Organization', org);
    await pick(page, 'Season', 'Fall 2027 (Active)');
    await expect(rowOf(page, 'Vance, Rory')).toContainText('Rockets (Majors)');
    await pick(page, 'Season', 'Spring 2027 (Archived)');
    await expect(page.getByText('Spring 2027 is archived: its rosters are read-only.')).toBeVisible();
    await expect(rowOf(page, 'Okafor, Tess')).toContainText('Rockets (Majors)');
    await expect(page.getByRole('button', { name: 'Import Roster' })).toHaveCount(0);
    noErrors();
  });
});

test.describe('A family leaves mid-season', () => {
  test('the parent asks the league to remove their child; the coach is told; the admin removes them', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const noAdminErrors = failOnConsoleErrors(admin);
    await signIn(admin, 'admin@example.com');
    await expect(admin).toHaveURL(/\/dashboard$/);
    const gql = async <T>(query: string, variables: Record<string, unknown> = {}) => {
      const body = (await (await admin.request.post('/graphql', { data: { query, variables } })).json()) as {
        data: T;
        errors?: unknown;
      };
      expect(body.errors).toBeUndefined();
      return body.data;
    };
    const { listTeams } = await gql<{
      listTeams: {
        items: { id: string; name: string; leagueName: string; seasonState: string; organizationId: string }[];
      };
    }>('{ listTeams(limit: 1000) { items { id name leagueName seasonState organizationId } } }');
    const tigers = listTeams.items.find(
      (t) => t.name === 'Tigers' && t.leagueName === 'Majors' && t.seasonState === 'active',
    );
    if (!tigers) throw new Error('no active Majors Tigers');
    const lastName = `Leaving${Date.now().toString(36)}`;
    const child = `Wren ${lastName}`;
    const { createPlayer } = await gql<{ createPlayer: { id: string } }>(
      'mutation($i: CreatePlayerInput!) { createPlayer(input: $i) { id } }',
      {
        i: {
          organizationId: tigers.organizationId,
          teamId: tigers.id,
          firstName: 'Wren',
          lastName,
          birthDate: '2015-06-01',
        },
      },
    );
    await gql('mutation($i: LinkGuardianInput!) { linkGuardian(input: $i) { id } }', {
      i: { playerId: createPlayer.id, email: 'parent@example.com', givenName: 'Pat', familyName: 'Parent' },
    });

    // The parent asks, on their child's card.
    const parentContext = await browser.newContext();
    const parent = await parentContext.newPage();
    const noParentErrors = failOnConsoleErrors(parent);
    await signIn(parent, 'parent@example.com');
    await expect(parent).toHaveURL(/\/dashboard$/);
    await parent.goto('/parent/players');
    const card = parent.getByRole('region', { name: child });
    await card.getByRole('button', { name: `Ask the league to remove ${child}` }).click();
    const ask = parent.getByRole('dialog', { name: `Ask the league to remove ${child}` });
    await expect(ask).toContainText('Until an admin does, Wren stays on the team');
    expect(await seriousViolations(parent)).toEqual([]);
    await ask.getByRole('button', { name: 'Ask the league' }).click();
    await expect(
      card.getByText(/ asked the league on .+ to remove Wren; an admin of the league removes them\.$/),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: /^Ask the league/ })).toHaveCount(0);

    // The admins are asked, the coach is told.
    const subjects = async (email: string) =>
      (
        (await (await admin.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()).items as {
          subject: string;
        }[]
      ).map((m) => m.subject);
    await expect
      .poll(() => subjects('coach@example.com'))
      .toContain(`${child}'s family asked the league to remove ${child} from Bullpen`);
    await expect
      .poll(() => subjects('admin@example.com'))
      .toContainEqual(expect.stringMatching(new RegExp(`asks that ${child} be removed from Bullpen$`)));

    // The admin finds the child marked on Player Management and removes them.
    await admin.goto('/admin/players');
    await admin.getByLabel('Search players').fill(lastName);
    const row = admin
      .getByRole('row')
      .filter({ has: admin.getByRole('rowheader', { name: `${lastName}, Wren Removal asked` }) });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete ${child}` }).click();
    const remove = admin.getByRole('dialog', { name: 'Delete Player' });
    await expect(remove).toContainText(/Removal asked by .+ on .+: Delete removes the child\./);
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);

    // The parent's page no longer holds the child.
    await parent.reload();
    await expect(parent.getByRole('region', { name: /^Riley / })).toBeVisible();
    await expect(parent.getByRole('region', { name: child })).toHaveCount(0);
    noAdminErrors();
    noParentErrors();
    await adminContext.close();
    await parentContext.close();
  });
});
