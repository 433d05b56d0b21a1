import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SmilePlus } from 'lucide-react';
import { REACTIONS } from '@common/reactions';
import { cn } from '@/lib/cn';

type Props = {
  mine: readonly string[];
  onPick: (emoji: string) => void;
  size?: 'md' | 'sm';
  /** Why reacting is paused now (maintenance): the button rests, its title says why. */
  disabledReason?: string | null;
};

/**
 * The ten reactions of spec §9 behind one button. A plain disclosure rather than a positioned popover:
 * nothing extra to download, and it opens under the button in the bar's own width on any phone.
 */
export function ReactionPicker({ mine, onPick, size = 'md', disabledReason }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!trigger.current?.contains(target) && !panel.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      close();
    }
  };

  // No element of its own around the button and the panel (every comment has one, issue 31): the panel
  // is placed under the bar (the button is the bar's last item, on its last line).
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        // The visible word is the name when shown (WCAG 2.5.3 label in name).
        aria-label={size === 'md' ? 'React: add a reaction' : 'Add a reaction'}
        title={disabledReason ?? 'Add a reaction'}
        disabled={!!disabledReason}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onKeyDown}
        // Its look is in index.css (.reaction-add): on every comment.
        className={size === 'md' ? 'reaction-add' : 'reaction-add reaction-add-sm'}
      >
        <SmilePlus aria-hidden="true" className={size === 'md' ? 'size-5' : 'size-4'} />
        {size === 'md' && <span className="text-sm font-semibold">React</span>}
      </button>
      {open && !disabledReason && (
        <div
          ref={panel}
          id={panelId}
          role="group"
          aria-label="Reactions"
          onKeyDown={onKeyDown}
          className="absolute top-full left-0 z-20 mt-2 grid grid-cols-5 gap-1 rounded-xl border border-line bg-card p-2 shadow-lg"
        >
          {REACTIONS.map((r, i) => {
            const pressed = mine.includes(r.emoji);
            return (
              <button
                key={r.emoji}
                type="button"
                // The first reaction takes focus so the keyboard can go straight on.
                autoFocus={i === 0}
                aria-pressed={pressed}
                aria-label={r.name}
                title={r.name}
                onClick={() => {
                  onPick(r.emoji);
                  close();
                }}
                className={cn(
                  'inline-flex size-11 items-center justify-center rounded-lg text-2xl hover:bg-brand-50',
                  pressed && 'bg-brand-100 ring-2 ring-brand-800',
                )}
              >
                <span aria-hidden="true">{r.emoji}</span>
              </button>
            );
          })}
        </div>
      )}
    </>
  );
}
