import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';

/** A failed list or search load (spec §8 'Failed to fetch posts' / 'Search failed'), with Try again. */
export function ForumListError({ error, onRetry, retrying }: { error: Error; onRetry: () => void; retrying: boolean }) {
  const cause = error.cause;
  const serverSaid = cause instanceof ApiError && cause.status < 500 ? cause.serverMessage : undefined;
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
      <h2 className="text-lg font-bold">{error.message}</h2>
      <p>{serverSaid ? serverSaid.replace(/[^.!?]$/, '$&.') : 'Check your signal and try again.'}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </Button>
    </div>
  );
}
