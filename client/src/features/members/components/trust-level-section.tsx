import { useQuery } from '@tanstack/react-query';
import { Check, Circle } from 'lucide-react';
import type { TTrustStatus } from '@common/contracts/members';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { getTrustStatusQueryOptions } from '../api/members-api';

/**
 * The member's trust level in their settings (issue 28): the level, what it allows, and what the next
 * one needs, each requirement with what they have now. Plain facts from GET /api/profile/trust; the
 * texts are the server's (common/rules/trust.ts), never member-written.
 */
export function TrustLevelSection() {
  const q = useQuery(getTrustStatusQueryOptions());
  return (
    <section aria-labelledby="trust-title" className="grid gap-3 rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-5">
      <h2 id="trust-title" className="text-lg font-bold">
        Trust level
      </h2>
      {q.isPending ? (
        <Spinner label="Loading your trust level" className="py-2" />
      ) : q.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(q.error, 'Unable to load your trust level.')}
        </p>
      ) : (
        <TrustLevelBody status={q.data} />
      )}
    </section>
  );
}

export function TrustLevelBody({ status }: { status: TTrustStatus }) {
  return (
    <>
      <p className="text-base font-semibold">
        Trust level: {status.level} — {status.name}
      </p>
      {status.staff ? (
        <p className="text-sm text-muted">As an admin or moderator, you have the highest level’s allowances.</p>
      ) : status.pinned ? (
        <p className="text-sm text-muted">An admin set your level, so it does not change with your activity.</p>
      ) : (
        <p className="text-sm text-muted">Your level grows as you use the forum: visiting, reading, writing and the reactions others give you. It is recalculated every hour.</p>
      )}
      <div className="grid gap-1">
        <h3 className="font-semibold">What your level allows</h3>
        <ul className="grid list-disc gap-1 pl-5">
          {status.allows.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {status.next && (
        <div className="grid gap-1">
          <h3 className="font-semibold">
            To reach level {status.next.level} — {status.next.name}
          </h3>
          <ul className="grid gap-1.5">
            {status.next.needs.map((need) => (
              <li key={need.label} className="flex items-start gap-2">
                {need.met ? (
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
                )}
                <span>
                  <span className="sr-only">{need.met ? 'Done: ' : 'Not yet: '}</span>
                  {need.label} <span className="text-sm text-muted">(you have {need.have})</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
