import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';

type Props = {
  title: string;
  /** One line under the title, shown open or closed. */
  summary?: ReactNode;
  /** Start open (a step is waiting, like an email code). */
  defaultOpen?: boolean;
  /** Controlled open state, with onOpenChange. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  tone?: 'default' | 'danger';
  children: ReactNode;
};

/**
 * A settings card whose body opens from its heading (a disclosure button inside the h2), so the
 * profile page stays short on a phone: each form is one tap away and only one is long.
 */
export function SettingsSection({ title, summary, defaultOpen = false, open: openProp, onOpenChange, tone = 'default', children }: Props) {
  const id = useId();
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const setOpen = (v: boolean) => {
    setOpenState(v);
    onOpenChange?.(v);
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn('grid rounded-2xl border bg-card shadow-sm', tone === 'danger' ? 'border-red-300' : 'border-line')}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
          className={cn(
            'flex min-h-14 w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left sm:px-5',
            tone === 'danger' ? 'text-red-800 hover:bg-red-50' : 'hover:bg-brand-50',
          )}
        >
          {title}
          <ChevronDown aria-hidden="true" className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')} />
        </button>
      </h2>
      {summary && <div className="px-4 pb-3 text-sm text-muted sm:px-5">{summary}</div>}
      <div id={`${id}-panel`} hidden={!open} className="border-t border-line px-4 py-4 sm:px-5">
        {open && children}
      </div>
    </section>
  );
}
