import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { TMentionSuggestion } from '@common/contracts/mentions';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { cn } from '@/lib/cn';
import { useMentionSuggestions } from './use-mention-suggestions';
import { insertMention, mentionQueryAt, type MentionQuery } from '@/lib/mentions';

// Issue 18: typing '@' and a letter in a composer lists matching members under (or, near the bottom of
// the screen, above) the text box. The box itself becomes the combobox (ARIA 1.2: focus stays in it,
// aria-activedescendant names the highlighted option), so typing never stops: ↑/↓ move, Enter or Tab
// insert `@username `, Escape closes until the name changes; a tap or click on an option inserts it.
// Loaded only once a composer has been focused (mention-slot.tsx), never with a page.

type Props = {
  /** The composer's text box. */
  target: RefObject<HTMLTextAreaElement | null>;
  /** Replaces the composer's text (its own state: a draft, a form value), as typing would. */
  setText: (text: string) => void;
};

type Place = { left: number; width: number; top?: number; bottom?: number };

/** Below the box when the list fits there, otherwise above it (the chat composer sits at the bottom). */
function placeFor(box: HTMLElement): Place {
  const r = box.getBoundingClientRect();
  const width = Math.min(r.width, 320);
  const below = window.innerHeight - r.bottom;
  return below >= 240 || below >= r.top ? { left: r.left, width, top: r.bottom + 4 } : { left: r.left, width, bottom: window.innerHeight - r.top + 4 };
}

const NAV_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape']);

export function MentionAutocomplete({ target, setText }: Props) {
  const listId = useId();
  const [at, setAt] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  /** The query Escape closed the list on: it stays closed until the name typed changes. */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const members = useMentionSuggestions(at && at.query !== dismissed ? at.query : null);
  const open = at !== null && at.query !== dismissed && members.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  // Read by the native listeners, which are added once.
  const state = useRef({ open, members, active, at });
  state.current = { open, members, active, at };
  const setTextRef = useRef(setText);
  setTextRef.current = setText;

  const pick = useCallback(
    (member: TMentionSuggestion) => {
      const box = target.current;
      const where = state.current.at;
      if (!box || !where) return;
      // The box shows the composer's text: the name typed is read there, at the caret it was typed at.
      const text = box.value;
      const now = mentionQueryAt(text, where.end)?.start === where.start ? where : mentionQueryAt(text, box.selectionStart ?? text.length);
      if (!now) return;
      const next = insertMention(text, now, member.username);
      setTextRef.current(next.text);
      setAt(null);
      // After React has written the new value into the box.
      requestAnimationFrame(() => {
        box.focus();
        box.setSelectionRange(next.caret, next.caret);
      });
    },
    [target],
  );

  useEffect(() => {
    const box = target.current;
    if (!box) return;
    const read = () => {
      const caret = box.selectionStart ?? 0;
      setAt(box.selectionStart === box.selectionEnd ? mentionQueryAt(box.value, caret) : null);
      setActive(0);
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (!NAV_KEYS.has(e.key)) read();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const s = state.current;
      if (e.target !== box || !s.open || e.isComposing) return;
      const n = s.members.length;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') setActive((s.active + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
      else if (e.key === 'Enter' || e.key === 'Tab') pick(s.members[s.active] ?? s.members[0]!);
      else if (e.key === 'Escape') setDismissed(s.at?.query ?? null);
      else return;
      // Handled here: not a new line, not a send (the chat's Enter), not a move of focus, not a dialog's Escape.
      e.preventDefault();
      e.stopPropagation();
    };
    const onBlur = () => setAt(null);
    // Typed while this was loading: read the box as it is now.
    if (document.activeElement === box) read();
    box.addEventListener('input', read);
    box.addEventListener('click', read);
    box.addEventListener('keyup', onKeyUp);
    // Capturing on the window: it runs before any handler of the page (React's included), so a key
    // the list takes is nobody else's.
    window.addEventListener('keydown', onKeyDown, true);
    box.addEventListener('blur', onBlur);
    return () => {
      box.removeEventListener('input', read);
      box.removeEventListener('click', read);
      box.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('keydown', onKeyDown, true);
      box.removeEventListener('blur', onBlur);
    };
  }, [target, pick]);

  // The box says it completes from a list; while the list shows it is the combobox that owns it, its
  // highlighted option named by aria-activedescendant. Closed, it is the plain text box it always was
  // (its label and tests find it as such). Attributes React does not manage on the box.
  useEffect(() => {
    const box = target.current;
    if (!box) return;
    box.setAttribute('aria-autocomplete', 'list');
    return () => {
      for (const a of ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant']) box.removeAttribute(a);
    };
  }, [target]);

  useEffect(() => {
    const box = target.current;
    if (!box) return;
    if (open) {
      box.setAttribute('role', 'combobox');
      box.setAttribute('aria-expanded', 'true');
      box.setAttribute('aria-controls', listId);
      box.setAttribute('aria-activedescendant', optionId(Math.min(active, members.length - 1)));
    } else {
      for (const a of ['role', 'aria-controls', 'aria-expanded', 'aria-activedescendant']) box.removeAttribute(a);
    }
  });

  useLayoutEffect(() => {
    const box = target.current;
    if (!open || !box) return;
    const update = () => setPlace(placeFor(box));
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [open, target]);

  const status = open ? `${members.length} ${members.length === 1 ? 'member' : 'members'} to mention: up and down arrows to choose, Enter to insert` : '';
  return createPortal(
    <>
      <p role="status" className="sr-only">
        {status}
      </p>
      {open && place && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Members to mention"
          style={{ left: place.left, width: place.width, top: place.top, bottom: place.bottom }}
          className="fixed z-50 grid max-h-72 min-w-48 overflow-y-auto rounded-lg border border-slate-300 bg-card py-1 shadow-lg"
        >
          {members.map((m, i) => (
            <li
              key={m.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keeps the focus (and the caret) in the text box on a tap or click.
              onPointerDown={(e) => e.preventDefault()}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(m)}
              onPointerEnter={() => setActive(i)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 px-3 py-1.5 text-base text-ink',
                i === active ? 'bg-brand-100' : 'hover:bg-brand-50',
              )}
            >
              <AvatarIcon avatar={m.avatar} size="sm" decorative />
              <span className="truncate font-semibold">@{m.username}</span>
            </li>
          ))}
        </ul>
      )}
    </>,
    document.body,
  );
}
