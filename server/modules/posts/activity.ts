import { sql } from 'drizzle-orm';
import { posts } from '../../db/schema/index.ts';

/**
 * posts.last_activity_at as it should be now, for an UPDATE of posts: the newest visible (not deleted, not
 * hidden) comment's created_at, or the post's own without one (GREATEST skips the NULL of no comment).
 * Read again rather than moved by the one comment written, so a delete or hide falls back to the reply
 * before it; comments_post_idx (post_id, created_at) finds it from the newest end. The comment writes
 * set it in their transaction, with comment_count, the post row locked.
 */
export const lastActivityNow = sql<Date>`greatest(${posts.createdAt}, (select max(c.created_at) from comments c where c.post_id = ${posts.id} and c.deleted_at is null))`;
