import { useId, useRef, useState, type FormEvent } from 'react';
import { ChartBar, Check } from 'lucide-react';
import type { TUser } from '@common/contracts/auth';
import type { TPoll } from '@common/contracts/polls';
import { POLL_MSG } from '@common/rules/polls';
import { errorMessage } from '@/lib/api-client';
import { openAuthDialog } from '@/lib/auth-dialog';
import { formatDateTime } from '@/lib/dates';
import { failureText } from '@/lib/form-errors';
import { plural } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { useClosePoll, useVotePoll } from '../api/poll';

/** The card's words, in one place for the specs that look for them. */
export const POLL_TEXT = {
  chooseOne: 'Choose one',
  chooseMany: 'Choose one or more',
  vote: 'Vote',
  voting: 'Voting…',
  changeVote: 'Change vote',
  withdrawVote: 'Withdraw vote',
  withdrawing: 'Withdrawing…',
  cancel: 'Cancel',
  yourVote: 'Your vote',
  afterVote: 'Results show after you vote',
  afterClose: 'Results show when the poll closes',
  closed: 'Closed',
  /** Before its closing time, 'Closes 2 Jun 2026, 18:00' (London, as every time on the site). */
  closes: 'Closes',
  signIn: 'Sign in to vote',
  verify: 'Verify your email address to vote.',
  closePoll: 'Close poll',
  voteRecorded: 'Vote recorded',
  voteWithdrawn: 'Vote withdrawn',
  pollClosed: 'Poll closed',
} as const;

/** An option's share of the voters, in whole percent (with several choices each, the shares add up to more than 100). */
const share = (votes: number, voters: number) => (voters > 0 ? Math.round((votes / voters) * 100) : 0);

type Props = {
  postId: number;
  poll: TPoll;
  /** undefined while the session check runs, null for a guest. */
  user: TUser | null | undefined;
};

/**
 * Issue 33: a post's poll under its text. A reader who may vote chooses (radio buttons, or checkboxes
 * where several may be chosen) and votes; then changes or withdraws their vote. The counts show as bars
 * when the author's choice lets this reader see them (the server sends null otherwise, and the card says
 * when they will show); no voter is ever named. The author or a moderator closes it early. Everything
 * shown is the server's poll: a vote's answer, and the live counts (post_poll), replace it in the cache.
 */
