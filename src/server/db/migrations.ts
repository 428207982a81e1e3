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
export function readJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** Drizzle splits a migration's file into statements at these. */
const BREAKPOINT = '--> statement-breakpoint';

/**
 * Runs the pending migrations (drizzle's migrator applies them all in one transaction, on PGlite as on
 * PostgreSQL) and, when one fails, says which and that none of them was applied: the database is as it was.
 */
export async function applyMigrations(run: () => Promise<void>, folder = MIGRATIONS_FOLDER): Promise<void> {
  try {
    await run();
  } catch (error) {
    const statement = (error as { query?: unknown }).query;
    const tag =
      typeof statement === 'string'
        ? readJournal(folder).find(({ tag }) =>
            readFileSync(join(folder, `${tag}.sql`), 'utf8')
              .split(BREAKPOINT)
              .some((part) => part === statement),
          )?.tag
        : undefined;
    // Not a statement of a migration (the database could not be reached): nothing to add to what it said.
    if (!tag) throw error;
    const cause = (error as { cause?: unknown }).cause;
    const reason = cause instanceof Error ? cause.message : String(cause ?? error);
    throw new Error(
      `The database was not upgraded: migration ${tag} failed (${reason}). No migration of this upgrade was ` +
        'applied, so the database is as it was and the release that ran before still runs on it: go back to ' +
        'that release (docs/deploy.md, Upgrades) and report this message. Running `bullpen migrate` again ' +
        'fails the same way.',
      { cause: error },
    );
  }
}
