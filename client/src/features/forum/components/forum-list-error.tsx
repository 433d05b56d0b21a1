import { Link } from '@/lib/router';
import { ApiError } from '@/lib/api-client';
import { Button, buttonClasses } from '@/components/ui/button';

type Props = { error: Error; onRetry: () => void; retrying: boolean; /** The unfiltered list. */ allHref: string };

/**
 * A failed list or search load (spec §8 'Failed to fetch posts' / 'Search failed'). Trying again
 * helps with a weak signal or a server hiccup; a 4xx (a category that does not exist, a bad search)
 * will not change, so that leads back to the whole forum instead.
 */
export function ForumListError({ error, onRetry, retrying, allHref }: Props) {
  const cause = error.cause;
  const clientError = cause instanceof ApiError && cause.status >= 400 && cause.status < 500 && cause.status !== 429;
  const serverSaid = clientError ? cause.serverMessage : undefined;
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
      <h2 className="text-lg font-bold">{error.message}</h2>
      <p>{serverSaid ? serverSaid.replace(/[^.!?]$/, '$&.') : 'Check your signal and try again.'}</p>
      {clientError ? (
        <Link to={allHref} className={buttonClasses('secondary')}>
          View all discussions
        </Link>
      ) : (
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      )}
    </div>
  );
}
