import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZCreatePostRequest, type TCreatePostRequest } from '@common/contracts/forum';
import { POST_CONTENT_MAX, POST_TITLE_MAX } from '@common/rules/forum';
import { ALERT_CONTENT_MAX, LABEL_MSG } from '@common/rules/labels';
import { POLL_MSG, POLL_OPEN_DAYS_MAX, POLL_OPEN_MINUTES_MIN, POLL_OPTION_MAX } from '@common/rules/polls';
import { UPLOAD_MSG } from '@common/rules/uploads';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { useMarkdownPhotos } from '@/components/photo-attach-slot';
import { inputClasses } from '@/components/ui/form-field';
import { useAnonymousOffer } from '../api/anonymous-voice';
import { getCategoriesQueryOptions } from '../api/get-categories';
import { useDraft } from '../hooks/use-draft';
import { fieldErrors, readFormError } from '@/lib/form-errors';
import { MarkdownPreview } from './markdown-preview';
import { AlertFields, AreasPicker, TagsPicker } from './post-labels-fields';
import {
  anonymousChoiceOf,
  anonymousFields,
  EMPTY_POST,
  formList as list,
  NOT_ANONYMOUS,
  pollRequestOf,
  type PostFormValues,
} from '../lib/post-form-values';
import { PollFields } from './poll-fields';
import { AnonymousChoice, anonymousRequest } from './anonymous-choice';
import { MentionSlot } from '@/components/mentions/mention-slot';
import { formatNumber } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';

export { EMPTY_POST, type PostFormValues };

type Field = Exclude<keyof PostFormValues, 'alert' | 'pollMultiple' | keyof typeof NOT_ANONYMOUS>;
type Errors = Partial<Record<Field, string>>;

/** In the order they show: the first with a message is focused. */
const FIELDS: Field[] = ['title', 'categoryId', 'content', 'poll', 'pollOptions', 'pollResults', 'pollClosesAt', 'tags', 'areas', 'alertKind', 'alertHours', 'alertPlace'];

/** What the server is sent: the alert only while the switch is on, the poll (issue 33) only while its section is open. */
const requestOf = (v: PostFormValues) => {
  const poll = pollRequestOf(v);
  return {
    title: v.title,
    categoryId: v.categoryId,
    content: v.content,
    tags: list(v.tags),
    areas: list(v.areas),
    ...(v.alert && { alert: { kind: v.alertKind, place: v.alertPlace, ...(v.alertHours && { hours: Number(v.alertHours) }) } }),
    ...(poll && { poll }),
  };
};

/** The editor's field for a message's path (['alert', 'kind'] from zod, 'alert.kind' from the server). */
function fieldOf(path: readonly PropertyKey[]): Field | undefined {
  const [head, sub] = path;
  if (head === 'alert') return sub === 'place' ? 'alertPlace' : sub === 'hours' ? 'alertHours' : 'alertKind';
  // Issue 33: 'poll.options.2' under the options; 'poll' itself, and 'poll.multiple', above the section's fields.
  if (head === 'poll') return sub === 'options' ? 'pollOptions' : sub === 'results' ? 'pollResults' : sub === 'closesAt' ? 'pollClosesAt' : 'poll';
  return FIELDS.includes(head as Field) ? (head as Field) : undefined;
}

/** An option the contract refuses as it stands: marked while the options have a message. */
const invalidOption = (text: string) => text.trim() === '' || text.trim().length > POLL_OPTION_MAX;

/**
 * The contract checks a closing time's form only (the server checks it against its own clock): said here
 * at once when it is under an hour or over 90 days from now on this device's clock.
 */
function closingTimeOutOfRange(iso: string | null | undefined, now = Date.now()): boolean {
  if (!iso) return false;
  const at = Date.parse(iso);
  return Number.isNaN(at) || at < now + POLL_OPEN_MINUTES_MIN * 60_000 || at > now + POLL_OPEN_DAYS_MAX * 86_400_000;
}

/** The spec's messages from the shared contract, first message per field. */
export function validatePost(values: PostFormValues): { data?: TCreatePostRequest; errors: Errors } {
  const r = ZCreatePostRequest.safeParse(requestOf(values));
  const closing = closingTimeOutOfRange(pollRequestOf(values)?.closesAt);
  if (r.success && !closing) return { data: r.data, errors: {} };
  const errors: Errors = {};
  for (const issue of r.error?.issues ?? []) {
    const f = fieldOf(issue.path);
    if (f && !errors[f]) errors[f] = issue.message;
  }
  // The contract checks an alert's one area and short text only once the rest is valid: said at once here.
  if (values.alert) {
    if (list(values.areas).length !== 1) errors.areas ??= LABEL_MSG.alertArea;
    if (values.content.length > ALERT_CONTENT_MAX) errors.content ??= LABEL_MSG.alertContent;
  }
  if (closing) errors.pollClosesAt ??= POLL_MSG.closesAt;
  return { errors };
}

