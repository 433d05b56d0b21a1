import { ANONYMOUS_BLOCK_NAME } from '@common/rules/anonymous';
import { Link } from '@/lib/router';
import { errorMessage } from '@/lib/api-client';
import { formatAge } from '@/lib/dates';
import { AnonymousAvatar } from '@/components/anonymous-author';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ANONYMOUS_BLOCK_TEXT } from '@/components/blocks/anonymous-block-button';
import { useBlocks, useUnblockAnonymous, useUnblockMember } from '@/components/blocks/use-blocks';

const rowClasses = 'flex flex-wrap items-center gap-3 rounded-xl border border-line p-2.5';

/**
 * Settings' "Blocked members" (issue 18): who you blocked, each with Unblock; a line when nobody. Blocks
 * made from anonymous content (issue 32) are listed by the content's label, never by the account.
 */
export function BlockedMembers() {
  const { query, blocked, anonymousQuery, anonymous } = useBlocks();
  const unblock = useUnblockMember();
  const unblockAnonymous = useUnblockAnonymous();

  if (query.isPending || anonymousQuery.isPending) {
    return (
      <p role="status" className="text-muted">
        Loading…
      </p>
    );
  }
  if (query.isError || anonymousQuery.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p>Your blocked members did not load. Check your signal and try again.</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            if (query.isError) void query.refetch();
            if (anonymousQuery.isError) void anonymousQuery.refetch();
          }}
          disabled={query.isFetching || anonymousQuery.isFetching}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (blocked.length === 0 && anonymous.length === 0) {
    return <p className="text-muted">You haven't blocked anyone. Block a member from their profile, a post, a comment or a chat.</p>;
  }
  return (
    <ul aria-label="Blocked members" className="grid gap-2">
      {blocked.map((b) => (
        <li key={b.id} className={rowClasses}>
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
      {anonymous.map((b) => (
        <li key={`anonymous-${b.id}`} data-testid="anonymous-block" className={rowClasses}>
          <AnonymousAvatar size="sm" decorative />
          <span className="grid min-w-0 flex-1">
            <span className="font-semibold break-words">{ANONYMOUS_BLOCK_NAME}</span>
            <span className="text-sm break-words text-muted">
              Posted as “{b.anonymousAs}” · Blocked {formatAge(b.blockedAt)}
            </span>
          </span>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Unblock ${ANONYMOUS_BLOCK_NAME}, posted as “${b.anonymousAs}”`}
            disabled={unblockAnonymous.isPending && unblockAnonymous.variables?.id === b.id}
            onClick={() =>
              unblockAnonymous.mutate(b, {
                onSuccess: () => toast({ title: ANONYMOUS_BLOCK_TEXT.unblocked, variant: 'success' }),
                onError: (err) => toast({ title: 'Could not unblock', description: errorMessage(err), variant: 'destructive' }),
              })
            }
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
