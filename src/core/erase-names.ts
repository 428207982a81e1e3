/**
 * Replacing a removed child's names and birth date in free text (docs/decisions/0048-an-erasable-history.md):
 * a correction's reason, a violation's note, an outside outing's description, a history entry's before and after.
 * Whole words only, in any case: "Al" is replaced in "Al's count", never inside "final".
 */

export interface ErasedPerson {
  firstName: string;
  lastName: string;
  /** 'YYYY-MM-DD', or null when none is known. */
  birthDate: string | null;
}

/** What stands for the person in what is kept: the removal's pseudonym. */
export interface NameEraser {
  /** The words searched for, as typed (for a first, coarse search in the database). */
  terms: string[];
  /** Replaces every term in a text. */
  text: (value: string) => string;
  /** Replaces every term in every string of a JSON value (objects and arrays walked, keys kept). */
  json: (value: unknown) => unknown;
}

const regExpOf = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ways a birth date is written: 2016-10-01, 10/01/2016, 10/1/2016. */
function dateForms(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  if (!y || !m || !d) return [iso];
  return [...new Set([iso, `${m}/${d}/${y}`, `${Number(m)}/${Number(d)}/${y}`])];
}

/**
 * An eraser of a person's full names and birth dates (each they had: a name corrected since is theirs too),
 * and with `parts` also of each first and last name alone (used on the child's own records, where a first
 * name alone can only mean them).
 */
export function nameEraser(
  identities: readonly ErasedPerson[],
  pseudonym: string,
  options: { parts: boolean },
): NameEraser {
  const terms = identities
    .flatMap((person) => {
      const first = person.firstName.trim();
      const last = person.lastName.trim();
      return [
        `${first} ${last}`,
        ...(options.parts ? [first, last] : []),
        ...(person.birthDate ? dateForms(person.birthDate) : []),
      ];
    })
    .filter((t) => t.trim().length > 0);
  const unique = [...new Set(terms)].sort((a, b) => b.length - a.length);
  // Longest first, so the full name is replaced whole before its parts; spaces match any run of spaces.
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${unique.map((t) => regExpOf(t).replace(/\s+/g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const text = (value: string) => (unique.length === 0 ? value : value.replace(pattern, () => pseudonym));
  const json = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(json);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, json(v)]));
    }
    return value;
  };
  return { terms: unique, text, json };
}
