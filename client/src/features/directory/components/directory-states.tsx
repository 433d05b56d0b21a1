import { Link } from '@/lib/router';
import { SearchX, Users } from 'lucide-react';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { MEMBERS_MSG } from '@common/rules/members';

export const DIRECTORY_TEXT = {
  noMatches: 'No matches found',
  noProfiles: 'No public profiles',
  errorTitle: 'Unable to load directory',
  errorBody: 'There was an error loading the user directory. Please try again later.',
  verifyBody: 'Please verify your email address to access the member directory.',
  tryAgain: 'Try Again',
} as const;

/** Spec §8: the directory's 403 for an unverified email gets its own words. */
export function isVerificationError(err: unknown): boolean {
  const message = err instanceof ApiError ? err.serverMessage : err instanceof Error ? err.message : undefined;
  return !!message && message.includes(MEMBERS_MSG.directoryVerification);
}

/** Spec §2 empty states: nothing matches the search or the filters (issue 32), or nobody is listed at all. */
export function DirectoryEmpty({ q, filtered = false, onClear }: { q: string; filtered?: boolean; onClear: () => void }) {
  const narrowed = q !== '' || filtered;
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border-2 border-dashed border-line bg-card p-6 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-surface">
        {narrowed ? <SearchX aria-hidden="true" className="size-6" /> : <Users aria-hidden="true" className="size-6" />}
      </span>
      {narrowed ? (
        <>
          <h2 className="text-lg font-bold">{DIRECTORY_TEXT.noMatches}</h2>
          <p className="max-w-prose text-muted">
            {!filtered
              ? `No member's username or status contains “${q}”. Try part of a name, a town or a job, like “van” or “Leeds”.`
              : q
                ? `No member whose username or status contains “${q}” fits these filters. Try fewer filters, or another search.`
                : 'No member shows other members a courier profile that fits these filters. Try fewer of them.'}
          </p>
          <Button variant="secondary" onClick={onClear}>
            Show all members
          </Button>
        </>
      ) : (
        <>
          <h2 className="text-lg font-bold">{DIRECTORY_TEXT.noProfiles}</h2>
          <p className="max-w-prose text-muted">Verified members will show here as they join.</p>
        </>
      )}
    </div>
  );
}

/** Spec §2/§8 error state: 'Unable to load directory' with Try Again; the verify-email variant says what to do. */
export function DirectoryError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const verification = isVerificationError(error);
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
      <h2 className="text-lg font-bold">{DIRECTORY_TEXT.errorTitle}</h2>
      {verification ? (
        <>
          <p>
            <strong>{MEMBERS_MSG.directoryVerification}.</strong> {DIRECTORY_TEXT.verifyBody}
          </p>
          <p>
            Enter the 6-digit code we emailed you on the{' '}
            <Link to="/verify-email" className="link">
              email verification page
            </Link>
            , then try again.
          </p>
        </>
      ) : (
        <p>{DIRECTORY_TEXT.errorBody}</p>
      )}
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : DIRECTORY_TEXT.tryAgain}
      </Button>
    </div>
  );
}
