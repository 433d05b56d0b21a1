import type { TChatMessage, TChatUser } from '../../../common/contracts/chat.ts';
import type { TPhoto } from '../../../common/contracts/uploads.ts';
import type { messages } from '../../db/schema/index.ts';

export type MessageRow = typeof messages.$inferSelect;

export const DELETED_MEMBER = 'Deleted member';

/**
 * `viewer` sees the clientMessageId of their own messages only. `photos`: the photos of the messages
 * being shown (the uploads service's photos(): a removed one is absent, so its message shows none).
 */
export function presentMessage(m: MessageRow, viewer: number, photos: ReadonlyMap<string, TPhoto>): TChatMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    content: m.content,
    photo: (m.uploadId !== null && photos.get(m.uploadId)) || null,
    createdAt: m.createdAt.toISOString(),
    deliveredAt: m.deliveredAt?.toISOString() ?? null,
    readAt: m.readAt?.toISOString() ?? null,
    clientMessageId: m.senderId === viewer ? m.clientMessageId : null,
  };
}

/** A deleted account shows as 'Deleted member', with no avatar or status. */
export function presentChatUser(u: { id: number; username: string; avatar: string | null; statusText: string | null; deletedAt: Date | null }): TChatUser {
  if (u.deletedAt) return { id: u.id, username: DELETED_MEMBER, avatar: null, statusText: null };
  return { id: u.id, username: u.username, avatar: u.avatar, statusText: u.statusText || null };
}
