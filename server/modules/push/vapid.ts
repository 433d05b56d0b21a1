import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';

// The server's VAPID key pair (RFC 8292): browsers subscribe with its public key, and every push is
// signed with its private key, so it must outlive restarts and be the same in every process. From
// VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; otherwise made once and kept in site_settings, so
// `npm start` needs no set-up. Whichever process makes it first wins (insert … on conflict do
// nothing, then read back what was kept). Changing the keys orphans every browser's subscription:
// the client compares the public key it subscribed with and subscribes again.

export type Vapid = { subject: string; publicKey: string; privateKey: string };

export const VAPID_SETTING_KEY = 'push.vapid_keys';

type StoredKeys = { publicKey: string; privateKey: string };

const isStoredKeys = (v: unknown): v is StoredKeys =>
  typeof v === 'object' && v !== null && typeof (v as StoredKeys).publicKey === 'string' && typeof (v as StoredKeys).privateKey === 'string';

async function readStored(db: Db): Promise<StoredKeys | undefined> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, VAPID_SETTING_KEY)).limit(1);
  return row && isStoredKeys(row.value) ? row.value : undefined;
}

/** The configured key pair, or the one kept in the database (made now if there is none). */
export async function loadVapid(db: Db, config: Pick<Config, 'vapidKeys' | 'vapidSubject'>): Promise<Vapid> {
  const subject = config.vapidSubject;
  if (config.vapidKeys) return { subject, ...config.vapidKeys };
  let keys = await readStored(db);
  if (!keys) {
    // Loaded here, not at start-up: most starts find the keys kept.
    const { default: webpush } = await import('web-push');
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(siteSettings)
      .values({ key: VAPID_SETTING_KEY, value: { publicKey: made.publicKey, privateKey: made.privateKey } })
      .onConflictDoNothing({ target: siteSettings.key });
    keys = await readStored(db);
    if (!keys) throw new Error(`site_settings ${VAPID_SETTING_KEY} is not a key pair`);
  }
  return { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
}
