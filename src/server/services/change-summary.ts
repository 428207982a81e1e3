import { type ChangeFacts, describeChange } from '../../core/change-words.ts';
import { english } from '../i18n.ts';

/**
 * A change to the pitch record in plain words, in English: the API's `ChangeEntry.summary`, the CSV and the
 * emails about a signed game's change. The web writes the same words in its reader's language
 * (src/web/lib/change-history.ts) from the entry's facts.
 */
export function describeInEnglish(facts: ChangeFacts): string {
  return describeChange(facts, english);
}
