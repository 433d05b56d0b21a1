import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** Texts shorter than this ("Thanks!", "Same here") are said again by people all the time: never "repeated". */
export const REPEATED_TEXT_MIN_LENGTH = 30;
/** How far back a text counts as sent already. */
export const REPEATED_TEXT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a text was sent already in the last day (issue 28: a spam wave repeats itself across its
 * accounts): by the same author ('own'), or by someone else ('others'), as a post, a comment or an item
 * held for review; null when it is new. Case is ignored. The posts' and comments' md5(lower(content))
 * indexes find it (drizzle/0016), so the cost does not grow with the forum.
 */
export async function repeatedText(db: Db | Tx, authorId: number, content: string, now: Date): Promise<'own' | 'others' | null> {
  if (content.trim().length < REPEATED_TEXT_MIN_LENGTH) return null;
  const since = new Date(now.getTime() - REPEATED_TEXT_WINDOW_MS);
  // db.execute answers {rows} on both drivers (node-postgres and PGlite).
  const { rows } = (await db.execute(sql`
    (select author_id from posts where md5(lower(content)) = md5(lower(${content})) and created_at > ${since} limit 5)
    union all
    (select author_id from comments where md5(lower(content)) = md5(lower(${content})) and created_at > ${since} limit 5)
    union all
    (select author_id from held_items where lower(content) = lower(${content}) and created_at > ${since} and status <> 'approved' limit 5)
  `)) as unknown as { rows: Array<{ author_id: number | null }> };
  if (rows.length === 0) return null;
  return rows.some((r) => r.author_id === authorId) ? 'own' : 'others';
}
