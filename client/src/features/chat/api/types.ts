// Types only: the zod schemas stay out of the member's chunks.
export type { TCatchUpResponse, TChatAccessReason, TChatMessage, TConversation, TInboxItem } from '@common/contracts/chat';
