import { UPLOAD_LIMITS, UPLOAD_MSG } from '../../../common/rules/uploads.ts';
import { badRequest } from '../../http-errors.ts';
import { mentionNamesIn, renderMarkdown, uploadIdsIn } from '../../lib/markdown.ts';
import { type MentionDb, mentionedMembers } from './mentions.ts';
import type { UploadService } from '../uploads/index.ts';

// Photos in a post's or comment's markdown: the uploads its images show become <img>s (the rest stay
// links), and the write records where each one appears, in its own transaction (recordUses), so the
// 24 h sweep keeps them and an admin's "remove everywhere" finds them. Only the author's own uploads
// count (issue 28): another member's, written into the text, shows as a photo that does not exist
// would and is not marked used, so no one can show a member's unposted photo or keep it from the sweep.

/** What the posts and comments services use of the uploads service. */
export type ContentPhotos = Pick<UploadService, 'ownPhotos' | 'recordUses'>;

/**
 * The stored HTML of `content` by `author` (its @mentions of members linked: mentions.ts) and the
 * uploads it shows: the author's, existing and not removed (what recordUses is given). `author` is the
 * content's author, also when an admin edits it. `db` may be the writer's transaction. More than
 * UPLOAD_LIMITS.perContent distinct photos is a 400 on `content`.
 */
export async function renderContent(
  uploads: ContentPhotos,
  content: string,
  db: MentionDb & Parameters<ContentPhotos['ownPhotos']>[2],
  author: number | null,
): Promise<{ contentHtml: string; photoIds: string[] }> {
  const ids = uploadIdsIn(content);
  if (ids.length > UPLOAD_LIMITS.perContent) throw badRequest(UPLOAD_MSG.tooManyInContent, { content: UPLOAD_MSG.tooManyInContent });
  const photos = ids.length > 0 ? await uploads.ownPhotos(author, ids, db) : new Map();
  return { contentHtml: renderMarkdown(content, photos, await mentionedMembers(db, mentionNamesIn(content))), photoIds: [...photos.keys()] };
}
