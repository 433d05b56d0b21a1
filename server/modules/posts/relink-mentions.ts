import { and, asc, eq, gt, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, posts } from '../../db/schema/index.ts';
import { mentionNamesIn, renderMarkdown, uploadIdsIn } from '../../lib/markdown.ts';
import type { UploadService } from '../uploads/index.ts';
import { mentionedMembers } from './mentions.ts';

// Issue 18, once after the upgrade: posts and comments stored before @mentions became links are
// rendered again, as a write would render them now (scripts/relink-mentions.ts runs it). Why a one-off
// and not a transform at read time: the house renders on write (DESIGN.md) and every read path (post
// page, comment pages, search, feeds) serves content_html as stored; one pass keeps them all as they are.
// Idempotent: run again, it rewrites nothing that is already current.

/** Rows read and rendered per batch: bounded memory whatever the size of the forum. */
export const RELINK_BATCH = 500;

/** Re-renders every post and comment whose markdown has an '@'; returns how many rows changed. */
export async function relinkMentions(db: Db, uploads: Pick<UploadService, 'ownPhotos'>, batch = RELINK_BATCH): Promise<{ posts: number; comments: number }> {
  const changed = { posts: 0, comments: 0 };
  for (const [key, table] of [
    ['posts', posts],
    ['comments', comments],
  ] as const) {
    let after = 0;
    for (;;) {
      // Keyset on the primary key; `like '%@%'` skips texts that cannot mention anyone.
      const rows = await db
        .select({ id: table.id, content: table.content, contentHtml: table.contentHtml, authorId: table.authorId })
        .from(table)
        .where(and(gt(table.id, after), like(table.content, '%@%')))
        .orderBy(asc(table.id))
        .limit(batch);
      for (const r of rows) {
        const ids = uploadIdsIn(r.content);
        // Its author's photos only, as a write renders them (issue 28).
        const photos = ids.length ? await uploads.ownPhotos(r.authorId, ids) : undefined;
        const html = renderMarkdown(r.content, photos, await mentionedMembers(db, mentionNamesIn(r.content)));
        if (html === r.contentHtml) continue;
        await db.update(table).set({ contentHtml: html }).where(eq(table.id, r.id));
        changed[key]++;
      }
      if (rows.length < batch) break;
      after = rows[rows.length - 1]!.id;
    }
  }
  return changed;
}
