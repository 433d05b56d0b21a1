import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import type { TVerificationStatus, TVerifiedBadge } from '@common/contracts/courier';
import {
  COURIER_NETWORKS,
  courierNetworkName,
  VERIFY_MSG,
  VERIFY_PROOF_MAX_MB,
  VERIFY_PROOF_TYPES,
  verifiedBadgeText,
  verifiedSinceText,
  type TCourierNetwork,
} from '@common/rules/courier';
import { Link } from '@/lib/router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { failureText, fieldErrors } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { getVerificationQueryOptions, useCancelVerification, useRemoveOwnBadge, useRequestVerification } from '../api/verification';
import { FieldError } from '@/components/ui/field-error';

/** What the file picker offers, and what the server takes: JPEG, PNG or WebP. */
const ACCEPT = VERIFY_PROOF_TYPES.join(',');
const MAX_BYTES = VERIFY_PROOF_MAX_MB * 1024 * 1024;
const NETWORK_MISSING = 'Choose the network your proof is for';
const UNREADABLE = 'That photo could not be read on this device. Choose it again, or another one.';

/** What is wrong with a chosen photo before it is sent (its type, its size), or null. */
function proofProblem(file: File): string | null {
  if (!(VERIFY_PROOF_TYPES as readonly string[]).includes(file.type)) return VERIFY_MSG.proofType;
  if (file.size > MAX_BYTES) return VERIFY_MSG.proofTooLarge;
  return null;
}

/** The photo as a data URL (`data:image/jpeg;base64,…`), as the server takes it. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * "Verified courier badge" in the member's settings (issue 32 item 2): the badge they hold, the request
 * waiting for a moderator, the last refusal and its reason; else the form to ask for it (a network and
 * one photo of proof), for members with a verified email.
 */
export function VerifiedBadgeSection() {
  const status = useQuery(getVerificationQueryOptions());
  if (status.isPending) return <Spinner label="Loading your verified courier badge" className="py-6" />;
  if (status.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
        <p>{errorMessage(status.error, 'Your verified courier badge did not load. Check your signal and try again.')}</p>
        <Button variant="secondary" onClick={() => void status.refetch()} disabled={status.isFetching}>
          {status.isFetching ? 'Trying again…' : 'Try Again'}
        </Button>
      </div>
    );
  }
  return <BadgeStatus status={status.data} />;
}

function BadgeStatus({ status }: { status: TVerificationStatus }) {
  const { user } = useUser();
  const { badge, pending, lastDecision } = status;
  const refused = !pending && lastDecision?.status === 'refused' ? lastDecision : null;
  return (
    <div className="grid gap-4">
      {badge && <BadgeHeld badge={badge} />}
      {pending && <PendingRequest network={pending.network} createdAt={pending.createdAt} />}
      {refused && (
        <div className="grid gap-1 rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
          <p className="font-semibold">
            Your request for the {courierNetworkName(refused.network)} badge was refused <Time date={refused.decidedAt} />.
          </p>
          {refused.reason && <p className="break-words">Reason: {refused.reason}</p>}
          {!badge && <p className="text-sm">You can send a new photo below.</p>}
        </div>
      )}
      {!badge &&
        !pending &&
        (user && !user.emailVerified ? (
          <p className="rounded-lg border-l-4 border-line bg-surface p-3">
            You need a verified email address to ask for the badge. Verify your email first, then come back here.
          </p>
        ) : (
          <RequestForm />
        ))}
    </div>
  );
}

function BadgeHeld({ badge }: { badge: TVerifiedBadge }) {
  const remove = useRemoveOwnBadge();
  const [confirming, setConfirming] = useState(false);
  const text = verifiedBadgeText(badge.network);
  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: (res) => {
        setConfirming(false);
        toast({ title: res.message, variant: 'success' });
      },
      onError: (err) => toast({ title: 'Could not remove your badge', description: failureText(err), variant: 'destructive' }),
    });
  return (
    <div className="grid justify-items-start gap-2">
      <p className="inline-flex items-center gap-2 font-semibold">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-800" />
        <span>
          {text}, {verifiedSinceText(badge.since)}
        </span>
      </p>
      <p className="text-sm text-muted">Everyone sees it beside your name on your posts and comments, on your profile and on your directory card.</p>
      <Button variant="secondary" onClick={() => (remove.reset(), setConfirming(true))}>
        Remove badge
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove your badge?"
        description={`Your posts, comments, profile and directory card stop showing “${text}”. To have it again you send a new photo for a moderator to check.`}
        confirmLabel="Remove badge"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.error ? failureText(remove.error) : null}
        onConfirm={onConfirm}
      />
    </div>
  );
}

