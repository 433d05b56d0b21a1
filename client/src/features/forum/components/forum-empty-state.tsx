import { Link } from '@/lib/router';
import { MessageSquare } from 'lucide-react';
import { openAuthDialog } from '@/lib/auth-dialog';
import { buttonClasses, Button } from '@/components/ui/button';

/** Spec §2: 'No discussions yet' with Start Discussion (members) or Join & Post (guests). */
export function ForumEmptyState({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-2xl border-2 border-dashed border-line bg-card px-4 py-12 text-center">
      <MessageSquare aria-hidden="true" className="size-10 text-muted" />
      <h2 className="text-xl font-bold">No discussions yet</h2>
      <p className="text-muted">Be the first to start a conversation!</p>
      {signedIn ? (
        <Link to="/forum/new" className={buttonClasses('primary')}>
          Start Discussion
        </Link>
      ) : (
        <Button variant="accent" onClick={() => openAuthDialog('register')}>
          Join &amp; Post
        </Button>
      )}
    </div>
  );
}
