import { useSyncExternalStore } from 'react';

// A tiny store so any feature can open the Sign In / Register dialog without importing the auth
// feature (no cross-feature imports); the app mounts the dialog itself.
export type AuthDialogTab = 'signin' | 'register';
type State = { open: boolean; tab: AuthDialogTab };

let state: State = { open: false, tab: 'signin' };
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  listeners.forEach((l) => l());
}

export function openAuthDialog(tab: AuthDialogTab = 'signin'): void {
  set({ open: true, tab });
}

export function closeAuthDialog(): void {
  set({ ...state, open: false });
}

export function setAuthDialogTab(tab: AuthDialogTab): void {
  set({ ...state, tab });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useAuthDialog(): State {
  return useSyncExternalStore(subscribe, () => state, () => state);
}
