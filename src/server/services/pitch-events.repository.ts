import { and, eq, inArray, or } from 'drizzle-orm';
import { type BookState, bookStateOf, extendTally, type PitchEvent, type Tally } from '../../core/pitch-events.ts';
import type { Db } from '../db/client.ts';
import { pitchBooks, pitchEvents } from '../db/schema.ts';

/** A book's count as the pitch-events service answers with it and events carry it. */

/** One team's count of one pitcher in one game, as its events add up. */
export interface BookCount extends Tally {
  gameId: string;
  organizationId: string;
  pitcherId: string;
  pitcherName: string;
  bookTeamId: string;
  bookTeamName: string;
  /** Whether this is the pitcher's own team's book, the one the outing follows. */
  official: boolean;
}

export interface BookKey {
  gameId: string;
  pitcherId: string;
  bookTeamId: string;
}

const sameBook = (book: BookKey) =>
  and(
    eq(pitchBooks.gameId, book.gameId),
    eq(pitchBooks.pitcherId, book.pitcherId),
    eq(pitchBooks.bookTeamId, book.bookTeamId),
  );

/** Every tap of one book. */
export async function tapsOfBook(tx: Db, book: BookKey): Promise<PitchEvent[]> {
  const rows = await tx
    .select()
    .from(pitchEvents)
    .where(
      and(
        eq(pitchEvents.gameId, book.gameId),
        eq(pitchEvents.pitcherId, book.pitcherId),
        eq(pitchEvents.bookTeamId, book.bookTeamId),
      ),
    );
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }) as PitchEvent);
}

/**
 * Where these books stand once `fresh` (the taps this transaction stored) are counted: each kept state with the
 * fresh taps added, or, where adding cannot give the same answer (no state kept, an undo, a late tap), the whole
 * book counted again; the new states are kept. The caller holds the game's lock (its history chain), so no other
 * writer adds taps to these books meanwhile.
 */
export async function countBooks(
  tx: Db,
  books: readonly BookKey[],
  fresh: readonly PitchEvent[],
  credit: number,
): Promise<Map<string, BookState>> {
  const kept = new Map<string, BookState>();
  const rows = books.length
    ? await tx
        .select()
        .from(pitchBooks)
        .where(or(...books.map(sameBook)))
    : [];
  for (const row of rows) kept.set(bookKey(row), row.state);
  const counted = new Map<string, BookState>();
  for (const book of books) {
    const before = kept.get(bookKey(book));
    const added = fresh.filter((tap) => bookKey(tap) === bookKey(book));
    if (before && added.length === 0 && before.credit === credit) {
      counted.set(bookKey(book), before);
      continue;
    }
    const after = (before && extendTally(before, added, credit)) ?? bookStateOf(await tapsOfBook(tx, book), credit);
    counted.set(bookKey(book), after);
    await tx
      .insert(pitchBooks)
      .values({ gameId: book.gameId, pitcherId: book.pitcherId, bookTeamId: book.bookTeamId, state: after })
      .onConflictDoUpdate({
        target: [pitchBooks.gameId, pitchBooks.pitcherId, pitchBooks.bookTeamId],
        set: { state: after },
      });
  }
  return counted;
}

/** Forgets the kept counts of these pitchers' books (their taps moved): the next tap counts them whole. */
export async function forgetBooksOf(tx: Db, pitcherIds: readonly string[]): Promise<void> {
  if (pitcherIds.length) await tx.delete(pitchBooks).where(inArray(pitchBooks.pitcherId, [...pitcherIds]));
}

/** A book's key in the maps of this file and the service's. */
export function bookKey(book: BookKey): string {
  return `${book.gameId}/${book.pitcherId}/${book.bookTeamId}`;
}
