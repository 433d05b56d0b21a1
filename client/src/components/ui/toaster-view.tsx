import { Toast as RadixToast } from 'radix-ui';
import { X } from 'lucide-react';
import { TOAST_MS, TOAST_SWIPE_PX } from '@common/rules/site';
import { cn } from '@/lib/cn';
import { dismissToast, useToast, type ToastVariant } from './toast';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-brand-800 bg-card text-ink',
  success: 'border-green-700 bg-green-50 text-green-950',
  destructive: 'border-red-700 bg-red-50 text-red-950',
};

/** Radix's toast provider and viewport, showing the toast store (see toast.tsx). */
export function ToasterView() {
  const { toasts: list } = useToast();
  // One toast at a time (toast.tsx), so the viewport follows the side of the one showing. At the top it
  // stays below the header's height, leaving the menu, bell and sign-in reachable.
  const side = list[0]?.side ?? 'bottom';
  return (
    <RadixToast.Provider duration={TOAST_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_PX}>
      {list.map((t) => (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          // Errors interrupt (assertive); confirmations wait their turn (polite).
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border-l-8 p-4 pr-10 shadow-lg ring-1 ring-black/10',
            variantClasses[t.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="font-bold">{t.title}</RadixToast.Title>
            {t.description && <RadixToast.Description className="text-sm">{t.description}</RadixToast.Description>}
            {t.action && (
              <RadixToast.Action altText={t.action.label} asChild>
                <button
                  type="button"
                  onClick={t.action.onClick}
                  className="mt-1 inline-flex min-h-11 items-center justify-self-start rounded-lg bg-primary px-4 font-semibold text-white hover:bg-primary-hover"
                >
                  {t.action.label}
                </button>
              </RadixToast.Action>
            )}
          </div>
          <RadixToast.Close
            aria-label="Dismiss notification"
            className="absolute top-2 right-2 rounded-md p-1.5 text-current hover:bg-ink/10"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport
        data-side={side}
        className={cn('fixed right-0 z-[100] flex w-full max-w-md flex-col gap-2 p-4 outline-none', side === 'top' ? 'top-16' : 'bottom-0')}
      />
    </RadixToast.Provider>
  );
}
