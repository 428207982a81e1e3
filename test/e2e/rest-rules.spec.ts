import { expect, type Locator, type Page, test } from '@playwright/test';
import { failOnConsoleErrors, seriousViolations, signInToDashboard } from './fixtures.ts';

async function openRestRules(page: Page, email: string) {
  await signInToDashboard(page, email);
  await page.goto('/admin/rest-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Rest Rules Management' })).toBeVisible();
}

function ruleRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

async function chooseScope(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Scope' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Sets an interval row's two numbers. */
async function setInterval(dialog: Locator, index: number, pitchCount: number, daysRest: number) {
  await dialog.getByRole('textbox', { name: `Pitch count, interval ${index}` }).fill(String(pitchCount));
  await dialog.getByRole('textbox', { name: `Days rest, interval ${index}` }).fill(String(daysRest));
}

/** A GraphQL call from inside the signed-in page (same origin, the session cookie). */
async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    { query, variables },
  );
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

test.describe('Rest Rules Management', () => {
  test('has no serious or critical accessibility violation, with the modals open too', async ({ page }) => {
    await openRestRules(page, 'superadmin@example.com');
    await expect(ruleRow(page, 'Texas UIL varsity')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await ruleRow(page, 'Texas UIL varsity')
      .getByRole('button', { name: 'Edit Texas UIL varsity, Grades 9-12' })
      .click();
    // Scanned once the modal has faded in (colours mid-fade fail the contrast check).
    await expect(page.getByRole('dialog', { name: 'Edit Rest Rule' })).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await ruleRow(page, 'Texas UIL varsity')
      .getByRole('button', { name: 'Delete Texas UIL varsity, Grades 9-12' })
      .click();
    const remove = page.getByRole('dialog', { name: 'Delete Rest Rule' });
    await expect(remove.getByText('Texas UIL varsity (Grades 9-12)')).toBeVisible();
    await expect(remove).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
    await remove.getByRole('button', { name: 'Cancel' }).click();
  });

  test('SuperAdmin adds a rule with intervals, sees the tooltip, edits it and deletes it', async ({ page }) => {
    const noErrors = failOnConsoleErrors(page);
    const name = `E2E Rule ${Date.now()}`;
    await openRestRules(page, 'superadmin@example.com');
    await expect(page.getByRole('combobox', { name: 'Scope' })).toHaveValue('Global');
    await expect(ruleRow(page, 'Little League Baseball').first()).toBeVisible();

    await page.getByRole('button', { name: '+ Add Rest Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Rest Rule' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Name and Age Group required');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Age Group' }).fill('9-10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('At least one interval required');

    // '+ Add Interval' adds a row of 0 and 0, and puts the cursor in it.
    await dialog.getByRole('button', { name: '+ Add Interval' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Pitch count, interval 1' })).toHaveValue('0');
    await expect(dialog.getByRole('textbox', { name: 'Days rest, interval 1' })).toHaveValue('0');
    await expect(dialog.getByRole('textbox', { name: 'Pitch count, interval 1' })).toBeFocused();
    await setInterval(dialog, 1, 36, 1);
    await dialog.getByRole('button', { name: '+ Add Interval' }).click();
    await setInterval(dialog, 2, 1, 0);
    await dialog.getByRole('button', { name: '+ Add Interval' }).click();
    await dialog.getByRole('button', { name: 'Remove interval 3' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Pitch count, interval 3' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const row = ruleRow(page, name);
    await expect(row.getByRole('cell')).toHaveText([name, '9-10', 'Yes', '-', /Edit/]);
    // Hover shows the intervals by days of rest.
    await row.getByText(name, { exact: true }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('1 → 0 d36 → 1 d');
    await page.mouse.move(0, 0);

    // Edit: the saved intervals come back sorted; one more is added; all are replaced at once.
    await row.getByRole('button', { name: `Edit ${name}, 9-10` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Rest Rule' });
    await expect(edit.getByRole('textbox', { name: 'Pitch count, interval 1' })).toHaveValue('1');
    await expect(edit.getByRole('textbox', { name: 'Pitch count, interval 2' })).toHaveValue('36');
    await edit.getByRole('textbox', { name: 'Age Group' }).fill('11-12');
    await edit.getByRole('button', { name: '+ Add Interval' }).click();
    await setInterval(edit, 3, 36, 2);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('alert')).toHaveText('Each pitch count may appear only once for the same ages');
    await setInterval(edit, 3, 51, 2);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByRole('cell').nth(1)).toHaveText('11-12');
    // Keyboard focus shows the tooltip too: Shift+Tab from the row's Edit button.
    await row.getByRole('button', { name: `Edit ${name}, 11-12` }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(row.getByText(name, { exact: true })).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText('1 → 0 d36 → 1 d51 → 2 d');

    await row.getByRole('button', { name: `Delete ${name}, 11-12` }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Rest Rule' });
    await expect(remove.getByText('Are you sure you want to delete this rest rule?')).toBeVisible();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(remove).toBeHidden();
    await expect(ruleRow(page, name)).toHaveCount(0);
    noErrors();
  });

  test("a rule that leagues use cannot be deleted: the modal shows the server's message", async ({ page }) => {
    const stamp = Date.now();
    const name = `E2E Used Rule ${stamp}`;
    await openRestRules(page, 'superadmin@example.com');
    await page.getByRole('button', { name: '+ Add Rest Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Rest Rule' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Age Group' }).fill('13');
    await dialog.getByRole('button', { name: '+ Add Interval' }).click();
    await setInterval(dialog, 1, 1, 0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // A league starts using the rule (the League screen's job; done here through the API).
    const { listRestRules } = await graphql<{ listRestRules: { items: { id: string; name: string }[] } }>(
      page,
      'query { listRestRules(filter: { global: { eq: true } }, limit: 100) { items { id name } } }',
    );
    const ruleId = listRestRules.items.find((rule) => rule.name === name)?.id;
    const { listOrganizations } = await graphql<{ listOrganizations: { items: { id: string; name: string }[] } }>(
      page,
      'query { listOrganizations(limit: 1000) { items { id name } } }',
    );
    const organizationId = listOrganizations.items.find((org) => org.name === 'Riverside Youth Baseball')?.id;
    const { createLeague } = await graphql<{ createLeague: { id: string } }>(
      page,
      'mutation ($input: CreateLeagueInput!) { createLeague(input: $input) { id } }',
      { input: { name: `E2E League ${stamp}`, organizationId, restRuleId: ruleId } },
    );

    const row = ruleRow(page, name);
    await row.getByRole('button', { name: `Delete ${name}, 13` }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Rest Rule' });
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(remove.getByRole('alert')).toContainText(`Leagues still use this rest rule (E2E League ${stamp})`);
    await expect(remove).toBeVisible();
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByRole('button', { name: `Delete ${name}, 13` })).toBeFocused();

    await graphql(page, 'mutation ($input: DeleteLeagueInput!) { deleteLeague(input: $input) { id } }', {
      input: { id: createLeague.id },
    });
    await row.getByRole('button', { name: `Delete ${name}, 13` }).click();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(remove).toBeHidden();
    await expect(ruleRow(page, name)).toHaveCount(0);
  });

  test("a rule added in an organization's scope belongs to it; the organization's admin sees it read-only", async ({
    page,
    browser,
  }) => {
    const name = `E2E Riverside Rule ${Date.now()}`;
    await openRestRules(page, 'superadmin@example.com');
    await chooseScope(page, 'Riverside Youth Baseball');
    await page.getByRole('button', { name: '+ Add Rest Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Rest Rule' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Age Group' }).fill('7-8');
    await dialog.getByRole('button', { name: '+ Add Interval' }).click();
    await setInterval(dialog, 1, 20, 1);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(ruleRow(page, name).getByRole('cell')).toHaveText([
      name,
      '7-8',
      'No',
      'Riverside Youth Baseball',
      /Edit/,
    ]);
    await chooseScope(page, 'Global');
    await expect(ruleRow(page, name)).toHaveCount(0);

    const admin = await (await browser.newContext()).newPage();
    const noErrors = failOnConsoleErrors(admin);
    await openRestRules(admin, 'admin@example.com');
    await expect(ruleRow(admin, 'Little League Baseball').first()).toBeVisible();
    await expect(admin.getByRole('button', { name: '+ Add Rest Rule' })).toHaveCount(0);
    await expect(admin.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);
    await expect(admin.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await chooseScope(admin, 'Riverside Youth Baseball');
    await expect(ruleRow(admin, name).getByRole('cell')).toHaveText([name, '7-8', 'No', 'Riverside Youth Baseball']);
    await expect(admin.getByRole('button', { name: '+ Add Rest Rule' })).toHaveCount(0);
    noErrors();
    await admin.context().close();

    // Clean up.
    await chooseScope(page, 'Riverside Youth Baseball');
    await ruleRow(page, name)
      .getByRole('button', { name: `Delete ${name}, 7-8` })
      .click();
    await page.getByRole('dialog', { name: 'Delete Rest Rule' }).getByRole('button', { name: 'Delete' }).click();
    await expect(ruleRow(page, name)).toHaveCount(0);
  });

  test('editing the Little League Baseball preset shows its age-limited intervals and daily limits and saves it unchanged', async ({
    page,
  }) => {
    const noErrors = failOnConsoleErrors(page);
    await openRestRules(page, 'superadmin@example.com');
    const fields = `id name ageGroup presetId unit ageBasis { kind month day yearOffset } dailyLimits { minAge maxAge max }
      finishBatter intentionalWalkPitches maxGamesPerDay maxConsecutiveDays
      windows { unit period weekStartsOn days max minAge maxAge }
      catcher { noCatchingAfterPitches noPitchingAfterCaughtInnings noCatchingAgainAfterPitches }
      pitchLimits { pitchCount daysRest minAge maxAge }`;
    const readPreset = async () => {
      const { listRestRules } = await graphql<{ listRestRules: { items: { presetId: string | null }[] } }>(
        page,
        `query { listRestRules(filter: { global: { eq: true } }, limit: 100) { items { ${fields} } } }`,
      );
      return listRestRules.items.find((rule) => rule.presetId === 'little-league-baseball');
    };
    const before = await readPreset();
    expect(before).toBeDefined();

    const row = ruleRow(page, 'Little League Baseball').filter({ hasText: 'League age 7-18' });
    // The tooltip shows the ages of the age-limited tiers.
    await row.getByText('Little League Baseball', { exact: true }).hover();
    await expect(page.getByRole('tooltip')).toContainText('1 → 0 d (ages up to 14)');
    await expect(page.getByRole('tooltip')).toContainText('76 → 4 d (ages 15+)');
    await page.mouse.move(0, 0);

    await row.getByRole('button', { name: 'Edit Little League Baseball, League age 7-18' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Rest Rule' });
    await expect(dialog.getByText(/^Source: Little League Regulation VI/)).toBeVisible();
    // Sorted by days of rest: the 14-and-under tier, then the 15-and-up tier, for each rest.
    await expect(dialog.getByRole('textbox', { name: 'Pitch count, interval 1', exact: true })).toHaveValue('1');
    await expect(dialog.getByRole('textbox', { name: 'Max age, interval 1', exact: true })).toHaveValue('14');
    await expect(dialog.getByRole('textbox', { name: 'Min age, interval 2' })).toHaveValue('15');
    await expect(dialog.getByRole('textbox', { name: 'Pitch count, interval 4' })).toHaveValue('31');
    await expect(dialog.getByRole('textbox', { name: 'Pitch count, interval 10' })).toHaveValue('76');
    await expect(dialog.getByRole('textbox', { name: 'Min age, interval 10' })).toHaveValue('15');

    await dialog.getByRole('button', { name: 'Daily limits' }).click();
    const daily = dialog.getByRole('table', { name: 'Daily limits' });
    await expect(daily.getByRole('row')).toHaveCount(6);
    await expect(daily.getByRole('textbox', { name: 'Min age, daily limit 4' })).toHaveValue('13');
    await expect(daily.getByRole('textbox', { name: 'Max age, daily limit 4' })).toHaveValue('16');
    await expect(daily.getByRole('textbox', { name: 'Max per day, daily limit 4' })).toHaveValue('95');
    await expect(dialog.getByRole('textbox', { name: /^Games per day/ })).toHaveValue('1');
    await dialog.getByRole('button', { name: 'Unit and age' }).click();
    await expect(dialog.getByRole('checkbox', { name: /^Finish the batter/ })).toBeChecked();
    await expect(dialog.getByRole('combobox', { name: 'Cutoff month' })).toHaveValue('August');
    await dialog.getByRole('button', { name: 'Catcher rules' }).click();
    await expect(dialog.getByRole('textbox', { name: /^No catching after pitches/ })).toHaveValue('41');
    await expect(dialog).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    expect(await readPreset()).toEqual(before);
    noErrors();
  });

  test("a cap the engine refuses shows the engine's message in the modal", async ({ page }) => {
    const name = `E2E Capped ${Date.now()}`;
    await openRestRules(page, 'superadmin@example.com');
    await page.getByRole('button', { name: '+ Add Rest Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Rest Rule' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Age Group' }).fill('Varsity');
    await dialog.getByRole('button', { name: '+ Add Interval' }).click();
    await setInterval(dialog, 1, 1, 0);
    await dialog.getByRole('button', { name: 'Caps' }).click();
    await dialog.getByRole('button', { name: '+ Add Cap' }).click();
    await dialog.getByRole('textbox', { name: 'Max, cap 1' }).fill('30');
    await dialog.getByRole('combobox', { name: 'Period, cap 1' }).click();
    await page.getByRole('option', { name: 'Rolling days', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('A rolling-days cap needs days: a whole number from 1 to 366');
    await dialog.getByRole('textbox', { name: 'Days, cap 1' }).fill('7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // Stored: editing shows the cap again; then the rule is deleted.
    const row = ruleRow(page, name);
    await row.getByRole('button', { name: `Edit ${name}, Varsity` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Rest Rule' });
    await edit.getByRole('button', { name: 'Caps' }).click();
    await expect(edit.getByRole('textbox', { name: 'Days, cap 1' })).toHaveValue('7');
    await expect(edit.getByRole('textbox', { name: 'Max, cap 1' })).toHaveValue('30');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await row.getByRole('button', { name: `Delete ${name}, Varsity` }).click();
    await page.getByRole('dialog', { name: 'Delete Rest Rule' }).getByRole('button', { name: 'Delete' }).click();
    await expect(ruleRow(page, name)).toHaveCount(0);
  });

  test('works on a phone: the table scrolls sideways inside its box', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await openRestRules(page, 'superadmin@example.com');
    await expect(ruleRow(page, 'Texas UIL varsity')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The modal's intervals table fits the phone too.
    await page.getByRole('button', { name: '+ Add Rest Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Rest Rule' });
    await dialog.getByRole('button', { name: '+ Add Interval' }).click();
    const box = await dialog.getByRole('button', { name: 'Remove interval 1' }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
