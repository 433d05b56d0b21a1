import { z } from 'zod';
import { endpoint } from './endpoint.ts';

// Photos (docs/API.md "Uploads"). The upload itself is multipart/form-data (field `file`), read by
// the route, not by a body schema. Limits and messages: rules/uploads.ts.

const ZUploadId = z.object({ id: z.string().regex(/^[0-9a-z]{20}$/, 'No such photo') });

/** A stored photo: `url` is its full size (WebP); markdown `![alt](url)` shows it in a post or comment. */
export const ZUpload = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type TUpload = z.infer<typeof ZUpload>;

/** How a photo is shown: the full size as JPEG (`src`) and WebP widths (`srcset`); chat messages carry this. */
export const ZPhoto = z.object({
  id: z.string(),
  src: z.string(),
  srcset: z.string(),
  width: z.number(),
  height: z.number(),
});
export type TPhoto = z.infer<typeof ZPhoto>;

export const createUpload = endpoint({
  method: 'POST',
  path: '/api/uploads',
  responses: { 201: ZUpload },
  // 408: the file stopped arriving; 429: the member's allowance, or every place in the queue taken.
  errors: [400, 401, 403, 408, 413, 415, 429],
});

/** An admin removes a photo everywhere it appears (posts, comments, messages): its files go. */
export const removeUpload = endpoint({
  method: 'DELETE',
  path: '/api/admin/uploads/:id',
  params: ZUploadId,
  responses: { 200: z.object({ removed: z.boolean(), places: z.number() }) },
  errors: [401, 403, 404],
});
