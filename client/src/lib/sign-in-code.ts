import { RECOVERY_CODE_PATTERN, SIGN_IN_MSG, TOTP_DIGITS } from '@common/rules/sign-in';

// The second step's code as the contract reads it (common/contracts/sign-in.ts, ZSecondStepRequest),
// without loading zod on the landing page: six digits from the app, or a recovery code in any case,
// with spaces or a dash anywhere.

export type CodeKind = 'app' | 'recovery';

const APP_CODE = new RegExp(`^\\d{${TOTP_DIGITS}}$`);
/** The contract's longest recovery code as typed, spaces and dashes included. */
const RECOVERY_TYPED_MAX = 40;

/** The code to send (spaces taken out), or what is wrong with it in the server's words. */
export function readCode(typed: string, kind: CodeKind): { code: string } | { error: string } {
  if (kind === 'app') {
    const code = typed.replace(/\s/g, '');
    return APP_CODE.test(code) ? { code } : { error: SIGN_IN_MSG.codeFormat };
  }
  const code = typed.toLowerCase().replace(/[\s-]/g, '');
  return typed.length <= RECOVERY_TYPED_MAX && RECOVERY_CODE_PATTERN.test(code) ? { code } : { error: SIGN_IN_MSG.recoveryFormat };
}
