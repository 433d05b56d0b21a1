import { ApiError } from '@/lib/api-client';

// Turning a failed save into words on the form. Whatever happened, the text stays where it was: these
// messages say so, because losing a long post to a dropped signal is the worst thing this page can do.

export type FormError = {
  /** Messages for named fields (400 `errors`), shown under each field. */
  fields: Record<string, string>;
  /** A message for the whole form, or null when the field messages say it all. */
  message: string | null;
  status: number | null;
};

export function readFormError(err: unknown, fieldNames: readonly string[] = []): FormError {
  if (!(err instanceof ApiError)) {
    return { fields: {}, message: "Couldn't reach Kerbside. Check your signal and try again: your text is kept on this device.", status: null };
  }
  const body = (err.body && typeof err.body === 'object' ? err.body : {}) as { errors?: unknown };
  const fields: Record<string, string> = {};
  if (err.status === 400 && body.errors && typeof body.errors === 'object') {
    for (const [k, v] of Object.entries(body.errors as Record<string, unknown>)) {
      if (fieldNames.includes(k) && typeof v === 'string') fields[k] = v;
    }
  }
  const server = err.serverMessage;
  let message: string | null;
  if (err.status === 400 && Object.keys(fields).length > 0) message = null;
  else if (err.status === 401) message = 'Your session has ended. Sign in again, then send: your text is kept on this device.';
  else if (err.status === 429) message = server ?? 'You are posting too quickly. Please wait a few minutes and try again.';
  else if (err.status >= 500) message = 'Something went wrong on our side. Please try again in a moment: your text is kept on this device.';
  else message = server ?? 'Please try again.';
  return { fields, message, status: err.status };
}
