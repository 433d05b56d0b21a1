import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Members' photos (server/modules/uploads). One row per upload; its files (a WebP and a JPEG at full
// size, and WebPs 320/640/1280 px wide where the photo is wider) live in the upload storage under
// `uploads/<id>/`, on disk or in an S3 bucket. Files never change once written: a new photo is a new id.
export const uploads = pgTable(
  'uploads',
  {
    /** 20 characters of [0-9a-z]: the photo's name in its URLs, so it cannot be guessed. */
    id: text('id').primaryKey(),
    /** Null once the member's account is deleted: the sweeper then removes the files (and the row). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The kind of file the member sent, read from its bytes: jpeg, png, webp or gif. */
    sourceType: text('source_type', { enum: ['jpeg', 'png', 'webp', 'gif'] }).notNull(),
    /** Of the stored full-size image, after orientation and the 2048 px limit. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Every stored file of this photo together: what counts against the member's total. */
    bytes: integer('bytes').notNull(),
    /** The widths stored for srcset beside the full size (a subset of 320, 640, 1280). */
    widths: integer('widths').array().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** First used by a post, comment or message; an upload still unused 24 h after creation is removed. */
    usedAt: ts('used_at'),
    /** Removed by an admin: files gone, the row kept so the content that showed it renders without it. */
    removedAt: ts('removed_at'),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('uploads_user_time_idx').on(t.userId, t.createdAt),
    index('uploads_unused_idx').on(t.createdAt).where(sql`used_at is null and removed_at is null`),
    check('uploads_size_ok', sql`width > 0 and height > 0 and bytes >= 0`),
  ],
);

// Where each photo appears: kept by the posts, comments and chat services as they write, so the 24 h
// sweep knows a photo is used and an admin's "remove everywhere" finds every place without a scan.
export const uploadUses = pgTable(
  'upload_uses',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['post', 'comment', 'message'] }).notNull(),
    targetId: integer('target_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.targetType, t.targetId] }), index('upload_uses_target_idx').on(t.targetType, t.targetId)],
);