/** The server's answer to a failed send: its field messages under the fields, anything else above the buttons. */
function serverErrors(err: unknown): { fields: Errors; message: string | null } {
  const fields: Errors = {};
  const named: string[] = [];
  for (const [key, message] of Object.entries(fieldErrors(err, { status: 400 }))) {
    const f = fieldOf(key.split('.'));
    if (!f || !message) continue;
    fields[f] ??= message;
    named.push(key);
  }
  return { fields, message: readFormError(err, named).message };
}

type Props<R> = {
  /** The draft's key (hooks/use-draft.ts: kept per member) holding the text until the server accepts it. */
  draftKey: string;
  initial: PostFormValues;
  submitLabel: string;
  /** Sends the post; throws (ApiError) when the server refuses. */
  onSubmit: (values: TCreatePostRequest) => Promise<R>;
  /** After the server accepted it and the draft is gone. */
  onSaved: (result: R) => void;
  onCancel?: () => void;
  /** Shown above the fields (e.g. a verification note). */
  notice?: ReactNode;
  /**
   * 'edit': an existing post: no alert switch; an alert's kind and place change, its area and hours do not;
   * nor is "Post anonymously" offered (who a post is shown as is settled when it is written).
   */
  mode?: 'new' | 'edit';
};

/**
 * Title, category and markdown content with a preview, a new post's poll (issue 33, poll-fields.tsx),
 * then (issue 32) its tags, postcode areas, whether it is a local alert (post-labels-fields.tsx), and
 * whether it is posted anonymously, where its category allows it (anonymous-choice.tsx). Checked with the
 * shared contract before sending; the server's field messages land under the same fields. Everything typed is kept on the device (draft)
 * and cleared only once the server has the post, so a refresh or a failed send loses nothing.
 * Photos (the Photo button, paste or drop on the text) become `![Photo](url)` lines once uploaded;
 * publishing waits for any still on their way.
 */
