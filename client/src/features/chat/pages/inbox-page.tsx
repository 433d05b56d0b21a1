import { useParams } from '@/lib/router';
import { Head } from '@/components/ui/head';
import { useUser } from '@/lib/auth';
import { useSocketConnection } from '@/lib/socket-client';
import { ChatAccessGate } from '../components/chat-access';
import { ConversationView } from '../components/conversation-view';
import { InboxList } from '../components/inbox-list';
import { NotificationToggle } from '../components/notification-toggle';

/** '/inbox' (conversation list) and '/inbox/{id}' (one conversation; the list beside it on large screens). */
export function InboxPage() {
  const { id } = useParams();
  const { user } = useUser();
  useSocketConnection(user?.id);
  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col px-0 sm:px-4 sm:py-4">
      <Head title={id ? 'Conversation' : 'Inbox'} noindex />
      <ChatAccessGate>
        <div className="flex min-h-[70vh] flex-1 overflow-hidden border-slate-200 bg-card sm:rounded-xl sm:border">
          <div className={id ? 'hidden w-80 shrink-0 overflow-y-auto border-r border-slate-200 lg:block' : 'flex-1 overflow-y-auto'}>
            <div className="flex flex-wrap items-center justify-between gap-2 p-3">
              {!id && <h1 className="text-2xl font-extrabold">Inbox</h1>}
              <NotificationToggle />
            </div>
            <InboxList activeId={id} />
          </div>
          {id && <ConversationView key={id} conversationId={id} me={user.id} className="flex h-[calc(100dvh-8rem)] min-h-0 min-w-0 flex-1 flex-col" />}
        </div>
      </ChatAccessGate>
    </div>
  );
}
