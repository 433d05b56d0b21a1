import { Megaphone, X } from 'lucide-react';
import { visibilityLabel } from '@common/rules/bulletins';
import type { TBulletin } from '@common/contracts/bulletins';
import { cn } from '@/lib/cn';

/** One bulletin (spec §3): its Public/Members label, title, message and, on the forum, a dismiss button. */
export function BulletinCard({ bulletin, onDismiss }: { bulletin: Pick<TBulletin, 'title' | 'message' | 'visibilityType'>; onDismiss?: () => void }) {
  const label = visibilityLabel(bulletin.visibilityType);
  return (
    <section
      aria-label={`Bulletin: ${bulletin.title}`}
      className="flex items-start gap-3 rounded-xl border-l-4 border-brand-800 bg-brand-50 p-4 text-ink"
    >
      <Megaphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-800" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-bold">{bulletin.title}</span>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              bulletin.visibilityType === 'everyone' ? 'bg-card text-brand-900 ring-1 ring-brand-800' : 'bg-primary text-white',
            )}
          >
            {label}
          </span>
        </p>
        <p className="text-sm break-words whitespace-pre-line">{bulletin.message}</p>
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={`Dismiss bulletin: ${bulletin.title}`}
          className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-card"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      )}
    </section>
  );
}
