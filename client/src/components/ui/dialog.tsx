import { useRef, type ReactNode, type RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

type ModalProps = {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  /** Visible description; when absent the dialog is described by nothing (no warning). */
  description?: ReactNode;
  children: ReactNode;
  /** 'center' for dialogs, 'sheet' for the mobile menu sliding in from the right. */
  layout?: 'center' | 'sheet';
  className?: string;
  trigger?: ReactNode;
  hideTitle?: boolean;
  /** Where focus goes on close; by default the element focused when the dialog opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/** A Radix dialog with our overlay, panel and close button. */
export function Modal({ open, onOpenChange, title, description, children, layout = 'center', className, trigger, hideTitle, returnFocusRef }: ModalProps) {
  // Radix returns focus only to its own Trigger; dialogs opened from elsewhere (a store, a lazily
  // loaded sheet) get focus back where it was.
  const previous = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            if (trigger) return;
            const target = returnFocusRef?.current ?? previous.current;
            if (target && target !== document.body && target.isConnected) {
              e.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            'fixed z-50 overflow-y-auto bg-card text-ink shadow-2xl focus:outline-none',
            layout === 'center'
              ? // Under 20rem across (large text on a phone) the dialog takes the whole screen: a margin and
                // padding that grow with the text would leave its words a few letters a line (issue 30).
                'dialog-content top-1/2 left-1/2 max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl p-5 max-[20rem]:max-h-dvh max-[20rem]:w-full max-[20rem]:rounded-none max-[20rem]:p-3 sm:p-6'
              : 'sheet-content inset-y-0 right-0 h-dvh w-[min(22rem,88vw)] p-5',
            className,
          )}
        >
          {/* Under 20rem across the title takes a line of its own, under the close button. */}
          <div className="mb-4 flex items-start justify-between gap-4 max-[20rem]:flex-wrap max-[20rem]:gap-2">
            <Dialog.Title className={cn('text-xl font-bold', hideTitle && 'sr-only')}>{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1 -mr-1 ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink hover:bg-brand-50 max-[20rem]:order-first"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="mb-4 text-muted">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