export function PollCard({ postId, poll, user }: Props) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const vote = useVotePoll(postId);
  const close = useClosePoll(postId);
  // Maintenance: the poll and its counts stay; its buttons rest (their title says why).
  const readOnly = useReadOnly();
  const mine = poll.myVotes ?? [];
  const voted = mine.length > 0;
  const [changing, setChanging] = useState(false);
  const [chosen, setChosen] = useState<number[]>(mine);
  const [error, setError] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  // A poll that closed meanwhile (live, or by its author) takes the choosing with it.
  const choosing = poll.canVote && (!voted || changing);
  const busy = vote.isPending || !!readOnly;

  const send = (optionIds: number[]) => {
    setError(null);
    setWithdrawing(optionIds.length === 0);
    vote.mutate(optionIds, {
      onSuccess: () => {
        setChanging(false);
        setChosen(optionIds);
        toast({ title: optionIds.length ? POLL_TEXT.voteRecorded : POLL_TEXT.voteWithdrawn, variant: 'success' });
        // The choices it was on are gone: the card's heading keeps the reader's place.
        requestAnimationFrame(() => headingRef.current?.focus());
      },
      onError: (err) => setError(failureText(err)),
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const ids = poll.options.filter((o) => chosen.includes(o.id)).map((o) => o.id);
    // Nothing chosen would withdraw a vote: that has its own button.
    if (ids.length === 0) return setError(POLL_MSG.chooseOne);
    send(ids);
  };
  const toggle = (optionId: number, on: boolean) => {
    setError(null);
    setChosen((c) => (poll.multiple ? (on ? [...c.filter((x) => x !== optionId), optionId] : c.filter((x) => x !== optionId)) : [optionId]));
  };

  const hidden = poll.voters === null;
  const why = hidden ? (poll.results === 'after_close' ? POLL_TEXT.afterClose : poll.results === 'after_vote' ? POLL_TEXT.afterVote : null) : null;
  const open = !poll.closed;

  const options = (
    <ul className="grid gap-3">
      {poll.options.map((o) => {
        const isMine = mine.includes(o.id);
        return (
          <li key={o.id} className="grid gap-1.5">
            {choosing ? (
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border-2 border-line bg-card px-3 py-2 has-checked:border-brand-800 has-checked:bg-brand-50 has-disabled:cursor-not-allowed">
                <input
                  type={poll.multiple ? 'checkbox' : 'radio'}
                  name={`${id}-choice`}
                  checked={chosen.includes(o.id)}
                  disabled={vote.isPending}
                  onChange={(e) => toggle(o.id, e.target.checked)}
                  className="size-5 shrink-0 accent-brand-800"
                />
                <span className="min-w-0 wrap-anywhere">{o.text}</span>
              </label>
            ) : (
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 font-semibold wrap-anywhere">{o.text}</span>
                {isMine && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-900">
                    <Check aria-hidden="true" className="size-3.5" />
                    {POLL_TEXT.yourVote}
                  </span>
                )}
              </p>
            )}
            {o.votes !== null && poll.voters !== null && (
              <div className="flex items-center gap-3">
                {/* The words beside it say the same: the bar is for the eye. */}
                <div aria-hidden="true" className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full bg-surface ring-1 ring-line ring-inset">
                  <div
                    data-testid="poll-bar"
                    className="h-full rounded-full bg-brand-800"
                    style={{ width: `${share(o.votes, poll.voters)}%` }}
                  />
                </div>
                <p className="shrink-0 text-sm text-muted tabular-nums">
                  {plural(o.votes, 'vote', 'votes')} · {share(o.votes, poll.voters)}%
                </p>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="grid min-w-0 gap-3 rounded-xl border-2 border-line bg-card p-3 sm:p-4">
      <h2 ref={headingRef} id={`${id}-title`} tabIndex={-1} className="inline-flex items-center gap-1.5 font-bold focus:outline-none">
        <ChartBar aria-hidden="true" className="size-5 shrink-0" />
        Poll
      </h2>

      {choosing ? (
        <form onSubmit={submit} noValidate className="grid gap-3" aria-busy={vote.isPending || undefined}>
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-1 text-sm text-muted">{poll.multiple ? POLL_TEXT.chooseMany : POLL_TEXT.chooseOne}</legend>
            {options}
          </fieldset>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={busy} title={readOnly ?? undefined}>
              {vote.isPending && !withdrawing ? POLL_TEXT.voting : POLL_TEXT.vote}
            </Button>
            {changing && (
              <Button
                variant="ghost"
                disabled={vote.isPending}
                onClick={() => {
                  setChanging(false);
                  setChosen(mine);
                  setError(null);
                }}
              >
                {POLL_TEXT.cancel}
              </Button>
            )}
          </div>
        </form>
      ) : (
        options
      )}

      {error && (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-950">
          {error}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
        {poll.voters !== null && <span>{plural(poll.voters, 'voter', 'voters')}</span>}
        {why && <span>{why}</span>}
        {poll.closed ? (
          <span className="font-semibold text-ink">{POLL_TEXT.closed}</span>
        ) : (
          poll.closesAt && (
            <span>
              {POLL_TEXT.closes} <time dateTime={poll.closesAt}>{formatDateTime(poll.closesAt)}</time>
            </span>
          )
        )}
      </div>

      {/* Why a signed-in reader has no choices on an open poll: the contract's conditions (ZPoll.canVote) they miss. */}
      {open && user && !poll.canVote && (
        <p className="text-sm text-muted">{user.emailVerified ? POLL_MSG.newAccount : POLL_TEXT.verify}</p>
      )}

      {((!choosing && poll.canVote && voted) || (open && user === null) || poll.canClose) && (
        <div className="flex flex-wrap items-center gap-2">
          {!choosing && poll.canVote && voted && (
            <>
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                title={readOnly ?? undefined}
                onClick={() => {
                  setError(null);
                  setChosen(mine);
                  setChanging(true);
                }}
              >
                {POLL_TEXT.changeVote}
              </Button>
              <Button variant="ghost" size="sm" disabled={busy} title={readOnly ?? undefined} onClick={() => send([])}>
                {vote.isPending && withdrawing ? POLL_TEXT.withdrawing : POLL_TEXT.withdrawVote}
              </Button>
            </>
          )}
          {open && user === null && (
            <Button variant="secondary" size="sm" onClick={() => openAuthDialog('signin')}>
              {POLL_TEXT.signIn}
            </Button>
          )}
          {poll.canClose && (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto text-red-800 hover:bg-red-50"
              disabled={!!readOnly}
              title={readOnly ?? undefined}
              onClick={() => setConfirmClose(true)}
            >
              {POLL_TEXT.closePoll}
            </Button>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirmClose}
        onOpenChange={(o) => {
          setConfirmClose(o);
          if (!o) close.reset();
        }}
        title="Close this poll?"
        description="No one can vote once it closes, and everyone can see the results. This cannot be undone."
        confirmLabel={POLL_TEXT.closePoll}
        pendingLabel="Closing…"
        pending={close.isPending}
        error={close.isError ? errorMessage(close.error, 'Could not close the poll. Please try again.') : null}
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: () => {
              setConfirmClose(false);
              setChanging(false);
              toast({ title: POLL_TEXT.pollClosed, variant: 'success' });
            },
          })
        }
      />
    </section>
  );
}
