import { and, asc, desc, not, sql } from 'drizzle-orm';
import type { TMentionSuggestion } from '../../../common/contracts/mentions.ts';
import { MENTION_SUGGESTIONS_MAX } from '../../../common/rules/mentions.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { blockedBy } from '../blocks/index.ts';
import { listedMember } from '../members/index.ts';

// GET /api/members/mention-suggestions (issue 18; docs/API.md "Mention suggestions"): the composers'
// @autocomplete. The people listed are the directory's (verified, not deleted, not suspended; the
// predicate of its partial indexes) less the asker and the members they blocked.

const escapeLike = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One query: lower(username) like '%q%' over the directory's trigram index, prefix matches first,
 * then by name. q is 1–30 letters, digits or underscores (the contract), so the scan is bounded by the
 * index and the answer by MENTION_SUGGESTIONS_MAX.
 */
async function suggestions(db: Db, askerId: number, q: string): Promise<TMentionSuggestion[]> {
  const needle = escapeLike(q);
  const name = sql`lower(${users.username})`;
  return db
    .select({ id: users.id, username: users.username, avatar: users.avatar })
    .from(users)
    .where(
      and(
        listedMember,
        sql`${name} like ${`%${needle}%`}`,
        sql`${users.id} <> ${askerId}`,
        not(blockedBy(askerId, users.id)),
      ),
    )
    .orderBy(desc(sql`${name} like ${`${needle}%`}`), asc(name), asc(users.id))
    .limit(MENTION_SUGGESTIONS_MAX);
}

export function createMentionService({ db }: Pick<Core, 'db'>) {
  return { suggestions: (askerId: number, q: string) => suggestions(db, askerId, q) };
}
export type MentionService = ReturnType<typeof createMentionService>;
