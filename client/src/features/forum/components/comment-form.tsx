import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type * as ForumContract from '@common/contracts/forum';
import { COMMENT_MAX } from '@common/rules/forum';
import { UPLOAD_MSG } from '@common/rules/uploads';
import { Button } from '@/components/ui/button';
import { useMarkdownPhotos } from '@/components/photo-attach-slot';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { useDraft } from '../hooks/use-draft';
import { MentionSlot } from '@/components/mentions/mention-slot';
import { readFormError } from '@/lib/form-errors';
import { formatNumber } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';

type Props = {
  /** Where the text is kept until the server accepts it (see use-draft.ts). */
  draftKey: string;
  /** The text to start from when there is no draft ('' for a new comment, the old text for an edit). */
  initial?: string;
  label: string;
  /** Show the label to sighted readers too (the main composer) or only to screen readers. */
  showLabel?: boolean;
  submitLabel: string;
  placeholder?: string;
  /** Sends the text; resolves once the server accepted it, throws (ApiError) otherwise. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Shown under the text, above the buttons: a reply's "Reply anonymously" (issue 32). */
  options?: ReactNode;
  className?: string;
};

/** Counter turns to a warning when this close to the limit. */
const NEAR_LIMIT = 500;

// The shared contract (and zod with it) is fetched when someone starts writing, not with the post
// page: most readers never comment, and the page should arrive fast on a weak signal.
type Contract = typeof ForumContract;
let contract: Contract | undefined;
const loadContract = async (): Promise<Contract> => (contract ??= await import('@common/contracts/forum'));

/** The spec's message for this text, or null when it may be sent. */
async function checkComment(text: string): Promise<string | null> {
  const { ZUpdateCommentRequest } = await loadContract();
  const r = ZUpdateCommentRequest.safeParse({ content: text });
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

/**
 * A comment box: the spec's limits and messages (shared zod contract), sending disabled while it
 * sends, and the text kept on the device until the server has it. A failed send keeps everything.
 * Photos (the Photo button, paste or drop) become `![Photo](url)` lines once uploaded; sending waits
 * for any still on their way.
 */
export function CommentForm({ draftKey, initial = '', label, showLabel, submitLabel, placeholder, onSubmit, onCancel, autoFocus, options, className }: Props) {
  const draft = useDraft(draftKey, initial);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  // Loaded when the box gets focus, so the check on sending does not wait for it.
  const prepare = () => void loadContract().catch(() => undefined);
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const formErrorId = `${id}-form-error`;
  // Maintenance: the box shows what is kept but takes nothing, and says why.
  const readOnly = useReadOnly();
  const photos = useMarkdownPhotos(area, draft.setValue, !!readOnly);
  const { uploading } = photos;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending || uploading || readOnly) return;
    setSubmitted(true);
    setFormError(null);
    let problem: string | null;
    try {
      problem = await checkComment(draft.value);
    } catch {
      // The check itself could not load (offline): let the server judge the text.
      problem = null;
    }
    setError(problem);
    if (problem) {
      area.current?.focus();
      return;
    }
    setSending(true);
    try {
      await onSubmit(draft.value.trim());
      draft.clear(); // only now: the server has it
      photos.clear();
      setSubmitted(false);
    } catch (err) {
      const f = readFormError(err, ['content']);
      if (f.fields.content) setError(f.fields.content);
      setFormError(f.message);
    } finally {
      setSending(false);
    }
  }

  const length = draft.value.length;
  const near = length > COMMENT_MAX - NEAR_LIMIT;
  return (
    <form onSubmit={submit} noValidate className={cn('grid gap-2', className)} aria-busy={sending || undefined}>
      <label htmlFor={id} className={showLabel ? 'font-semibold' : 'sr-only'}>
        {label}
      </label>
      {draft.restored && (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
          Draft restored.
          <button type="button" className="link" onClick={() => draft.discard()}>
            Discard draft
          </button>
        </p>
      )}
      <textarea
        ref={area}
        id={id}
        value={draft.value}
        onChange={(e) => {
          const text = e.target.value;
          draft.setValue(text);
          if (submitted) void checkComment(text).then(setError, () => undefined);
        }}
        {...photos.textareaProps}
        onFocus={() => {
          prepare();
          photos.textareaProps.onFocus();
        }}
        rows={3}
        placeholder={placeholder}
        autoFocus={autoFocus}
        disabled={!!readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={[readOnly ? `${id}-paused` : null, error ? errorId : null, countId, formError ? formErrorId : null].filter(Boolean).join(' ')}
        className={cn(inputClasses, 'min-h-24 resize-y leading-relaxed', photos.dragging && 'ring-2 ring-brand-800')}
      />
      {photos.attach}
      <MentionSlot target={area} setText={draft.setValue} />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          {error && (
            <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
              {error}
            </p>
          )}
        </div>
        <p id={countId} className={cn('text-sm tabular-nums', near ? 'font-semibold text-red-800' : 'text-muted')} aria-live={near ? 'polite' : 'off'}>
          {length > 0 && `${formatNumber(length)} / ${formatNumber(COMMENT_MAX)}`}
        </p>
      </div>
      {options}
      {formError && (
        <p id={formErrorId} role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-950">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={sending || uploading || !!readOnly} aria-disabled={sending || uploading || !!readOnly} aria-describedby={uploading ? `${id}-wait` : readOnly ? `${id}-paused` : undefined}>
          {sending ? 'Sending…' : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
        )}
        {uploading && (
          <p id={`${id}-wait`} role="status" className="text-sm text-muted">
            {UPLOAD_MSG.waitForUploads}
          </p>
        )}
        {readOnly && <p id={`${id}-paused`} className="text-sm font-semibold">{readOnly}</p>}
      </div>
    </form>
  );
}
