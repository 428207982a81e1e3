import { queryOptions } from '@tanstack/react-query';
import { isLocale, PSEUDO_LOCALE } from '../../core/i18n/locales.ts';
import { execute } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { activateLocale, currentLocale, rememberLocale } from './i18n.ts';

export const ME_QUERY = graphql(`
  query Me { me { id email givenName familyName roles abilities language } }
`);

/**
 * The signed-in user; shared by sign-in (to read the roles) and the signed-in layout (to notice a revoked session).
 * `abilities`: operations of the server's policy table this user may call somewhere; screens hide the rest.
 */
export type Me = ResultOf<typeof ME_QUERY>['me'];

export async function fetchMe(): Promise<Me> {
  const data = await execute(ME_QUERY);
  await followSavedLanguage(data.me.language);
  return data.me;
}

/**
 * The signed-in user's own language wins on this device (docs/i18n.md): at sign-in, when the app
 * starts signed in, and when they changed it on another device. The browser tests' pseudo-locale
 * is left alone.
 */
async function followSavedLanguage(language: string | undefined): Promise<void> {
  const active = currentLocale();
  if (!isLocale(language) || language === active || active === PSEUDO_LOCALE) return;
  rememberLocale(language);
  await activateLocale(language);
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