function PendingRequest({ network, createdAt }: { network: string; createdAt: string }) {
  const cancel = useCancelVerification();
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (res) => toast({ title: res.message, variant: 'success' }),
      onError: (err) => toast({ title: 'Could not cancel your request', description: failureText(err), variant: 'destructive' }),
    });
  return (
    <div className="grid justify-items-start gap-2">
      <p>
        <span className="font-semibold">Waiting for a moderator:</span> {courierNetworkName(network)}, sent <Time date={createdAt} />
      </p>
      <p className="text-sm text-muted">Your photo is deleted as soon as a moderator decides, or when you cancel. You are told of the decision.</p>
      <Button variant="secondary" onClick={onCancel} disabled={cancel.isPending} aria-busy={cancel.isPending || undefined}>
        {cancel.isPending ? 'Cancelling…' : 'Cancel request'}
      </Button>
    </div>
  );
}

type Errors = { network?: string; proof?: string; form?: string };

/** A network and one photo → POST /api/profile/courier/verification; the photo's type and size are checked first. */
function RequestForm() {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const send = useRequestVerification();
  const [network, setNetwork] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const busy = reading || send.isPending;

  const pick = (f: File | null) => {
    setFile(f);
    setErrors((old) => ({ ...old, proof: f ? (proofProblem(f) ?? undefined) : undefined, form: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!network) found.network = NETWORK_MISSING;
    const problem = file ? proofProblem(file) : VERIFY_MSG.proofMissing;
    if (problem) found.proof = problem;
    setErrors(found);
    if (!file || found.network || found.proof) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    let proof: string;
    setReading(true);
    try {
      proof = await readAsDataUrl(file);
    } catch {
      setErrors({ proof: UNREADABLE });
      return;
    } finally {
      setReading(false);
    }
    send.mutate(
      { network: network as TCourierNetwork, proof },
      {
        onSuccess: (res) => toast({ title: res.message, variant: 'success' }),
        onError: (err) => {
          const named = fieldErrors(err, { fields: ['network', 'proof'], status: 400 });
          const tooLarge = err instanceof ApiError && err.status === 413 ? { proof: failureText(err) } : {};
          const fields = { ...named, ...tooLarge };
          setErrors(Object.keys(fields).length ? fields : { form: failureText(err) });
          toast({ title: 'Could not send your request', description: failureText(err), variant: 'destructive' });
        },
      },
    );
  };

  const describe = (field: 'network' | 'proof', hint?: string) => [hint, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <p>
        Show other couriers you really drive for a network. Send one photo of your courier badge, an app screen or a payslip, and a moderator checks it.
        Your posts, comments, profile and directory card then show it, as in “Verified Evri courier”.
      </p>

      <div className="grid gap-1.5">
        <label htmlFor={`${id}-network`} className="font-semibold">
          Network
        </label>
        <select
          id={`${id}-network`}
          value={network}
          onChange={(e) => (setNetwork(e.currentTarget.value), setErrors((old) => ({ ...old, network: undefined })))}
          aria-invalid={errors.network ? true : undefined}
          aria-describedby={describe('network')}
          className={inputClasses}
        >
          <option value="">Choose a network</option>
          {COURIER_NETWORKS.map((n) => (
            <option key={n.slug} value={n.slug}>
              {n.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-network-error`} message={errors.network} />
      </div>

      <div className="grid gap-1.5">
        <label htmlFor={`${id}-proof`} className="font-semibold">
          Photo of your proof
        </label>
        <p id={`${id}-proof-hint`} className="text-sm text-muted">
          A JPEG, PNG or WebP photo, at most {VERIFY_PROOF_MAX_MB} MB. You may cover what the moderator does not need, such as your address.
        </p>
        <input
          id={`${id}-proof`}
          type="file"
          accept={ACCEPT}
          onChange={(e) => pick(e.currentTarget.files?.[0] ?? null)}
          aria-invalid={errors.proof ? true : undefined}
          aria-describedby={describe('proof', `${id}-proof-hint`)}
          className="block w-full min-w-0 text-base file:mr-3 file:min-h-11 file:rounded-lg file:border-2 file:border-brand-800 file:bg-card file:px-4 file:font-semibold file:text-brand-900 hover:file:bg-brand-50"
        />
        <FieldError id={`${id}-proof-error`} message={errors.proof} />
      </div>

      <div className="grid gap-1 rounded-lg bg-surface p-3 text-sm">
        <p className="font-semibold">What happens to your photo</p>
        <ul className="grid list-disc gap-1 pl-5">
          <li>Only moderators see it, on their review screen. It is never published.</li>
          <li>Its hidden details, such as where and with what it was taken, are removed when it arrives.</li>
          <li>It is deleted as soon as a moderator decides, or when you cancel your request.</li>
          <li>We keep the decision: the network, the date and any reason. You are told of it.</li>
        </ul>
        <p>
          More in our{' '}
          <Link to="/privacy-policy" className="link">
            privacy policy
          </Link>
          .
        </p>
      </div>

      {errors.form && (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-950">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Sending…' : 'Send for checking'}
      </Button>
    </form>
  );
}

