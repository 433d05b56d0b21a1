import { Lock } from 'lucide-react';

/** Shown in place of the comment box on a locked post (the server answers 403 with the same words). */
export function LockedNotice() {
  return (
    <p role="note" className="flex items-start gap-2 rounded-xl border border-line bg-surface p-4 font-semibold">
      <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      This discussion is locked. New comments are not allowed.
    </p>
  );
}