export function PostEditor<R>({ draftKey, initial, submitLabel, onSubmit, onSaved, onCancel, notice, mode = 'new' }: Props<R>) {
  const draft = useDraft<PostFormValues>(draftKey, initial);
  const values = draft.value;
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const categories = useQuery(getCategoriesQueryOptions());
  const id = useId();
  const ids = { title: `${id}-title`, categoryId: `${id}-category`, content: `${id}-content` };
  const refs = {
    title: useRef<HTMLInputElement>(null),
    categoryId: useRef<HTMLSelectElement>(null),
    content: useRef<HTMLTextAreaElement>(null),
    tags: useRef<HTMLFieldSetElement>(null),
    areas: useRef<HTMLFieldSetElement>(null),
    alertKind: useRef<HTMLSelectElement>(null),
    alertPlace: useRef<HTMLInputElement>(null),
    alertHours: useRef<HTMLSelectElement>(null),
    poll: useRef<HTMLFieldSetElement>(null),
    pollOptions: useRef<HTMLFieldSetElement>(null),
    pollResults: useRef<HTMLSelectElement>(null),
    pollClosesAt: useRef<HTMLInputElement>(null),
  } satisfies Record<Field, RefObject<HTMLElement | null>>;
  const tabRefs = { write: useRef<HTMLButtonElement>(null), preview: useRef<HTMLButtonElement>(null) };
  // Maintenance: everything typed stays (and is kept), but nothing is published until it ends.
  const readOnly = useReadOnly();
  const photos = useMarkdownPhotos(refs.content, (change) => draft.setValue((v) => ({ ...v, content: change(v.content) })), !!readOnly);
  const { uploading } = photos;

  const update = (patch: Partial<PostFormValues>) => {
    const next = { ...values, ...patch };
    draft.setValue(next);
    // Quiet until the first submit, then re-checked as you type.
    if (submitted) setErrors(validatePost(next).errors);
  };
  const change = (field: keyof PostFormValues, value: string) => update({ [field]: value });
  // Issue 32: a category that takes no anonymous posts takes the choice with it, so it never comes back unseen.
  const changeCategory = (categoryId: string) =>
    update({ categoryId, ...(categories.data?.find((c) => String(c.id) === categoryId)?.allowAnonymous ? {} : NOT_ANONYMOUS) });
  const anonymousOffer = useAnonymousOffer(mode === 'new' && values.categoryId ? Number(values.categoryId) : undefined);

  const focusField = (field: Field) => {
    if (field === 'content') setTab('write');
    // After the tab switch has rendered the textarea visible. A group (tags, areas, the poll's options):
    // its first control with a message, else its first control.
    requestAnimationFrame(() => {
      const el: HTMLElement | null = refs[field].current;
      (el instanceof HTMLFieldSetElement
        ? (el.querySelector<HTMLElement>('[aria-invalid="true"]') ?? el.querySelector<HTMLElement>('input:not(:disabled), select:not(:disabled), button'))
        : el
      )?.focus();
    });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending || uploading || readOnly) return;
    setSubmitted(true);
    setFormError(null);
    const { data, errors: found } = validatePost(values);
    setErrors(found);
    if (!data) {
      focusField(FIELDS.find((f) => found[f])!);
      return;
    }
    const anonymous = anonymousRequest(anonymousChoiceOf(values), anonymousOffer);
    setSending(true);
    let result: R;
    try {
      result = await onSubmit(anonymous ? { ...data, anonymous } : data);
    } catch (err) {
      // The form keeps every character; only messages change.
      const f = serverErrors(err);
      setErrors(f.fields);
      setFormError(f.message);
      setSending(false);
      const first = FIELDS.find((k) => f.fields[k]);
      if (first) focusField(first);
      return;
    }
    draft.clear();
    photos.clear();
    setSending(false);
    onSaved(result);
  }

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next = tab === 'write' ? 'preview' : 'write';
    setTab(next);
    tabRefs[next].current?.focus();
  };

  const described = (field: keyof typeof ids, ...extra: (string | false)[]) =>
    [...extra, errors[field] ? `${ids[field]}-error` : false].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: keyof typeof ids) =>
    errors[field] && (
      <p id={`${ids[field]}-error`} role="alert" className="text-sm font-semibold text-red-800">
        {errors[field]}
      </p>
    );
  const contentLength = values.content.length;
  // Issue 32: an alert is short (the count says so while the switch is on).
  const isAlert = values.alert === 'on';
  const contentMax = isAlert ? ALERT_CONTENT_MAX : POST_CONTENT_MAX;
  const alertErrors = { alertKind: errors.alertKind, alertPlace: errors.alertPlace, alertHours: errors.alertHours };
  const pollErrors = { poll: errors.poll, pollOptions: errors.pollOptions, pollResults: errors.pollResults, pollClosesAt: errors.pollClosesAt };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-busy={sending || undefined}>
      {notice}
      {draft.restored && (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50 p-3">
          <p>
            <strong>Draft restored.</strong> We kept what you wrote last time.
          </p>
          <Button variant="secondary" size="sm" onClick={() => draft.discard()}>
            Discard draft
          </Button>
        </div>
      )}

      <div className="grid gap-1.5">
        <label htmlFor={ids.title} className="font-semibold">
          Title
        </label>
        <input
          ref={refs.title}
          id={ids.title}
          value={values.title}
          onChange={(e) => change('title', e.target.value)}
          maxLength={POST_TITLE_MAX + 50}
          autoComplete="off"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described('title', `${ids.title}-hint`)}
          className={inputClasses}
        />
        <p id={`${ids.title}-hint`} className="text-sm text-muted">
          5 to {POST_TITLE_MAX} characters: say what it's about, e.g. "Best van insurance for multi-drop?"
        </p>
        {fieldError('title')}
      </div>

      <div className="grid gap-1.5 sm:max-w-sm">
        <label htmlFor={ids.categoryId} className="font-semibold">
          Category
        </label>
        <select
          ref={refs.categoryId}
          id={ids.categoryId}
          value={values.categoryId}
          onChange={(e) => changeCategory(e.target.value)}
          aria-invalid={errors.categoryId ? true : undefined}
          aria-describedby={described('categoryId')}
          className={inputClasses}
        >
          <option value="">{categories.isPending ? 'Loading categories…' : 'Choose a category'}</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
        {categories.isError && (
          <p className="text-sm text-red-800">
            Couldn't load the categories.{' '}
            <button type="button" className="link" onClick={() => void categories.refetch()}>
              Try again
            </button>
          </p>
        )}
        {fieldError('categoryId')}
      </div>

      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <label htmlFor={ids.content} className="font-semibold" id={`${ids.content}-label`}>
            Your post
          </label>
          <div role="tablist" aria-label="Editor view" className="inline-flex flex-wrap rounded-lg bg-surface p-1">
            {(['write', 'preview'] as const).map((t) => (
              <button
                key={t}
                ref={tabRefs[t]}
                type="button"
                role="tab"
                id={`${id}-tab-${t}`}
                aria-selected={tab === t}
                aria-controls={`${id}-panel-${t}`}
                tabIndex={tab === t ? 0 : -1}
                onClick={() => setTab(t)}
                onKeyDown={onTabKey}
                className={cn(
                  'min-h-9 rounded-md px-3 text-sm font-semibold',
                  tab === t ? 'bg-card text-ink shadow-sm' : 'text-muted hover:text-ink',
                )}
              >
                {t === 'write' ? 'Write' : 'Preview'}
              </button>
            ))}
          </div>
        </div>
        <div id={`${id}-panel-write`} role="tabpanel" aria-labelledby={`${id}-tab-write`} hidden={tab !== 'write'} className="grid gap-1.5">
          <textarea
            ref={refs.content}
            id={ids.content}
            value={values.content}
            onChange={(e) => change('content', e.target.value)}
            {...photos.textareaProps}
            rows={12}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={described('content', `${ids.content}-hint`, `${ids.content}-count`)}
            className={cn(inputClasses, 'min-h-64 resize-y leading-relaxed', photos.dragging && 'ring-2 ring-brand-800')}
          />
          {photos.attach}
          <MentionSlot target={refs.content} setText={(text) => change('content', text)} />
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-muted">
            <p id={`${ids.content}-hint`}>
              At least 10 characters{isAlert && `, at most ${formatNumber(ALERT_CONTENT_MAX)} for an alert`}. Markdown works: **bold**, *italic*, - lists,
              [links](https://…). Add photos with the Photo button, or paste or drop them on the text.
            </p>
            <p id={`${ids.content}-count`} className={cn('tabular-nums', contentLength > contentMax && 'font-semibold text-red-800')}>
              {formatNumber(contentLength)} / {formatNumber(contentMax)}
            </p>
          </div>
        </div>
        {tab === 'preview' && (
          <div
            id={`${id}-panel-preview`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-preview`}
            tabIndex={0}
            className="min-h-64 rounded-lg border-2 border-line bg-card p-4"
          >
            {values.title.trim() && <p className="mb-3 text-xl font-bold break-words">{values.title}</p>}
            <MarkdownPreview source={values.content} photoUrls={photos.urls} />
            <p className="mt-4 border-t border-line pt-2 text-sm text-muted">Preview: links become clickable once posted.</p>
          </div>
        )}
        {fieldError('content')}
      </div>

      {/* Issue 33: a new post only (its poll is not edited once people may have voted). */}
      {mode === 'new' && <PollFields values={values} onChange={update} errors={pollErrors} refs={refs} invalidOptions={invalidOption} />}

      <TagsPicker groupRef={refs.tags} chosen={list(values.tags)} onChange={(slugs) => change('tags', slugs.join(','))} error={errors.tags} />
      <AreasPicker
        groupRef={refs.areas}
        chosen={list(values.areas)}
        onChange={(areas) => change('areas', areas.join(','))}
        alert={isAlert}
        fixed={mode === 'edit' && isAlert}
        error={errors.areas}
      />
      {(mode === 'new' || isAlert) && (
        <AlertFields
          values={{ on: isAlert, kind: values.alertKind, place: values.alertPlace, hours: values.alertHours }}
          onChange={change}
          errors={alertErrors}
          editing={mode === 'edit'}
          refs={refs}
        />
      )}

      {mode === 'new' && (
        <AnonymousChoice offer={anonymousOffer} value={anonymousChoiceOf(values)} onChange={(c) => update(anonymousFields(c))} kind="post" />
      )}

      {formError && (
        <p role="alert" className="rounded-xl border-l-8 border-red-700 bg-red-50 p-4 font-semibold text-red-950">
          {formError}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={sending || uploading || !!readOnly} aria-describedby={uploading ? `${id}-wait` : readOnly ? `${id}-paused` : undefined}>
          {sending ? 'Publishing…' : submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="lg" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
        )}
        {uploading && (
          <p id={`${id}-wait`} role="status" className="text-muted">
            {UPLOAD_MSG.waitForUploads}
          </p>
        )}
        {readOnly && <p id={`${id}-paused`} className="font-semibold">{readOnly}</p>}
      </div>
    </form>
  );
}
