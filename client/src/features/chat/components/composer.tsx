import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MESSAGE_MAX } from '@common/rules/chat';
import { CHAT_TEXT, isTempConversation } from '../lib/messages';
import { loadDraft, saveDraft } from '../lib/outbox';

type Props = {
  conversationId: number | string;
  sending: boolean;
  onSend: (text: string) => Promise<{ ok: boolean; error?: string | null }>;
};

/**
 * Spec §5 Chat message: trimmed, non-empty, at most 1000; a temp_ conversation cannot send; send is
 * disabled while sending. The draft is kept in localStorage on every keystroke, so it survives a
 * reload or a lost tab; it is cleared only once the message is in the outbox.
 */
export function Composer({ conversationId, sending, onSend }: Props) {
  const [text, setText] = useState(() => loadDraft(conversationId));
  const [error, setError] = useState<string | null>(null);
  const temp = isTempConversation(conversationId);

  useEffect(() => {
    setText(loadDraft(conversationId));
    setError(null);
  }, [conversationId]);

  const change = (v: string) => {
    setText(v);
    saveDraft(conversationId, v);
    if (error) setError(null);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    // Enter is held to the button's rules: nothing while sending, in a temp_ conversation, blank or too long.
    const t = text.trim();
    if (sending || temp || !t || t.length > MESSAGE_MAX) return;
    const before = text;
    const res = await onSend(before);
    if (res.ok) {
      // Keep anything typed while the send was on its way.
      setText((cur) => {
        const next = cur === before ? '' : cur;
        saveDraft(conversationId, next);
        return next;
      });
    } else if (res.error) setError(res.error);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_MAX;
  const message = temp ? CHAT_TEXT.stillCreating : error;

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-1 border-t border-slate-200 bg-white p-2">
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor={`composer-${conversationId}`}>
          Message
        </label>
        <textarea
          id={`composer-${conversationId}`}
          value={text}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder="Type a message…"
          className="min-h-11 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-base"
          aria-invalid={tooLong || undefined}
          aria-describedby={`composer-${conversationId}-hint`}
        />
        <Button type="submit" disabled={sending || temp || !trimmed || tooLong} aria-label="Send">
          <SendHorizontal aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <p id={`composer-${conversationId}-hint`} className="flex justify-between text-xs text-slate-500" aria-live="polite">
        <span className={message ? 'text-red-700' : undefined}>{message ?? ''}</span>
        <span className={tooLong ? 'text-red-700' : undefined}>
          {trimmed.length > MESSAGE_MAX - 100 ? `${trimmed.length}/${MESSAGE_MAX}` : ''}
        </span>
      </p>
    </form>
  );
}
