import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import type { TUpload } from '@common/contracts/uploads';
import { Button } from '@/components/ui/button';
import { PhotoAttachSlot, usePhotoSlot } from '@/components/photo-attach-slot';
import { MentionSlot } from '@/components/mentions/mention-slot';
import { cn } from '@/lib/cn';
import { useReadOnly } from '@/lib/read-only';
import { MESSAGE_MAX } from '@common/rules/chat';
import { UPLOAD_MSG } from '@common/rules/uploads';
import { CHAT_TEXT, isTempConversation } from '../lib/messages';
import { loadDraft, saveDraft } from '../lib/outbox';

type Props = {
  conversationId: number | string;
  sending: boolean;
  /** The text as typed, and the photo when one is attached (already uploaded). */
  onSend: (text: string, photo?: TUpload) => Promise<{ ok: boolean; error?: string | null }>;
};

/**
 * Spec §5 Chat message: trimmed, non-empty, at most 1000; a temp_ conversation cannot send; send is
 * disabled while sending. The draft is kept in localStorage on every keystroke, so it survives a
 * reload or a lost tab; it is cleared only once the message is in the outbox.
 * A photo (Photo button, paste or drop; one per message) is uploaded first: Send waits for it, then
 * the message carries its uploadId, and the text may be empty.
 */
export function Composer({ conversationId, sending, onSend }: Props) {
  const [text, setText] = useState(() => loadDraft(conversationId));
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<TUpload | null>(null);
  const [uploading, setUploading] = useState(false);
  const photos = usePhotoSlot();
  const temp = isTempConversation(conversationId);
  // Maintenance pauses sending (the server would refuse it); the draft stays for afterwards.
  const readOnly = useReadOnly();
  // The @mention autocomplete reads and edits the box (issue 18).
  const box = useRef<HTMLTextAreaElement>(null);

  const { clear: clearPhotos } = photos;
  useEffect(() => {
    setText(loadDraft(conversationId));
    setError(null);
    setPhoto(null);
    clearPhotos();
  }, [conversationId, clearPhotos]);

  const change = (v: string) => {
    setText(v);
    saveDraft(conversationId, v);
    if (error) setError(null);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    // Enter is held to the button's rules: nothing while sending, in a temp_ conversation, blank or too long.
    // A photo still uploading holds the send back too.
    const t = text.trim();
    if (sending || temp || uploading || readOnly || (!t && !photo) || t.length > MESSAGE_MAX) return;
    const before = text;
    const sent = photo;
    const res = sent ? await onSend(before, sent) : await onSend(before);
    if (res.ok) {
      // Keep anything typed while the send was on its way.
      setText((cur) => {
        const next = cur === before ? '' : cur;
        saveDraft(conversationId, next);
        return next;
      });
      if (sent) {
        setPhoto((cur) => (cur === sent ? null : cur));
        clearPhotos();
      }
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
  const message = temp ? CHAT_TEXT.stillCreating : (readOnly ?? error ?? (uploading ? UPLOAD_MSG.waitForUploads : null));

  return (
    <form
      onSubmit={(e) => void submit(e)}
      {...photos.targetProps}
      className={cn('grid grid-cols-1 gap-1 border-t border-slate-200 bg-card p-2', photos.dragging && 'bg-brand-50 ring-2 ring-brand-800 ring-inset')}
    >
      <div className="flex flex-wrap items-end gap-2">
        <PhotoAttachSlot
          slot={photos}
          compact
          className="contents"
          listClassName="order-first basis-full"
          onUploaded={(upload) => {
            setPhoto(upload);
            if (error) setError(null);
          }}
          onRemoved={() => setPhoto(null)}
          onBusyChange={setUploading}
          disabled={!!readOnly}
        />
        <label className="sr-only" htmlFor={`composer-${conversationId}`}>
          Message
        </label>
        <textarea
          ref={box}
          id={`composer-${conversationId}`}
          value={text}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder="Type a message…"
          disabled={!!readOnly}
          className="min-h-11 min-w-0 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-base"
          aria-invalid={tooLong || undefined}
          aria-describedby={`composer-${conversationId}-hint`}
        />
        <MentionSlot target={box} setText={change} />
        <Button type="submit" disabled={sending || temp || uploading || !!readOnly || (!trimmed && !photo) || tooLong} aria-label="Send">
          <SendHorizontal aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <p id={`composer-${conversationId}-hint`} className="flex justify-between text-xs text-slate-500" aria-live="polite">
        <span className={message && message !== UPLOAD_MSG.waitForUploads && message !== readOnly ? 'text-red-700' : undefined}>{message ?? ''}</span>
        <span className={tooLong ? 'text-red-700' : undefined}>
          {trimmed.length > MESSAGE_MAX - 100 ? `${trimmed.length}/${MESSAGE_MAX}` : ''}
        </span>
      </p>
    </form>
  );
}
