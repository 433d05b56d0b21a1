import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TReviewSettings, TWatchedWord } from '@common/contracts/review';
import { REVIEW_FIRST_ITEMS_MAX, REVIEW_MSG, WATCHED_ACTIONS, WATCHED_ACTION_LABEL, WATCHED_MSG, WATCHED_PHRASE_MAX, type WatchedAction } from '@common/rules/review';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { getReviewSettingsQueryOptions, getWatchedWordsQueryOptions, useAddWatchedWord, useRemoveWatchedWord, useSaveReviewSettings } from '../api/review';
import { AdminLayout } from '../components/admin-layout';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog';

/**
 * /admin/watched-words (admins, issue 28): the words and phrases members' posts, comments, messages,
 * usernames and status lines are checked against, each with what happens (block, require approval,
 * flag, censor), and the review setting (which of a new member's first posts wait for a moderator).
 * Every change is audited.
 */
export function AdminWatchedWordsPage() {
  const words = useQuery(getWatchedWordsQueryOptions());
  return (
    <AdminLayout title="Watched words">
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <section aria-labelledby="words-title" className="grid content-start gap-3">
          <h2 id="words-title" className="text-xl font-bold">
            Watched words
          </h2>
          <p className="text-sm text-muted">
            Matched whole words, whatever the capitals, accents, lookalike letters (Cyrillic а, Greek ο…) or l33t digits (sp4m). A{' '}
            <code>*</code> matches any letters inside a word: <code>cheap*</code> matches “cheapest”. Nothing else is special.
          </p>
          {words.isPending ? (
            <p role="status">Loading watched words…</p>
          ) : words.isError ? (
            <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
              {errorMessage(words.error, 'Watched words did not load.')}
            </p>
          ) : words.data.words.length === 0 ? (
            <p className="rounded-xl border-2 border-dashed border-line bg-card p-4">No watched words yet.</p>
          ) : (
            <ul aria-label="Watched words" className="grid gap-2">
              {words.data.words.map((w) => (
                <WordRow key={w.id} word={w} />
              ))}
            </ul>
          )}
        </section>
        <div className="grid content-start gap-6">
          <AddWordForm />
          <ReviewSettingsForm />
        </div>
      </div>
    </AdminLayout>
  );
}

const ACTION_TONE: Record<WatchedAction, string> = {
  block: 'bg-red-100 text-red-900',
  require_approval: 'bg-accent-100 text-ink',
  flag: 'bg-surface text-ink',
  censor: 'bg-surface text-ink',
};

function WordRow({ word }: { word: TWatchedWord }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveWatchedWord();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-card p-3">
      <div className="grid gap-1">
        <p className="font-semibold break-all">{word.phrase}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <span className={cn('rounded-full px-2 py-0.5 font-semibold', ACTION_TONE[word.action])}>{WATCHED_ACTION_LABEL[word.action].label}</span>
          <span>
            Added <Time date={word.createdAt} />
            {word.createdBy ? ` by @${word.createdBy.username}` : ''}
          </span>
        </p>
      </div>
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} aria-label={`Remove ${word.phrase}`}>
        Remove
      </Button>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove “${word.phrase}”?`}
        description="New posts, comments, messages, usernames and status lines are no longer checked for it. What was already written stays as it is."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(word.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: WATCHED_MSG.removed, variant: 'success' });
            },
            onError: (err) => toast({ title: 'Not removed', description: errorMessage(err), variant: 'destructive' }),
          })
        }
      />
    </li>
  );
}

function AddWordForm() {
  const add = useAddWatchedWord();
  const [phrase, setPhrase] = useState('');
  const [action, setAction] = useState<WatchedAction>('block');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!phrase.trim()) return setError(WATCHED_MSG.phraseRequired);
    setError(null);
    add.mutate(
      { phrase, action },
      {
        onSuccess: (w) => {
          setPhrase('');
          toast({ title: WATCHED_MSG.added, description: `“${w.phrase}”: ${WATCHED_ACTION_LABEL[w.action].label}`, variant: 'success' });
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-2xl border border-line bg-card p-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Add a word
      </h2>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-phrase`} className="font-semibold">
            Word or phrase
          </label>
          <input
            id={`${id}-phrase`}
            value={phrase}
            maxLength={WATCHED_PHRASE_MAX}
            onChange={(e) => setPhrase(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClasses}
            placeholder="e.g. cheap* insurance"
            autoComplete="off"
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="font-semibold">What happens</legend>
          {WATCHED_ACTIONS.map((a) => (
            <label key={a} className="flex min-h-11 items-start gap-2">
              <input type="radio" name={`${id}-action`} value={a} checked={action === a} onChange={() => setAction(a)} className="mt-1 size-5" />
              <span>
                <span className="font-semibold">{WATCHED_ACTION_LABEL[a].label}</span>
                <span className="block text-sm text-muted">{WATCHED_ACTION_LABEL[a].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" disabled={add.isPending} aria-busy={add.isPending || undefined}>
          {add.isPending ? 'Adding…' : 'Add word'}
        </Button>
      </form>
    </section>
  );
}

function ReviewSettingsForm() {
  const settings = useQuery(getReviewSettingsQueryOptions());
  const save = useSaveReviewSettings();
  const [values, setValues] = useState<TReviewSettings | null>(null);
  const id = useId();
  useEffect(() => {
    if (settings.data && values === null) setValues(settings.data);
  }, [settings.data, values]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values) return;
    save.mutate(values, {
      onSuccess: () => toast({ title: REVIEW_MSG.settingsSaved, variant: 'success' }),
      onError: (err) => toast({ title: 'Not saved', description: errorMessage(err), variant: 'destructive' }),
    });
  };
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-2xl border border-line bg-card p-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        New members’ first posts
      </h2>
      <p className="text-sm text-muted">
        A new member’s first posts and comments wait for a moderator in the review queue (Moderation, Review) before anyone else sees them.
      </p>
      {!values ? (
        <p role="status">{settings.isError ? errorMessage(settings.error, 'The setting did not load.') : 'Loading…'}</p>
      ) : (
        <form onSubmit={submit} className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="font-semibold">Which ones</legend>
            {(
              [
                ['risky', 'Only those with a link'],
                ['all', 'All of them'],
              ] as const
            ).map(([mode, label]) => (
              <label key={mode} className="flex min-h-11 items-center gap-2">
                <input type="radio" name={`${id}-mode`} checked={values.mode === mode} onChange={() => setValues({ ...values, mode })} className="size-5" />
                {label}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-first`} className="font-semibold">
              How many first posts and comments (0 to {REVIEW_FIRST_ITEMS_MAX}; 0 turns the queue off for new members)
            </label>
            <input
              id={`${id}-first`}
              type="number"
              inputMode="numeric"
              min={0}
              max={REVIEW_FIRST_ITEMS_MAX}
              value={values.firstItems}
              onChange={(e) => setValues({ ...values, firstItems: Math.max(0, Math.min(REVIEW_FIRST_ITEMS_MAX, Math.trunc(Number(e.target.value) || 0))) })}
              className={cn(inputClasses, 'max-w-32')}
            />
          </div>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </form>
      )}
    </section>
  );
}
