// Types only: the zod schemas stay out of the member's chunks.
export type { TCatchUpResponse, TChatMessage, TChatUser, TConversation, TInboxItem } from '@common/contracts/chat';
export type TUnreadCount = { count: number };
