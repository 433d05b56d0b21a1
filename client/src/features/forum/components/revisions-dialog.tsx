import { useQuery } from '@tanstack/react-query';
import type { TRevisionHistory, TRevisionVersion } from '@common/contracts/revisions';
import { REVISION_MSG } from '@common/rules/revisions';
import { errorMessage } from '@/lib/api-client';
import { Modal } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Time } from '@/components/ui/time';
import { AnonymousAuthor } from '@/components/anonymous-author';
import { getRevisionsQueryOptions, type RevisionTarget } from '../api/revisions';
import { changed, wordDiff, type DiffPart } from '../lib/word-diff';

export type RevisionsDialogProps = RevisionTarget & { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The edit history of a post or comment (issue 28): every version, newest first, each with what changed
 * from the one before it, word by word. Everything shown is text (React escapes it): the versions are
 * markdown as written, never HTML.
 */
export function RevisionsDialog({ kind, id, open, onOpenChange }: RevisionsDialogProps) {
  const history = useQuery({ ...getRevisionsQueryOptions({ kind, id }), enabled: open });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={REVISION_MSG.title} className="sm:max-w-2xl">
      {history.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(history.error)}
        </p>
      ) : !history.data ? (
        <Spinner className="py-8" label="Loading the edit history" />
      ) : (
        <History data={history.data} />
      )}
    </Modal>
  );
}

/** The versions, newest first, and a note of those left out. */
function History({ data }: { data: TRevisionHistory }) {
  return (
    <div className="grid gap-4">
      {data.removed && <p className="rounded-lg bg-accent-100 px-3 py-2 text-sm font-semibold">{data.hidden ? REVISION_MSG.hidden : REVISION_MSG.removed}</p>}
      <ol className="grid gap-4" aria-label={`${data.total} version${data.total === 1 ? '' : 's'}`}>
        {data.versions.map((v, i) => (
          <Version key={v.number} version={v} older={data.versions[i + 1]} current={i === 0} />
        ))}
      </ol>
      {data.total > data.versions.length && <p className="text-sm text-muted">{REVISION_MSG.olderLeftOut(data.total - data.versions.length)}</p>}
    </div>
  );
}

/** One version: who wrote it and when, then its title and text with the changes from the version before marked. */
function Version({ version, older, current }: { version: TRevisionVersion; older: TRevisionVersion | undefined; current: boolean }) {
  const original = version.number === 1;
  // The version before it may be left out (past the cap): then this one is shown whole.
  const compared = older && older.number === version.number - 1 ? older : undefined;
  const body = compared ? wordDiff(compared.content, version.content) : null;
  const title = compared && compared.title !== null && version.title !== null ? wordDiff(compared.title, version.title) : null;
  return (
    <li className="grid gap-2 rounded-xl border border-line p-3" aria-label={`Version ${version.number}`}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold">
          Version {version.number}
          {current ? ` · ${REVISION_MSG.current}` : original ? ` · ${REVISION_MSG.original}` : ''}
        </span>
        <span className="text-muted">
          {/* Issue 32: an anonymous author's versions carry their label (the editor is the author). */}
          {version.anonymousAs !== undefined ? <AnonymousAuthor label={version.anonymousAs} /> : version.writtenBy ? `@${version.writtenBy.username}` : 'Anonymous'} ·{' '}
          <Time date={version.writtenAt} />
        </span>
      </p>
      {version.title !== null && (title && changed(title) ? <Diff parts={title} className="font-semibold" /> : <p className="font-semibold break-words">{version.title}</p>)}
      {body ? (
        changed(body) ? (
          <Diff parts={body} />
        ) : (
          <p className="text-sm text-muted italic">{REVISION_MSG.noChanges}</p>
        )
      ) : (
        <p className="whitespace-pre-wrap break-words">{version.content}</p>
      )}
    </li>
  );
}

/** A word diff as text: insertions green and underlined, deletions red and struck through, each named for screen readers. */
function Diff({ parts, className }: { parts: readonly DiffPart[]; className?: string }) {
  return (
    <p className={`whitespace-pre-wrap break-words ${className ?? ''}`}>
      {parts.map((p, i) =>
        p.op === 'same' ? (
          <span key={i}>{p.text}</span>
        ) : p.op === 'ins' ? (
          <ins key={i} className="rounded-sm bg-green-100 text-green-900 decoration-green-700">
            <span className="sr-only">Added: </span>
            {p.text}
          </ins>
        ) : (
          <del key={i} className="rounded-sm bg-red-100 text-red-900 decoration-red-700">
            <span className="sr-only">Removed: </span>
            {p.text}
          </del>
        ),
      )}
    </p>
  );
}
