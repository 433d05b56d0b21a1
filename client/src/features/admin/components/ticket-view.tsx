import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TTicketDetail, TTicketEntry } from '@common/contracts/support';
import { SUPPORT_LIMITS, SUPPORT_MSG } from '@common/rules/support';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { getTicketQueryOptions, useTicketAction } from '../api/support';

const STATUS_LABEL = { open: 'Open', answered: 'Answered', closed: 'Closed' } as const;

function Entry({ entry }: { entry: TTicketEntry }) {
  const note = entry.kind === 'note';
  return (
    <li className={cn('grid gap-1 rounded-lg border-2 p-3', note ? 'border-amber-300 bg-amber-50' : 'border-brand-100 bg-brand-50')}>
      <p className="text-sm font-semibold">
        {note ? 'Internal note' : 'Reply (emailed)'} · {entry.author ? `@${entry.author.username}` : 'a former admin'} ·{' '}
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </p>
      <p className="whitespace-pre-wrap break-words">{entry.body}</p>
    </li>
  );
}

function EntryForm({ ticket, kind }: { ticket: TTicketDetail; kind: 'reply' | 'notes' }) {
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useTicketAction(ticket.id);
  const reply = kind === 'reply';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (!text) return setError(reply ? SUPPORT_MSG.replyRequired : SUPPORT_MSG.noteRequired);
    if (text.length > SUPPORT_LIMITS.entryMax) return setError(SUPPORT_MSG.entryMax);
    setError(null);
    action.mutate(
      { kind, body: text },
      {
        onSuccess: () => {
          setBody('');
          toast({ title: reply ? `Reply emailed to ${ticket.email}` : 'Note saved', variant: 'success' });
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {reply ? 'Reply to the sender' : 'Internal note'}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {reply ? `Emailed to ${ticket.email}; the ticket becomes Answered.` : 'Only admins see notes; nothing is emailed.'}
      </p>
      <textarea
        id={id}
        rows={reply ? 6 : 3}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={cn(inputClasses, 'resize-y')}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" variant={reply ? 'primary' : 'secondary'} disabled={action.isPending} className="justify-self-start">
        {action.isPending ? 'Saving…' : reply ? 'Send reply' : 'Add note'}
      </Button>
    </form>
  );
}

/** One ticket: the sender's message, the thread of replies and notes, and the admin's tools. */
export function TicketView({ id }: { id: number }) {
  const q = useQuery(getTicketQueryOptions(id));
  const action = useTicketAction(id);
  if (q.isPending) return <Spinner label="Loading ticket" />;
  if (q.isError) return <p role="alert">{errorMessage(q.error, 'This ticket could not be loaded.')}</p>;
  const t = q.data;
  const closed = t.status === 'closed';
  const toggle = () =>
    action.mutate(
      { kind: closed ? 'reopen' : 'close' },
      {
        onSuccess: () => toast({ title: closed ? 'Ticket reopened' : 'Ticket closed', variant: 'success' }),
        onError: (err) => toast({ title: 'Could not update the ticket', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  return (
    <article aria-labelledby={`ticket-${t.id}-title`} className="grid gap-4 rounded-xl border-2 border-line bg-card p-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={`ticket-${t.id}-title`} className="text-xl font-bold break-words">
            {t.subject}
          </h2>
          <p className="text-sm text-muted">
            Ticket #{t.id} · {STATUS_LABEL[t.status]} · from {t.name} &lt;{t.email}&gt;
            {t.user ? ` (member @${t.user.username})` : ' (guest)'} · <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
          </p>
        </div>
        <Button variant={closed ? 'secondary' : 'ghost'} size="sm" onClick={toggle} disabled={action.isPending}>
          {closed ? 'Reopen ticket' : 'Close ticket'}
        </Button>
      </header>
      <section aria-label="Message" className="rounded-lg border-2 border-line bg-surface p-3">
        <p className="whitespace-pre-wrap break-words">{t.message}</p>
      </section>
      {t.entries.length > 0 && (
        <ol className="grid gap-2" aria-label="Replies and notes">
          {t.entries.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ol>
      )}
      <EntryForm key={`reply-${t.id}`} ticket={t} kind="reply" />
      <EntryForm key={`note-${t.id}`} ticket={t} kind="notes" />
    </article>
  );
}
