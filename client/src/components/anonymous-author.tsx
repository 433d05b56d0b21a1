import { VenetianMask } from 'lucide-react';
import { cn } from '@/lib/cn';
import { AVATAR_SIZES } from '@/components/ui/avatar-icon';

// Issue 32, a protected voice (ADR 0022): a post or reply written anonymously carries its frozen label
// ("A verified Evri courier in LS") instead of an author. Everywhere an author is shown, the label takes
// the name's place: as text, never a profile link, beside a mask rather than a profession's avatar (the
// avatar filters by profession: it would narrow who wrote it), with no badge or courier facts (the label
// already says what its author chose to show). Below the features: the forum and the admin screens use it.

/** What marks a label as anonymous, seen and heard. */
export const ANONYMOUS_MARKER = 'Anonymous';

/** What may name who wrote a post or reply: its author, or its anonymous label (the author then null). */
export type Authored = { author: { username: string } | null; anonymousAs?: string };

/**
 * Who wrote it, as plain text (an aria-label, "reply to …"): the anonymous label, the username, or
 * 'Anonymous' for an account since deleted.
 */
export const authorName = ({ author, anonymousAs }: Authored): string => anonymousAs ?? author?.username ?? 'Anonymous';

type AvatarProps = { size?: keyof typeof AVATAR_SIZES; className?: string; decorative?: boolean };

/** The neutral avatar of anonymous content: the same for every anonymous author. */
export function AnonymousAvatar({ size = 'md', className, decorative }: AvatarProps) {
  return (
    <span
      data-testid="anonymous-avatar"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : ANONYMOUS_MARKER}
      aria-hidden={decorative ? true : undefined}
      title={decorative ? undefined : ANONYMOUS_MARKER}
      className={cn('avatar bg-slate-600', AVATAR_SIZES[size], className)}
    >
      <VenetianMask aria-hidden="true" className="size-full" />
    </span>
  );
}

type Props = {
  label: string;
  /** The label's weight and colour are the caller's, as a name's are where it stands. */
  className?: string;
  /** The marker's own classes (a phone row keeps it for screen readers only). */
  markerClassName?: string;
};

/** The label in a name's place, with its small "Anonymous" marker. */
export function AnonymousAuthor({ label, className, markerClassName }: Props) {
  return (
    <span data-testid="anonymous-author" className={cn('inline-flex min-w-0 flex-wrap items-baseline gap-x-1.5', className)}>
      <span className="min-w-0 wrap-anywhere">{label}</span>
      <span className={cn('rounded-full border border-line bg-surface px-1.5 text-xs font-semibold text-muted', markerClassName)}>
        <span className="sr-only">, </span>
        {ANONYMOUS_MARKER}
      </span>
    </span>
  );
}
