import { useSyncExternalStore } from 'react';
import { deviceForWidth, MOBILE_MAX_WIDTH, type TAdDevice } from '@common/rules/ads';

// One list per query: a page has a dozen ad slots, each reading it on every render, and each
// matchMedia call parses its query anew (it showed in the forum list's hydration profile, issue 31).
const lists = new Map<string, MediaQueryList>();
let listsOf: typeof window.matchMedia | undefined;
function listFor(query: string): MediaQueryList {
  // A test stands in its own matchMedia: lists of another one are not its answers.
  if (listsOf !== window.matchMedia) {
    lists.clear();
    listsOf = window.matchMedia;
  }
  let list = lists.get(query);
  if (!list) lists.set(query, (list = window.matchMedia(query)));
  return list;
}

// One subscribe function per query, so React does not resubscribe on every render.
const subscribers = new Map<string, (onChange: () => void) => () => void>();
function subscribeTo(query: string) {
  let subscribe = subscribers.get(query);
  if (!subscribe) {
    subscribe = (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = listFor(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    };
    subscribers.set(query, subscribe);
  }
  return subscribe;
}

/** Whether a media query matches now, following changes; `fallback` where there is no matchMedia. */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    subscribeTo(query),
    () => (typeof window.matchMedia === 'function' ? listFor(query).matches : fallback),
    () => fallback,
  );
}

const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

/** Spec §9: mobile is a width of 768 px or less; what the ad request says it is. */
export function useAdDevice(): TAdDevice {
  const mobile = useMediaQuery(MOBILE_QUERY, typeof window !== 'undefined' && deviceForWidth(window.innerWidth) === 'mobile');
  return mobile ? 'mobile' : 'desktop';
}

/** Tailwind's lg: the sidebar (and its ad) exist only from here up. */
export const LARGE_SCREEN_QUERY = '(min-width: 1024px)';
