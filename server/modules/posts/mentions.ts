import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { MentionedMembers } from '../../lib/markdown.ts';

// Issue 18: which @names in a post or comment become links to a profile (server/lib/markdown.ts
// renders them). Resolved when the markdown is rendered, on write, like its photos.

/** The most distinct names looked up for one text: a wall of @names costs one bounded query. */
export const MENTION_LOOKUP_MAX = 50;

/** A database or a transaction: the uploads service re-renders inside its own. */
export type MentionDb = Pick<Db, 'select'>;

/**
 * Lower-cased name → the member's own spelling, for the names (lower-cased, mentionNamesIn) that are
 * verified, not deleted members: the same people a mention notifies. Uses users_username_lower_key.
 */
export async function mentionedMembers(db: MentionDb, names: readonly string[]): Promise<MentionedMembers> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, names.slice(0, MENTION_LOOKUP_MAX)), isNotNull(users.emailVerifiedAt), isNull(users.deletedAt)));
  return new Map(rows.map((r) => [r.username.toLowerCase(), r.username]));
}
