import { queryOptions } from '@tanstack/react-query';
import { isLocale, type Locale, PSEUDO_LOCALE } from '../../core/i18n/locales.ts';
import { execute } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { activateLocale, currentLocale, rememberLocale } from './i18n.ts';
import { takeLoginPageChoice } from './language-choice.ts';

export const ME_QUERY = graphql(`
  query Me { me { id email givenName familyName roles abilities language } }
`);

/**
 * The signed-in user; shared by sign-in (to read the roles) and the signed-in layout (to notice a revoked session).
 * `abilities`: operations of the server's policy table this user may call somewhere; screens hide the rest.
 */
export type Me = ResultOf<typeof ME_QUERY>['me'];

export const SET_MY_LANGUAGE = graphql(`
  mutation SetMyLanguage($language: String!) { setMyLanguage(language: $language) { id language } }
`);

/** Saves the user's own language: their pages on every device, and their emails (docs/i18n.md). */
export async function setMyLanguage(language: Locale): Promise<string> {
  return (await execute(SET_MY_LANGUAGE, { language })).setMyLanguage.language;
}

export async function fetchMe(): Promise<Me> {
  const data = await execute(ME_QUERY);
  const language = await followSavedLanguage(data.me.language);
  return { ...data.me, language };
}

/**
 * The signed-in user's own language wins on this device (docs/i18n.md): at sign-in, when the app
 * starts signed in, and when they changed it on another device. A language picked on the login
 * page just before signing in is theirs, and is saved. The browser tests' pseudo-locale is left
 * alone. Returns the user's language as it now is.
 */
async function followSavedLanguage(saved: string): Promise<string> {
  const picked = takeLoginPageChoice();
  if (picked && picked !== saved) {
    await setMyLanguage(picked).catch(() => undefined);
    return picked;
  }
  const active = currentLocale();
  if (!isLocale(saved) || saved === active || active === PSEUDO_LOCALE) return saved;
  rememberLocale(saved);
  await activateLocale(saved);
  return saved;
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: fetchMe,
  // Asking again when the tab regains focus is how a session revoked elsewhere is noticed.
  refetchOnWindowFocus: true,
  staleTime: 0,
});

/** Whether the signed-in user may call an operation (e.g. 'Mutation.createRestRule'); the server checks again. */
export function hasAbility(me: Pick<Me, 'abilities'> | undefined, operation: string): boolean {
  return me?.abilities.includes(operation) ?? false;
}
