import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { MessageCircle } from 'lucide-react';
import type { TChatAccessReason } from '@common/contracts/chat';
import { CHAT_MSG } from '@common/rules/chat';
import { startChat } from '@endpoints/chat';
import { ApiError, call } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

// Spec §5 messaging from the directory (and from a profile): guests are asked to log in, nobody
// messages themselves; then POST /api/chat/start opens the conversation (spec §7), with spec §4's
// wording for a refusal of chat access and spec §8's 'Chat Error'. Shared by the directory and members
// features, which may import neither each other nor chat (lint zones), so the one chat call they need
// lives here, below the features, like the report dialog's.

export const MESSAGE_TEXT = {
  authTitle: 'Authentication Required',
  authBody: 'Please log in to send messages.',
  selfTitle: 'Cannot Message Yourself',
  selfBody: CHAT_MSG.self,
  suspendedTitle: 'Chat Feature Suspended',
  suspendedBody: CHAT_MSG.suspended,
  errorTitle: 'Chat Error',
  errorFallback: 'Failed to start conversation',
} as const;

type StartChatResponse = { id?: number | string; conversationId?: number | string };

/** Why a call was refused chat (spec §4 Chat access), read from the 403's `chatAccess`; null for any other failure. */
function refusedChatAccess(err: unknown): TChatAccessReason | null {
  const body = err instanceof ApiError && err.status === 403 ? err.body : null;
  const reason = body && typeof body === 'object' && 'chatAccess' in body ? body.chatAccess : null;
  return reason === 'verification' || reason === 'suspended' ? reason : null;
}

/** Where a started chat lives: /inbox/{id}; /inbox when the answer names none. */
export function inboxPath(res: StartChatResponse | undefined): string {
  const id = res?.id ?? res?.conversationId;
  return id !== undefined && id !== null && id !== '' ? `/inbox/${encodeURIComponent(String(id))}` : '/inbox';
}

/**
 * The API's own 404 for a route that does not exist yet answers 'Not found': until the chat API is
 * built, messaging goes to the inbox. Any other 404 (a member who is gone) is an error to show.
 */
function isMissingEndpoint(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404 && (err.serverMessage ?? 'Not found') === 'Not found';
}

export function chatErrorToast(err: unknown): { title: string; description: string } {
  if (refusedChatAccess(err)) return { title: MESSAGE_TEXT.suspendedTitle, description: MESSAGE_TEXT.suspendedBody };
  return { title: MESSAGE_TEXT.errorTitle, description: (err instanceof ApiError && err.serverMessage) || MESSAGE_TEXT.errorFallback };
}

/**
 * Spec §2: on large screens (≥1024 px) the chat opens in a floating window. The window dock lives in
 * the lazily loaded chat code: it cancels this event when it opened one; otherwise (small screen, dock
 * not loaded) we go to /inbox/{id}. Same string as OPEN_CHAT_EVENT in features/chat/lib/chat-windows.
 */
function openFloatingChat(res: StartChatResponse | undefined): boolean {
  const id = res?.id ?? res?.conversationId;
  if (id === undefined || id === null || id === '' || typeof window === 'undefined') return false;
  if (!window.matchMedia?.('(min-width: 1024px)').matches) return false;
  return !window.dispatchEvent(new CustomEvent('kerbside:open-chat', { detail: { conversationId: id }, cancelable: true }));
}

type Props = {
  recipientId: number;
  /** For the accessible name: 'Message @sam'. */
  recipientName: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

export function MessageButton({ recipientId, recipientName, variant = 'primary', size = 'md', className }: Props) {
  const { user } = useUser();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  // Issue 18: a chat-suspended member cannot start a conversation, so is not offered one (the server refuses it too).
  if (user?.chatSuspended) return null;

  const onClick = async () => {
    if (!user) {
      toast({ title: MESSAGE_TEXT.authTitle, description: MESSAGE_TEXT.authBody, variant: 'destructive' });
      return;
    }
    if (user.id === recipientId) {
      toast({ title: MESSAGE_TEXT.selfTitle, description: MESSAGE_TEXT.selfBody, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      const res = await call(startChat, { body: { recipientId } });
      if (!openFloatingChat(res)) await navigate(inboxPath(res));
    } catch (err) {
      if (isMissingEndpoint(err)) await navigate('/inbox');
      else toast({ ...chatErrorToast(err), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void onClick()}
      disabled={pending}
      aria-label={`Message ${recipientName}`}
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      {pending ? 'Opening…' : 'Message'}
    </Button>
  );
}
