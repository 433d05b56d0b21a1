import { ApiError } from '@/lib/api-client';

/**
 * The field messages of a 400 answer (`errors: {field: message}`) for the fields a form has, so
 * the server's word shows under the field it is about.
 */
export function serverFieldErrors<F extends string>(err: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const body = err.body && typeof err.body === 'object' ? (err.body as { errors?: unknown }) : {};
  const out: Partial<Record<F, string>> = {};
  if (body.errors && typeof body.errors === 'object') {
    for (const [k, v] of Object.entries(body.errors as Record<string, unknown>)) {
      if ((fields as readonly string[]).includes(k) && typeof v === 'string') out[k as F] = v;
    }
  }
  return out;
}

/** The toast text of a failed call: the server's message, a word about the signal, or the fallback. */
export function failureText(err: unknown, fallback = 'Please try again.'): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return err.serverMessage ?? 'Too many attempts. Please wait a few minutes and try again.';
    if (err.status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
    return err.serverMessage ?? fallback;
  }
  return "Couldn't reach Kerbside. Check your signal and try again.";
}
