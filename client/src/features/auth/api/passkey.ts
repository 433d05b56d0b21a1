import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { passkeySignInOptions } from '@endpoints/sign-in';
import { call } from '@/lib/api-client';

// Passkeys in the browser (issue 33 part 3): the WebAuthn helpers are fetched the first time a passkey
// is asked for, never with the landing page that shows the sign-in form to every guest.

type WebAuthn = typeof WebAuthnBrowser;
let loading: Promise<WebAuthn> | undefined;

/** @simplewebauthn/browser, imported once (again after a failed try: a dropped signal). */
export function loadWebAuthn(): Promise<WebAuthn> {
  return (loading ??= import('@simplewebauthn/browser').catch((err: unknown) => {
    loading = undefined;
    throw err;
  }));
}

/** The browser can use passkeys at all (WebAuthn). */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser offers passkeys in the email field's autofill (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    return (await window.PublicKeyCredential.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

// Not `instanceof Error`: a DOMException is not an Error in every engine.
const errorName = (err: unknown) => (typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '');

/** The member closed the browser's passkey prompt, or it was set aside for another: nothing went wrong. */
export const isCancelled = (err: unknown) => ['NotAllowedError', 'AbortError'].includes(errorName(err));

/**
 * Asks the browser for one of the site's passkeys against a fresh challenge. Starting it sets aside
 * any request still waiting (the autofill's): the library keeps one ceremony at a time. With
 * `autofill`, the browser offers the passkeys in the email field's suggestions and the promise waits
 * until the member picks one; `stillWanted` is asked before the browser is, after the two fetches.
 */
export async function askForPasskey(opts: { autofill?: boolean; stillWanted?: () => boolean } = {}): Promise<AuthenticationResponseJSON | null> {
  const [{ startAuthentication }, { options }] = await Promise.all([loadWebAuthn(), call(passkeySignInOptions)]);
  if (opts.stillWanted && !opts.stillWanted()) return null;
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: opts.autofill });
}

/** Ends a passkey request still waiting (the autofill's, when its form goes). */
export function cancelPasskeyRequest(): void {
  void loadWebAuthn().then(
    (w) => w.WebAuthnAbortService.cancelCeremony(),
    () => undefined,
  );
}
