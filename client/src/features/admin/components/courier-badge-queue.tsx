import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TPendingVerification } from '@common/contracts/courier';
import { courierNetworkName, VERIFY_MSG, VERIFY_REASON_MAX } from '@common/rules/courier';
import { TRUST_LEVEL_NAMES, clampLevel } from '@common/rules/trust';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { getVerificationsQueryOptions, useDecideVerification, verificationProofUrl } from '../api/courier-verifications';

/**
 * The verified courier badge requests (issue 32 item 2), beside the reports and the review queue on
 * /admin/moderation (`?queue=badges`): each member's proof photo for a network, oldest first, to approve
 * (the badge is given) or refuse with a reason the member is told. Either way the photo is deleted.
 */
export function CourierBadgeQueue() {
  const requests = useQuery(getVerificationsQueryOptions());
  return (
    <section aria-labelledby="badges-title" className="grid gap-3">
      <h2 id="badges-title" className="text-xl font-bold">
        Courier badges
      </h2>
      <p className="text-sm text-muted">
        Members asking for “Verified courier”: check the photo shows them working for the network they name. The photo is deleted as soon as you decide.
      </p>
      {requests.isPending ? (
        <p role="status">Loading the badge requests…</p>
      ) : requests.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
          <p>{errorMessage(requests.error, 'The badge requests did not load.')}</p>
          <Button variant="secondary" onClick={() => void requests.refetch()}>
            Try again
          </Button>
        </div>
      ) : requests.data.requests.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-line bg-card p-4">No badge requests waiting. All clear.</p>
      ) : (
        <ul className="grid gap-3">
          {requests.data.requests.map((r) => (
            <BadgeRequestItem key={r.id} request={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One request: who (trust level, joined), the network, when it was sent, the photo, and the decision. */
export function BadgeRequestItem({ request }: { request: TPendingVerification }) {
  const { user } = useUser();
  const decide = useDecideVerification();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [broken, setBroken] = useState(false);
  const reasonId = useId();
  const { member } = request;
  const network = courierNetworkName(request.network);
  const own = user?.id === member.id;
  const blank = reason.trim().length === 0;

  const run = (outcome: 'approve' | 'refuse') =>
    decide.mutate(outcome === 'approve' ? { id: request.id, outcome } : { id: request.id, outcome, reason: reason.trim() }, {
      onSuccess: (res) => toast({ title: res.message, variant: 'success' }),
      onError: (err) => toast({ title: 'Action failed', description: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <li>
      <article aria-label={`Badge request by @${member.username}`} className="grid gap-3 rounded-xl border border-line bg-card p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-accent-100 px-2 py-0.5 font-semibold">{network}</span>
          <span className="text-muted">
            Sent <Time date={request.createdAt} />
          </span>
        </div>
        <p className="text-sm">
          By{' '}
          <Link to={`/profile/${encodeURIComponent(member.username)}`} className="link font-semibold">
            @{member.username}
          </Link>{' '}
          · {TRUST_LEVEL_NAMES[clampLevel(member.trustLevel)]} (level {member.trustLevel}) · joined <Time date={member.joinedDate} />
        </p>

        {broken ? (
          <p className="rounded-lg border-2 border-dashed border-line p-3 text-sm text-muted">The photo did not load: it may have been decided already. Reload the list.</p>
        ) : (
          <a href={verificationProofUrl(request.id)} target="_blank" rel="noopener noreferrer" className="justify-self-start" aria-label={`Open the proof of @${member.username} full size`}>
            <img
              src={verificationProofUrl(request.id)}
              alt={`Proof sent by @${member.username} for ${network}`}
              loading="lazy"
              decoding="async"
              onError={() => setBroken(true)}
              className="block h-auto max-h-[28rem] w-auto max-w-full rounded-lg border border-line bg-surface object-contain"
            />
          </a>
        )}

        {own ? (
          <p className="text-sm text-muted">This is your own request: another moderator decides it.</p>
        ) : (
          <div className="grid gap-2">
            {refusing && (
              <>
                <label htmlFor={reasonId} className="text-sm font-semibold">
                  Reason (the member is told)
                </label>
                <textarea
                  id={reasonId}
                  value={reason}
                  rows={2}
                  maxLength={VERIFY_REASON_MAX}
                  onChange={(e) => setReason(e.target.value)}
                  className={cn(inputClasses, 'resize-y')}
                  placeholder="e.g. The photo does not show the network’s name"
                  autoFocus
                />
                <p className="text-sm text-muted">
                  {blank ? VERIFY_MSG.reasonRequired : `${reason.length} of ${VERIFY_REASON_MAX} characters`}
                </p>
              </>
            )}
            <div className="flex flex-wrap gap-2">
              {refusing ? (
                <>
                  <Button size="sm" variant="danger" onClick={() => run('refuse')} disabled={decide.isPending || blank}>
                    Refuse request
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setRefusing(false)} disabled={decide.isPending}>
                    Cancel
                  </Button>
                </>
              ) : (
                <>
                  <Button size="sm" onClick={() => run('approve')} disabled={decide.isPending}>
                    Approve
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setRefusing(true)} disabled={decide.isPending}>
                    Refuse…
                  </Button>
                </>
              )}
            </div>
          </div>
        )}
      </article>
    </li>
  );
}
