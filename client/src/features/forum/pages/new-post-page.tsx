import { useState } from 'react';
import type { THeldItem } from '@common/contracts/forum';
import { TRUST_MSG } from '@common/rules/trust';
import { Link, useNavigate } from '@/lib/router';
import { useUser } from '@/lib/auth';
import { offlineWrites, PENDING_TEXT, usePendingWrites, type OfflineWrite } from '@/lib/offline-writes';
import { Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { toast } from '@/components/ui/toast';
import { useCreatePost } from '../api/create-post';
import { isHeld } from '../api/held';
import { HeldPost } from '../components/held-item';
import { writeDraft } from '../hooks/use-draft';
import { EMPTY_POST, PostEditor } from '../components/post-editor';
import { postFormValuesOfRequest } from '../lib/post-form-values';

/** The draft of a new post: kept across refreshes and failed sends until the server accepts it. */
export const NEW_POST_DRAFT_KEY = 'new-post'; // stored as 'kerbside:member:{id}:draft:new-post'

/** /forum/new (members): write a post, see it previewed, publish it. */
export function NewPostPage() {
  const navigate = useNavigate();
  const { user } = useUser();
  // The route is for members: the user is known by the time anything is sent.
  const create = useCreatePost(user?.id ?? 0);
  const kept = usePendingWrites(user?.id);
  const pending = kept.filter((w) => w.kind === 'post');
  // A new editor (key) reads the draft again: after a refused post is taken back to edit.
  const [editorKey, setEditorKey] = useState(0);
  // Issue 28: the post a moderator checks first. There is no page to go to yet: it is shown here.
  const [held, setHeld] = useState<THeldItem | null>(null);
  const edit = (w: OfflineWrite) => {
    writeDraft(NEW_POST_DRAFT_KEY, postFormValuesOfRequest(w.body));
    void offlineWrites.discard(w.clientId);
    setEditorKey((k) => k + 1);
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5 px-4 py-6">
      <Head title="New Post" noindex />
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-1 text-muted">
          <li>
            <Link to="/forum" className="link">
              Forum
            </Link>
          </li>
          <li className="before:mr-1 before:content-['›']">
            <span aria-current="page" className="text-ink">
              New Post
            </span>
          </li>
        </ol>
      </nav>
      <div>
        <h1 className="text-3xl font-extrabold">Start a discussion</h1>
        <p className="text-muted">Ask a question, share a tip or warn others about a problem on the road.</p>
      </div>
      {held && (
        <section aria-labelledby="held-title" className="grid gap-3 rounded-2xl border border-line bg-surface p-4">
          <h2 id="held-title" className="text-lg font-bold">
            {TRUST_MSG.awaitingApproval}
          </h2>
          <p role="status">{TRUST_MSG.heldNotice}</p>
          <HeldPost item={held} />
          <p>
            <Link to="/forum" className="link font-semibold">
              Back to the forum
            </Link>
          </p>
        </section>
      )}
      {pending.map((w) => (
        <PendingPost key={w.clientId} write={w} onEdit={() => edit(w)} onTryNow={() => user && void offlineWrites.flush(user.id)} />
      ))}
      <div className="rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-6">
        <PostEditor
          key={editorKey}
          draftKey={NEW_POST_DRAFT_KEY}
          initial={EMPTY_POST}
          submitLabel="Publish Post"
          notice={
            user && !user.emailVerified ? (
              <p role="note" className="rounded-xl border-l-4 border-accent-400 bg-accent-100 p-4">
                Please verify your email address before posting. Your draft is kept on this device meanwhile.
              </p>
            ) : null
          }
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={(post) => {
            if (!post) {
              // No signal: kept on the device (the notice above), published when back online.
              toast({ title: PENDING_TEXT.title, description: PENDING_TEXT.body });
              return;
            }
            if (isHeld(post)) {
              setHeld(post.heldItem);
              setEditorKey((k) => k + 1);
              toast({ title: TRUST_MSG.awaitingApproval, description: TRUST_MSG.heldNotice });
              window.scrollTo({ top: 0 });
              return;
            }
            toast({ title: 'Post published', description: 'Your discussion is live.', variant: 'success' });
            navigate(`/forum/posts/${encodeURIComponent(post.slug)}`);
          }}
          onCancel={() => navigate('/forum')}
        />
      </div>
    </div>
  );
}

/** A post written without a signal, kept on this device until the server has it (or refused it). */
function PendingPost({ write, onEdit, onTryNow }: { write: OfflineWrite; onEdit: () => void; onTryNow: () => void }) {
  const title = String(write.body.title ?? '');
  return (
    <section aria-label="Your post, not published yet" className="grid gap-2 rounded-xl border-2 border-dashed border-line bg-surface p-4">
      <p className="font-semibold break-words">{title}</p>
      {write.error ? (
        <>
          <p role="alert" className="text-sm font-semibold text-red-800">
            Not published: {write.error}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={onEdit}>
              Edit and try again
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void offlineWrites.discard(write.clientId)}>
              Discard
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <p role="status" className="text-sm text-muted">
            {PENDING_TEXT.body}
          </p>
          <Button size="sm" variant="ghost" onClick={onTryNow}>
            Try now
          </Button>
        </div>
      )}
    </section>
  );
}
