import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { DialogClose, Modal } from '@/components/ui/dialog';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; returnFocusRef?: RefObject<HTMLElement | null> };

/**
 * The footer's Cookie Settings dialog. Kerbside sets only its essential sign-in cookie today, so
 * this says so; the switches for optional cookies arrive with the consent banner.
 */
export function CookieSettingsDialog({ open, onOpenChange, returnFocusRef }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      returnFocusRef={returnFocusRef}
      title="Cookie Preferences"
      description="What Kerbside stores on your device."
    >
      <div className="grid gap-4">
        <div className="flex items-start justify-between gap-4 rounded-xl border border-line p-4">
          <div className="grid gap-1">
            <h3 className="font-bold">Essential</h3>
            <p className="text-sm text-muted">
              Keeps you signed in and remembers small choices on this device (like a dismissed welcome message). The site
              can't work without them.
            </p>
          </div>
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">
            <Lock aria-hidden="true" className="size-4" /> Always on
          </span>
        </div>
        <p className="rounded-xl bg-surface p-4 text-sm">
          We don't use analytics, functional or marketing cookies yet. If we ever add any, we'll ask for your consent here
          first, and nothing optional will run until you say yes.
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link to="/privacy" onClick={() => onOpenChange(false)} className={buttonClasses('link')}>
            Privacy Policy
          </Link>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </div>
      </div>
    </Modal>
  );
}
