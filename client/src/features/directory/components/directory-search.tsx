import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { inputClasses } from '@/components/ui/form-field';
import { DIRECTORY_QUERY_MAX, MEMBERS_MSG } from '@common/rules/members';
import { isSearchableDirectoryQuery, normaliseDirectoryQuery } from '../lib/directory-url-state';

export const SEARCH_DEBOUNCE_MS = 300;
export const DIRECTORY_SEARCH_PLACEHOLDER = 'Search by username or status...';

const searchable = (value: string) => value.trim() === '' || isSearchableDirectoryQuery(value.trim());

type Props = {
  /** The search in force (from the address). */
  q: string;
  onSearch: (q: string) => void;
};

/**
 * Spec §2 directory search: it searches as you type, 300 ms after the last key (one request per
 * pause, not per letter, on a weak signal); Enter searches at once.
 */
export function DirectorySearch({ q, onSearch }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [text, setText] = useState(q);
  const trimmed = text.trim();
  // A search the server would refuse ('-', '.x') is not sent; this says why.
  const refused = trimmed !== '' && !isSearchableDirectoryQuery(trimmed);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A search arriving from the address (back button, a link) replaces what is typed, unless it is
  // what is typed (a trailing space must survive its own search).
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    if (normaliseDirectoryQuery(text) !== q) setText(q);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!searchable(value)) return;
      if (normaliseDirectoryQuery(value) !== q) onSearch(value);
    }, SEARCH_DEBOUNCE_MS);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    clearTimeout(timer.current);
    if (searchable(text) && normaliseDirectoryQuery(text) !== q) onSearch(text);
  };

  const clear = () => {
    clearTimeout(timer.current);
    setText('');
    if (q) onSearch('');
  };

  return (
    <form role="search" aria-label="Search members" onSubmit={submit} className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Search members
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={DIRECTORY_QUERY_MAX}
          placeholder={DIRECTORY_SEARCH_PLACEHOLDER}
          value={text}
          aria-invalid={refused || undefined}
          aria-describedby={refused ? hintId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            schedule(e.target.value);
          }}
          className={cn(inputClasses, 'pl-10 [&::-webkit-search-cancel-button]:appearance-none', text && 'pr-11')}
        />
        {text && (
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
      {refused && (
        <p id={hintId} role="alert" className="text-sm font-semibold text-red-800">
          {MEMBERS_MSG.queryStart}
        </p>
      )}
    </form>
  );
}
