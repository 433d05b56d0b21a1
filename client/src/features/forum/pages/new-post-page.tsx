import { Link, useNavigate } from '@/lib/router';
import { useUser } from '@/lib/auth';
import { Head } from '@/components/ui/head';
import { toast } from '@/components/ui/toast';
import { useCreatePost } from '../api/create-post';
import { EMPTY_POST, PostEditor } from '../components/post-editor';

/** The draft of a new post: kept across refreshes and failed sends until the server accepts it. */
export const NEW_POST_DRAFT_KEY = 'new-post'; // stored as 'kerbside:draft:new-post'

/** /forum/new (members): write a post, see it previewed, publish it. */
export function NewPostPage() {
  const navigate = useNavigate();
  const { user } = useUser();
  const create = useCreatePost();

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
      <div className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6">
        <PostEditor
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
            toast({ title: 'Post published', description: 'Your discussion is live.', variant: 'success' });
            navigate(`/forum/posts/${encodeURIComponent(post.slug)}`);
          }}
          onCancel={() => navigate('/forum')}
        />
      </div>
    </div>
  );
}
