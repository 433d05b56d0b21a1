// Dark mode (issue 30, item 1): the reader's choice of colours, kept on the device. "system" follows
// the device's setting by CSS alone (prefers-color-scheme, client/src/index.css), so it needs no
// script; "light" and "dark" are an attribute on <html> that the CSS obeys over the device's setting.

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** The localStorage key (Essential storage: listed in the privacy policy, common/content/legal.ts). */
export const THEME_KEY = 'theme';

/** What was stored, as a choice: anything else (missing, old, tampered with) is "system". */
export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/**
 * Run by the browser in <head>, before the first paint, so a page is drawn in the chosen colours
 * from its first frame: the HTML is the same for every reader (guests' pages are cached for all of
 * them, server/lib/guest-cache.ts), so the choice cannot come from the server. Inlined into
 * index.html by the build (vite.config.ts) and allowed by its hash in the Content-Security-Policy
 * (server/plugins/security-headers.ts), both from this one string: change it and both follow.
 */
export const THEME_SCRIPT = `try{var t=localStorage.getItem("${THEME_KEY}");if(t==="light"||t==="dark")document.documentElement.setAttribute("data-theme",t)}catch(e){}`;
