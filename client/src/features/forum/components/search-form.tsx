import { useId, useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { SEARCH_MIN } from '@common/rules/forum';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { isSearchable } from '../lib/forum-url-state';

type Props = {
  /** The search in force (from the address). */
  q: string;
  /** Something to clear: a search or a profession filter is in force. */
  active: boolean;
  /** Search for this text; '' ends the search in force (a too-short text was sent). */
  onSearch: (q: string) => void;
  onClear: () => void;
};

export const SEARCH_HINT = `Enter at least ${SEARCH_MIN} characters to search.`;

/** Spec §2 forum header search: submit searches (at least 2 characters, spec §5); the clear button resets it. */
export function SearchForm({ q, active, onSearch, onClear }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [text, setText] = useState(q);
  const [hint, setHint] = useState(false);
  // A new search in the address (back button, a link) replaces what is typed, except the end of the
  // search that a too-short text asked for (below): that text and its hint stay.
  const [shownQ, setShownQ] = useState(q);
  const [endingSearch, setEndingSearch] = useState(false);
  if (shownQ !== q) {
    setShownQ(q);
    setEndingSearch(false);
    if (!(endingSearch && q === '')) {
      setText(q);
      setHint(false);
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = text.trim();
    if (!t) {
      setHint(false);
      if (q) onClear();
      return;
    }
    if (!isSearchable(t)) {
      setHint(true);
      // The search in force ends: its count and results would otherwise stay under a box that says
      // something else (issue 18). Only the text search: a profession filter stays.
      if (q) {
        setEndingSearch(true);
        onSearch('');
      }
      return;
    }
    setHint(false);
    onSearch(t);
  };

  const clear = () => {
    setText('');
    setHint(false);
    onClear();
  };

  return (
    <form role="search" aria-label="Search the forum" onSubmit={submit} noValidate className="grid gap-1.5">
      {/* Under 20rem across (large text on a phone) no box can show the whole placeholder: the name shows
          above it instead (issue 30). */}
      <label htmlFor={id} className="sr-only max-[20rem]:not-sr-only max-[20rem]:font-semibold">
        Search discussions
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted max-sm:hidden" />
          <input
            id={id}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            placeholder="Search discussions"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (hint && isSearchable(e.target.value)) setHint(false);
            }}
            aria-invalid={hint || undefined}
            aria-describedby={hint ? hintId : undefined}
            className={cn(inputClasses, 'pl-10 max-sm:pl-3 [&::-webkit-search-cancel-button]:appearance-none', (text || active) && 'pr-11')}
          />
          {(text || active) && (
            <button
              type="button"
              onClick={clear}
              aria-label="Clear search"
              className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:bg-brand-50 hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
        {/* On a phone the button is an icon, leaving the row room for the Filters toggle; its name stays
            'Search'. The box then has no icon of its own: the whole placeholder fits beside both (issue 30). */}
        <Button type="submit" variant="primary" className="max-sm:min-w-11 max-sm:px-0">
          <Search aria-hidden="true" className="size-5 sm:hidden" />
          <span className="max-sm:sr-only">Search</span>
        </Button>
      </div>
      {hint && (
        <p id={hintId} role="alert" className="text-sm font-semibold text-red-800">
          {SEARCH_HINT}
        </p>
      )}
    </form>
  );
}
