import type { Locale } from '../../../../core/i18n/locales.ts';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';

export const SET_MY_LANGUAGE = graphql(`
  mutation SetMyLanguage($language: String!) { setMyLanguage(language: $language) { id language } }
`);

/** Saves the user's own language: their pages on every device, and their emails (docs/i18n.md). */
export async function setMyLanguage(language: Locale): Promise<string> {
  return (await execute(SET_MY_LANGUAGE, { language })).setMyLanguage.language;
}
