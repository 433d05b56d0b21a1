import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import {
  addPasskey,
  forgetDevices,
  getSecurity,
  passkeyAddOptions,
  removePasskey,
  renamePasskey,
  twoStepConfirm,
  twoStepDisable,
  twoStepRecoveryCodes,
  twoStepSetup,
} from '@endpoints/sign-in';
import { call } from '@/lib/api-client';

// The member's passkeys and two-step sign-in in their settings (issue 33 part 3; docs/API.md "Passkeys
// and two-step sign-in"). Every change reads the settings again; each answers a `message` for the
// toast, which is the caller's.

export const securityKey = [getSecurity.path] as const;

export const getSecurityQueryOptions = () =>
  queryOptions({
    queryKey: securityKey,
    queryFn: ({ signal }) => call(getSecurity, {}, { signal }),
  });

/** A mutation of the security settings, which are read again once it has run (or failed). */
function useSecurityChange<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: securityKey }) });
}

/** The WebAuthn helpers, fetched when a passkey is added (not with the profile page). */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** The browser can make and use passkeys (WebAuthn). */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * A new passkey: the password confirmed (the server's challenge), the browser makes the key, the
 * server keeps it under the member's name for it.
 */
export function useAddPasskey() {
  return useSecurityChange(async ({ name, password }: { name: string; password: string }) => {
    const [{ startRegistration }, { options }] = await Promise.all([loadWebAuthn(), call(passkeyAddOptions, { body: { password } })]);
    const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
    // The browser's JSON as it is (a copy: the contract reads it as a loose object).
    return call(addPasskey, { body: { name, response: { ...response, response: { ...response.response } } } });
  });
}

export const useRenamePasskey = () => useSecurityChange(({ id, name }: { id: number; name: string }) => call(renamePasskey, { params: { id }, body: { name } }));

export const useRemovePasskey = () => useSecurityChange((id: number) => call(removePasskey, { params: { id } }));

/** Step 1 of turning it on: the password → a new secret and its QR code. */
export const useTwoStepSetup = () => useSecurityChange((password: string) => call(twoStepSetup, { body: { password } }));

/** Step 2: a code from the app turns it on → the recovery codes, shown this once. */
export const useTwoStepConfirm = () => useSecurityChange((code: string) => call(twoStepConfirm, { body: { code } }));

export const useNewRecoveryCodes = () =>
  useSecurityChange((body: { password: string; code: string }) => call(twoStepRecoveryCodes, { body }));

export const useDisableTwoStep = () => useSecurityChange((body: { password: string; code: string }) => call(twoStepDisable, { body }));

export const useForgetDevices = () => useSecurityChange(() => call(forgetDevices));
