import { ArrowDown, CircleCheck } from 'lucide-react';
import type { TAcceptedAnswer } from '@common/contracts/forum';
import { Link } from '@/lib/router';
import { BlockedContent } from '@/components/blocks/blocked-content';
import { AnonymousAuthor } from '@/components/anonymous-author';

type Props = {
  answer: TAcceptedAnswer;
  /** Scrolls to the reply in the thread and highlights it (as a #comment-{id} link does; again when the address has it already). */
  onGo: (commentId: number) => void;
};

/**
 * Issue 33: under a Q&A question, the reply its author (or a moderator) accepted as the answer: who wrote
 * it, its first words as plain text, and a link to it in the thread (loading further pages of replies when
 * it is not among the first).
 */
export function AcceptedAnswer({ answer, onGo }: Props) {
  const id = answer.commentId;
  return (
    <section aria-labelledby="accepted-answer-title" className="grid gap-2 rounded-xl border-2 border-green-700 bg-green-50 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h2 id="accepted-answer-title" className="inline-flex items-center gap-1.5 self-center font-bold text-green-900">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          Accepted answer
        </h2>
        <p className="text-sm text-muted">
          by {answer.anonymousAs !== undefined ? <AnonymousAuthor label={answer.anonymousAs} /> : answer.author ? `@${answer.author.username}` : 'Anonymous'}
        </p>
      </div>
      {/* A reply by someone the reader blocked stays hidden here too (issue 18; an anonymous one, issue 32, when blocked from it). */}
      <BlockedContent author={answer.author} anonymous={answer.anonymousAs !== undefined ? { commentId: id } : undefined} what="comment">
        <p className="break-words whitespace-pre-line text-ink">{answer.excerpt}</p>
      </BlockedContent>
      <Link
        to={`#comment-${id}`}
        preventScrollReset
        // A plain click; one with a modifier opens the link elsewhere (a new tab), the router's rule too.
        onClick={(e) => {
          if (e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) onGo(id);
        }}
        className="inline-flex min-h-9 w-fit items-center gap-1 font-semibold text-link underline underline-offset-2 hover:no-underline"
      >
        Go to the answer
        <ArrowDown aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
