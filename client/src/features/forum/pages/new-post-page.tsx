import { Link } from 'react-router';
import { Head } from '@/components/ui/head';

export function NewPostPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6">
      <Head title="New Post" noindex />
      <h1 className="text-3xl font-extrabold">New Post</h1>
      <p>
        Here you'll write a new discussion: a title, a category and your post, with a preview before it goes live. The
        editor is on its way.
      </p>
      <p>
        <Link to="/forum" className="link">
          Back to the forum
        </Link>
      </p>
    </div>
  );
}
