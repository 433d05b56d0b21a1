import { useEffect, useRef } from 'react';
import { Link } from '@/lib/router';
import { ArrowLeft } from 'lucide-react';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { BlockButton } from '@/components/blocks/block-button';
import { BlockedContent } from '@/components/blocks/blocked-content';
import { useBlocks } from '@/components/blocks/use-blocks';
import { usePhotoViewer } from '@/components/photo-viewer-slot';
import { useConversation } from '../hooks/use-conversation';
import type { ChatMessage } from '../lib/messages';
import { ChatSuspendedNote, useChatSuspended } from './chat-access';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';

type Props = {
  conversationId: number | string;
  me: number;
  /** Open and shown (not minimized): messages from the other member are marked read. */
  active?: boolean;
  /** The page shows a header with a back link; a floating window has its own. */
  showHeader?: boolean;
  className?: string;
};

export function ConversationView({ conversationId, me, active = true, showHeader = true, className }: Props) {
  const c = useConversation(conversationId, me, active);
  const suspended = useChatSuspended();
  const listRef = useRef<HTMLOListElement>(null);
  const count = c.messages.length;
  const lastKey = count ? String(c.messages[count - 1]!.id) : '';

  // Keep the newest message in view as messages arrive.
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastKey]);

  const other = c.conversation?.otherUser;
  // Issue 30: once the member blocks the other one here, the chat hides like their posts and comments.
  const { isBlockedName } = useBlocks();
  const blocked = !!other && isBlockedName(other.username);
  const viewer = usePhotoViewer();
  // A photo opens with the conversation's other photos (as loaded) to move through.
  const openPhoto = (m: ChatMessage) => {
    const withPhotos = c.messages.filter((x) => x.photo);
    viewer.open(
      withPhotos.map((x) => ({ ...x.photo!, alt: 'Photo' })),
      withPhotos.indexOf(m),
    );
  };

  return (
    <section className={className ?? 'flex min-h-0 flex-1 flex-col'} aria-label={other ? `Conversation with ${other.username}` : 'Conversation'}>
      {/* The other member's whole name, on a line of its own under the back link when it must (issue 30). */}
      {showHeader && (
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-2">
          <Link to="/inbox" className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-slate-100" aria-label="Back to inbox">
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          {other && <AvatarIcon avatar={other.avatar} size="sm" decorative />}
          <h1 className="min-w-0 text-lg font-bold">{other ? other.username : 'Conversation'}</h1>
          {/* Issue 18: block (or unblock) from the chat; a blocked pair can neither start nor send. */}
          {other && <BlockButton member={{ id: other.id, username: other.username }} className="ml-auto shrink-0" />}
        </div>
      )}
      <BlockedContent author={other} what="messages" className="m-3">
        <ol ref={listRef} className="grid min-h-0 flex-1 content-start gap-2 overflow-y-auto p-3" aria-live="polite">
          {c.hasOlder && (
            <li className="flex justify-center">
              <Button variant="secondary" size="sm" onClick={() => void c.loadOlder()} disabled={c.loadingOlder}>
                {c.loadingOlder ? 'Loading…' : 'Load older messages'}
              </Button>
            </li>
          )}
          {c.query.isPending && !c.temp && count === 0 && (
            <li className="flex justify-center p-4">
              <Spinner />
            </li>
          )}
          {c.query.isError && count === 0 && <li className="p-4 text-center text-slate-600">Failed to load messages</li>}
          {c.query.isSuccess && count === 0 && <li className="p-4 text-center text-slate-600">No messages yet. Say hello!</li>}
          {c.messages.map((m) => (
            <MessageBubble
              key={m.clientMessageId ?? String(m.id)}
              message={m}
              mine={m.senderId === me}
              onRetry={c.retry}
              onOpenPhoto={openPhoto}
              reportAs={m.senderId !== null && m.senderId !== me ? other?.username : undefined}
            />
          ))}
        </ol>
      </BlockedContent>
      {blocked ? (
        <p className="border-t border-slate-200 p-3 text-sm text-muted">
          You blocked {other.username}. Unblock them to send a message.
        </p>
      ) : suspended ? (
        <ChatSuspendedNote />
      ) : (
        <Composer conversationId={conversationId} sending={c.sending} onSend={c.send} />
      )}
      {viewer.viewer}
    </section>
  );
}
