import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { siteSettings } from './schema/index.ts';

/**
 * A site-wide HMAC secret kept in site_settings under `key` (every process signs alike), made on first
 * use. Read where needed: one indexed read, no per-process cache.
 */
export async function siteSecret(db: Db | Tx, key: string): Promise<Buffer> {
  const read = async () => (await db.select().from(siteSettings).where(eq(siteSettings.key, key)).limit(1))[0];
  let row = await read();
  if (!row) {
    await db
      .insert(siteSettings)
      .values({ key, value: { secret: randomBytes(32).toString('hex') } })
      .onConflictDoNothing({ target: siteSettings.key });
    row = (await read())!;
  }
  return Buffer.from((row.value as { secret: string }).secret, 'hex');
}
