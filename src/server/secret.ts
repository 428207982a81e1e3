import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { settings } from './db/schema.ts';

/**
 * The key that signs session cookies: BULLPEN_SECRET when set, else one generated at first start
 * and kept in the database, so every server on the same database shares it.
 */
export async function loadSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(settings)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'auth_secret'));
  if (!row) throw new Error('Could not read the signing secret');
  return row.value;
}
