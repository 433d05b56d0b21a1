import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { getSocketClient, type SocketClient } from '@/lib/socket-client';
import { toast } from '@/components/ui/toast';
import { CHAT_UNREAD_KEY, conversationQueryOptions, INBOX_ROOT } from '../api/chat-api';
import { createConversationSync } from '../lib/conversation-sync';
import { CHAT_TEXT, isTempConversation } from '../lib/messages';

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const on = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);
  return visible;
}

/**
 * One conversation on screen (spec §4 Chat window, §7): the REST load polled every 5 s, fed to the
 * conversation's sync (lib/conversation-sync.ts: outbox, live frames, receipts), which reads the
 * other member's messages while `active` and the page is visible.
 */
export function useConversation(conversationId: number | string, me: number, active = true, client: SocketClient = getSocketClient()) {
  const queryClient = useQueryClient();
  const temp = isTempConversation(conversationId);
  const query = useQuery({ ...conversationQueryOptions(conversationId), enabled: !temp });

  const sync = useMemo(
    () =>
      createConversationSync({
        conversationId,
        me,
        socket: client,
        report: (problem) => toast({ ...problem, variant: 'destructive' }),
        onReadWithoutSocket: () => {
          void queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_KEY });
          void queryClient.invalidateQueries({ queryKey: INBOX_ROOT, exact: true });
        },
      }),
    [conversationId, me, client, queryClient],
  );
  useEffect(() => sync.start(), [sync]);
  const state = useSyncExternalStore(sync.subscribe, sync.getSnapshot, sync.getSnapshot);

  useEffect(() => {
    if (query.data) sync.loaded(query.data);
  }, [sync, query.data]);

  const visible = useDocumentVisible();
  useEffect(() => sync.setShown(active && visible), [sync, active, visible]);

  useEffect(() => {
    if (query.isError && !(query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404))) {
      toast({ title: CHAT_TEXT.loadErrorTitle, description: CHAT_TEXT.loadErrorBody, variant: 'destructive' });
    }
  }, [query.isError, query.error]);

  return {
    query,
    conversation: query.data,
    messages: state.messages,
    send: sync.send,
    retry: sync.retry,
    sending: state.sending,
    hasOlder: state.hasOlder,
    loadingOlder: state.loadingOlder,
    loadOlder: sync.loadOlder,
    temp,
  };
}
