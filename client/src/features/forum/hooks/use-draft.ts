import { useState } from 'react';
import { memberStorage } from '@/lib/storage';

// What a member writes is kept in the browser as they type, so a refresh, a dropped signal or a failed
// send never loses it. The draft is removed only by clear(), which callers run once the server has
// accepted the text, or by discard(), the member's own choice, or when the member signs out (issue 18:
// drafts are kept per member, and a shared phone keeps nothing of a member who signed out).

/** Where a draft is kept: under its member (lib/storage.ts memberStorage), so a shared phone keeps them apart. */
const draftName = (key: string) => `draft:${key}`;

export type DraftValue = string | Record<string, string>;

const isEmptyDraft = (v: DraftValue) =>
  typeof v === 'string' ? v.trim() === '' : Object.values(v).every((s) => typeof s !== 'string' || s.trim() === '');

/** A stored draft of the same shape as `empty`, or null (missing, unreadable, or another shape). */
export function readDraft<T extends DraftValue>(key: string, empty: T): T | null {
  const raw = memberStorage.get(draftName(key));
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof empty === 'string') return typeof parsed === 'string' && !isEmptyDraft(parsed) ? (parsed as T) : null;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const merged: Record<string, string> = { ...(empty as Record<string, string>) };
    for (const k of Object.keys(merged)) {
      const v = (parsed as Record<string, unknown>)[k];
      if (typeof v === 'string') merged[k] = v;
    }
    return isEmptyDraft(merged) ? null : (merged as T);
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: DraftValue | null): void {
  if (value === null || isEmptyDraft(value)) memberStorage.remove(draftName(key));
  else memberStorage.set(draftName(key), JSON.stringify(value));
}

type State<T> = { key: string; value: T; restored: boolean };

function load<T extends DraftValue>(key: string, initial: T): State<T> {
  const saved = readDraft(key, initial);
  return saved ? { key, value: saved, restored: true } : { key, value: initial, restored: false };
}

export type Draft<T> = {
  value: T;
  /** Updates the text and saves it at once (no debounce: a refresh a moment later must not lose it). */
  setValue: (next: T | ((prev: T) => T)) => void;
  /** True when the value came from an earlier visit (show 'Draft restored'). */
  restored: boolean;
  /** The server accepted the text: forget the draft and go back to `initial`. */
  clear: () => void;
  /** The member threw the draft away: forget it and go back to `initial` (e.g. the text being edited). */
  discard: () => void;
};

/**
 * A value kept in localStorage for the signed-in member (`kerbside:member:{id}:draft:{key}`). `initial` is what to show when there
 * is no draft (empty for a new text, the current text when editing). An empty value is not stored.
 */
export function useDraft(key: string, initial: string): Draft<string>;
export function useDraft<T extends Record<string, string>>(key: string, initial: T): Draft<T>;
export function useDraft<T extends DraftValue>(key: string, initial: T): Draft<T> {
  const [state, setState] = useState<State<T>>(() => load(key, initial));
  // Another key (the same editor reused for another post or reply): load that key's draft.
  let current = state;
  if (state.key !== key) {
    current = load(key, initial);
    setState(current);
  }

  const setValue = (next: T | ((prev: T) => T)) => {
    setState((s) => {
      const value = typeof next === 'function' ? (next as (prev: T) => T)(s.value) : next;
      // Back to the starting text (an edit undone) is no draft: nothing to restore next time.
      writeDraft(s.key, JSON.stringify(value) === JSON.stringify(initial) ? null : value);
      return { ...s, value };
    });
  };

  const reset = () => {
    writeDraft(key, null);
    setState({ key, value: initial, restored: false });
  };

  return { value: current.value, setValue, restored: current.restored, clear: reset, discard: reset };
}
