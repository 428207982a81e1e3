import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../paths.ts';

export { MIGRATIONS_FOLDER };

/** A migration as the journal lists it: its file's tag and its `when`, which the database records once applied. */
export interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this code carries, in order (drizzle/meta/_journal.json). */
export function readJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}
