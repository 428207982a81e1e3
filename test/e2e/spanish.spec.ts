import { type Browser, expect, type Page, test } from '@playwright/test';
import { cutWords, DEMO_PASSWORD, seriousViolations } from './fixtures.ts';
import { freeDay, gameAgainstLions, graphql, openGame, pick, pitchTooSoon, tap } from './game-helpers.ts';

/**
 * The newcomer's journey in Spanish (docs/i18n.md): a parent switches to Spanish on Account, reads
 * their child's status and reports an outing; a coach picks Español on the login page, counts a
 * game live and confirms it; an admin reviews a violation. Their emails arrive in Spanish, and
 * axe finds nothing on any of their pages.
 */
const within = { timeout: 15_000 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The page's data, not its loader, then axe. */
async function axeClean(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(within);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, within);
  expect(await seriousViolations(page)).toEqual([]);
}

/** How the Spanish screens write a calendar day ('jue, 26 nov'). */
function spanishDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('es', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

async function mailTo(page: Page, email: string): Promise<{ subject: string; text: string }[]> {
  const mailbox = await (await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  return mailbox.items as { subject: string; text: string }[];
}

/** Signs in on the Spanish login page (its labels in Spanish). */
async function iniciarSesion(page: Page, email: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('textbox', { name: 'Contraseña' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Saves a demo account's language (the tests after these sign in as the same people, in English). */
async function setLanguage(browser: Browser, email: string, language: 'en' | 'es') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  await graphql(page, 'mutation ($language: String!) { setMyLanguage(language: $language) { language } }', {
    language,
  });
  await context.close();
}

test.describe('Bullpen in Spanish', () => {
  test.describe.configure({ mode: 'serial' });

  // After each test, passed or not: the tests after these sign in as the same people, in English.
  test.afterEach(async ({ browser }) => {
    for (const email of ['parent@example.com', 'coach@example.com', 'admin@example.com']) {
      await setLanguage(browser, email, 'en');
    }
  });

  test("the login page follows the browser's language, and its switch", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto('/login');
    // Served in Spanish before any script ran: the HTML itself.
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Bullpen' })).toBeVisible();
    await axeClean(page);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Bullpen' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await axeClean(page);
    // The choice stays on this device, over the browser's language.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Bullpen' })).toBeVisible();
    await context.close();
  });

  test('a parent switches to Spanish, reads their child’s status and reports an outing', async ({ browser }) => {
    test.slow(); // Three pages scanned by axe, and an outing saved.
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('parent@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/account');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.getByRole('heading', { level: 1, name: 'Cuenta' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await axeClean(page);

    await page.goto('/parent/players');
    await expect(page.getByRole('heading', { level: 1, name: /^Estado de mi hij/ })).toBeVisible();
    await expect(page.getByText(/Última salida: |Aún no hay salidas registradas/).first()).toBeVisible(within);
    await axeClean(page);

    await page.goto('/parent/log');
    await expect(page.getByRole('heading', { level: 1, name: /^Registrar (una )?salida de mi hij/ })).toBeVisible();
    await pick(page, 'Hijo', 'Riley Parent');
    await page.getByRole('textbox', { name: 'Dónde' }).fill('Equipo viajero vs. Águilas');
    await page.getByRole('textbox', { name: 'Lanzamientos', exact: true }).fill('40');
    await page.getByRole('textbox', { name: 'Entradas lanzadas' }).fill('3');
    await page.getByRole('button', { name: 'Guardar salida' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Guardada. Cuenta para el descanso de Riley dondequiera que lance.',
    );
    await axeClean(page);
    const row = page
      .getByRole('table', { name: 'Salidas reportadas' })
      .getByRole('row', { name: /Equipo viajero vs\. Águilas/ });
    await row.getByRole('button', { name: /^Eliminar la salida de Riley Parent/ }).click();
    await expect(row).toBeHidden();

    // Another device of the same parent opens in Spanish: the language is theirs, not this phone's.
    const laptop = await browser.newContext();
    const other = await laptop.newPage();
    await other.goto('/login');
    await other.getByLabel('Email').fill('parent@example.com');
    await other.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await other.getByRole('button', { name: 'Sign In' }).click();
    await expect(other.getByRole('link', { name: 'Cuenta' })).toBeVisible(within);
    await laptop.close();
    await context.close();
  });

  test('a coach counts a game live in Spanish and confirms it; the parent’s email is in Spanish', async ({
    browser,
  }) => {
    test.setTimeout(150_000); // A game counted live, ended and confirmed, as game-day.spec does; then an email.
    // Riley's parent reads Spanish (as they chose on Account in the test before).
    await setLanguage(browser, 'parent@example.com', 'es');
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Bullpen' })).toBeVisible();
    await iniciarSesion(page, 'coach@example.com');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    // A day no other browser test plays the Lions on, so its game is the only one of that day.
    const { tigers, day } = await gameAgainstLions(
      page,
      await freeDay(page, [-2, -4, -5, -6, -8, -9, -10, -12, -13], /^Riley /),
    );
    const game = `${spanishDay(day.iso)} vs. Lions`;
    await page.goto('/tracker');
    await expect(page.getByRole('heading', { level: 1, name: 'Registrar salida' })).toBeVisible();
    await openGame(page, `Abrir el juego del ${game}`);
    await expect(page.getByRole('heading', { level: 2, name: `Juego del ${game}` })).toBeInViewport(within);
    await axeClean(page);
    await page.getByRole('button', { name: 'Contar en vivo' }).click();
    await pick(page, 'Lanzador', /Riley/);
    await tap(page, 'Bola', 'Strike', 'En juego', 'Bola', 'Strike', 'Foul', 'En juego');
    await expect(page.getByRole('status', { name: 'Conteo de lanzamientos' })).toHaveText('7');
    await expect(page.getByText('Bateadores enfrentados: 2')).toBeVisible();
    await expect(page.getByText('Todo enviado')).toBeVisible(within);
    await axeClean(page);
    // At 390 px the Spanish words fit or wrap, never cut: the sync line, the pitcher's name, whose pitcher.
    await expect(page.getByText('En línea: cada toque se envía')).toBeVisible();
    expect(await cutWords(page)).toEqual([]);

    await page.getByRole('button', { name: 'Terminar juego' }).click();
    const dialog = page.getByRole('dialog', { name: 'Terminar juego' });
    await expect(dialog.getByRole('list', { name: 'Quiénes lanzaron' })).toContainText(/Riley .*: 7 lanzamientos/);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Terminar juego' }).click();
    await expect(page.getByText(/^Este juego terminó/)).toBeVisible(within);
    await page.getByRole('button', { name: `Confirmar conteos finales de ${tigers.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar conteos finales' });
    await expect(confirm).toContainText('Riley Parent (Tigers): 7 lanzamientos');
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText(/confirmado por Casey Coach, /)).toBeVisible(within);

    // Riley's parent chose Spanish: the outing's email is in Spanish.
    await expect
      .poll(async () => (await mailTo(page, 'parent@example.com')).map((m) => m.subject), within)
      .toContainEqual(expect.stringMatching(/^Riley hizo 7 lanzamientos el /));
    const email = (await mailTo(page, 'parent@example.com')).findLast((m) => m.subject.startsWith('Riley hizo 7'));
    expect(email?.text).toMatch(/lanzó para/);
    expect(email?.text).toMatch(/Estado de mi hij/);
    await context.close();
  });

  test('an admin reviews a violation in Spanish, and is emailed of it in Spanish', async ({ browser }) => {
    test.slow();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Español' }).click();
    await iniciarSesion(page, 'admin@example.com');

    // A pitcher pitches again two days after 70 pitches: before they were eligible.
    const { name } = await pitchTooSoon(page, { days: -30, nth: -2, opponent: 'Visitantes' });

    await page.goto('/admin/violations');
    await expect(page.getByRole('heading', { level: 1, name: 'Ver infracciones' })).toBeVisible();
    const row = page
      .getByRole('table', { name: 'Infracciones' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`${name}$`) }) })
      .filter({ hasText: 'Visitantes' });
    await expect(row).toHaveCount(1, within);
    await expect(row.getByText('Abierta', { exact: true })).toBeVisible();
    await axeClean(page);
    await row.getByRole('button', { name: /^Marcar como vista la infracción de / }).click();
    const dialog = page.getByRole('dialog', { name: 'Marcar la infracción como vista' });
    await dialog.getByRole('textbox', { name: 'Nota' }).fill('Se habló con el entrenador.');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Marcar como vista' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Vista', { exact: true })).toBeVisible();
    await expect(row.getByText('Se habló con el entrenador.')).toBeVisible();

    // The league's admins hear of it in their own language.
    await expect
      .poll(async () => (await mailTo(page, 'admin@example.com')).map((m) => m.subject), within)
      .toContainEqual(expect.stringMatching(new RegExp(`^Infracción en Majors: ${name} \\(Tigers\\) el `)));
    await context.close();
  });
});
