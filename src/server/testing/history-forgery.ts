import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditEntries, auditHeads } from '../db/schema.ts';
import { hashOfCommitted, headerOf, macOf } from '../services/history.ts';

type Entry = typeof auditEntries.$inferSelect;

/**
 * What someone with the database and the code could do to one chain: change entries from `from` on (`change`
 * answers the columns to change) and compute every commitment and hash after them again, the chain's head
 * included. The tampering tests show what still catches it (a seal, a kept digest).
 */
export async function rehashChain(
  db: Db,
  entries: readonly Entry[],
  from: number,
  change: (e: Entry) => Partial<Entry> = () => ({}),
): Promise<void> {
  let prevHash = entries.find((e) => e.seq === from - 1)?.hash ?? '';
  for (const e of entries.filter((x) => x.seq >= from)) {
    const words = { ...e, ...change(e) };
    const contentMac = macOf(e.contentKey as string, words);
    const hash = hashOfCommitted({ ...headerOf(e), prevHash }, contentMac);
    await db
      .update(auditEntries)
      .set({ ...change(e), contentMac, prevHash, hash })
      .where(eq(auditEntries.id, e.id));
    prevHash = hash;
  }
  const last = entries.at(-1) as Entry;
  await db.update(auditHeads).set({ hash: prevHash }).where(eq(auditHeads.chain, last.chain));
}
