import { Link } from '@/lib/router';
import { ShieldAlert } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';

/**
 * An admin-only page opened by a moderator (issue 28): the page exists, it is just not theirs, so they
 * are told so and shown their own tools instead of the 404 page. Loaded with the shell, like the 404 page.
 */
export function AdminsOnlyPage() {
  return (
    <div className="mx-auto grid w-full max-w-xl justify-items-center gap-4 px-4 py-12 text-center sm:py-20">
      <Head title="Admins only" noindex />
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-accent-100">
        <ShieldAlert aria-hidden="true" className="size-8 text-ink" />
      </span>
      <h1 className="text-3xl font-extrabold">Admins only</h1>
      <p className="text-lg">This page is for admins. As a moderator, you look after posts, comments and reports from Moderation.</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/admin/moderation" className={buttonClasses('primary')}>
          Go to Moderation
        </Link>
        <Link to="/forum" className={buttonClasses('secondary')}>
          Browse Forum Discussions
        </Link>
      </div>
    </div>
  );
}
