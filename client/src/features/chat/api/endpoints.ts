// The chat and inbox request paths (docs/API.md "Chat"): the only place they are written. The two
// roots are also the first part of the chat query keys.

export const inboxPath = '/api/inbox/conversations';
export const unreadCountPath = '/api/chat/unread-count';
export const catchUpPath = '/api/chat/messages';

const seg = (id: number | string) => encodeURIComponent(String(id));
export const conversationPath = (id: number | string) => `${inboxPath}/${seg(id)}`;
export const conversationMessagesPath = (id: number | string) => `${conversationPath(id)}/messages`;
export const conversationReadPath = (id: number | string) => `${conversationPath(id)}/read`;
export const windowStatePath = (id: number | string) => `/api/chat/conversation/${seg(id)}/state`;
