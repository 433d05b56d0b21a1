import { Link } from '@/lib/router';
import { errorMessage } from '@/lib/api-client';
import { formatAge } from '@/lib/dates';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useBlocks, useUnblockMember } from '@/components/blocks/use-blocks';

/** Settings' "Blocked members" (issue 18): who you blocked, each with Unblock; a line when nobody. */
export function BlockedMembers() {
  const { query, blocked } = useBlocks();
  const unblock = useUnblockMember();

  if (query.isPending) {
    return (
      <p role="status" className="text-muted">
        Loading…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p>Your blocked members did not load. Check your signal and try again.</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (blocked.length === 0) {
    return <p className="text-muted">You haven't blocked anyone. Block a member from their profile, a post, a comment or a chat.</p>;
  }
  return (
    <ul aria-label="Blocked members" className="grid gap-2">
      {blocked.map((b) => (
        <li key={b.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-line p-2.5">
          <AvatarIcon avatar={b.avatar} size="sm" decorative />
          <span className="grid min-w-0 flex-1">
            <Link to={`/profile/${encodeURIComponent(b.username)}`} className="link font-semibold">
              {b.username}
            </Link>
            <span className="text-sm text-muted">Blocked {formatAge(b.blockedAt)}</span>
          </span>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Unblock ${b.username}`}
            disabled={unblock.isPending && unblock.variables?.id === b.id}
            onClick={() =>
              unblock.mutate(
                { id: b.id, username: b.username },
                {
                  onSuccess: () => toast({ title: `Unblocked ${b.username}`, variant: 'success' }),
                  onError: (err) => toast({ title: 'Could not unblock', description: errorMessage(err), variant: 'destructive' }),
                },
              )
            }
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
