import type { z } from 'zod';
import { ApiError, errorMessage, pausedMessage } from './api-client';

// Turning a failed call into words on a form. The server sends `errors: {field: message}` beside its
// `message` with a 400 (and with a 409 when one field is the conflict, e.g. a slug already taken);
// fieldErrors is the one reader of it, the rest compose it for the kinds of form we have.

type FieldMessages<F extends string> = Partial<Record<F, string>>;

/**
 * The server's field messages of a failed call: only those of `fields` when given, only for an
 * answer of `status` when given; {} for anything else (network failure, no `errors`).
 */
export function fieldErrors<F extends string = string>(
  err: unknown,
  opts: { fields?: readonly F[]; status?: number } = {},
): FieldMessages<F> {
  if (!(err instanceof ApiError) || (opts.status !== undefined && err.status !== opts.status)) return {};
  const body = err.body && typeof err.body === 'object' ? (err.body as { errors?: unknown }) : {};
  const out: FieldMessages<F> = {};
  if (body.errors && typeof body.errors === 'object') {
    for (const [k, v] of Object.entries(body.errors as Record<string, unknown>)) {
      if (typeof v === 'string' && (!opts.fields || (opts.fields as readonly string[]).includes(k))) out[k as F] = v;
    }
  }
  return out;
}

/** Field → first message of a failed zod parse (the server's own rules, checked before sending). */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}

/** The server's field errors, or when it named no field its message (else `fallback`) as `form`. */
export function formErrors(err: unknown, fallback: string): Record<string, string> {
  const fields = fieldErrors(err) as Record<string, string>;
  return Object.keys(fields).length ? fields : { form: errorMessage(err, fallback) };
}

/** The toast text of a failed call: the server's message, a word about the signal, or the fallback. */
export function failureText(err: unknown, fallback = 'Please try again.'): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return err.serverMessage ?? 'Too many attempts. Please wait a few minutes and try again.';
    if (err.status >= 500) return pausedMessage(err) ?? 'Something went wrong on our side. Please try again in a moment.';
    return err.serverMessage ?? fallback;
  }
  return "Couldn't reach Kerbside. Check your signal and try again.";
}

export type FormError = {
  /** Messages for named fields (400 `errors`), shown under each field. */
  fields: Record<string, string>;
  /** A message for the whole form, or null when the field messages say it all. */
  message: string | null;
  status: number | null;
};

/**
 * A failed save of a long text (post, comment). Whatever happened, the text stays where it was:
 * these messages say so, because losing a long post to a dropped signal is the worst thing a page
 * can do.
 */
export function readFormError(err: unknown, fieldNames: readonly string[] = []): FormError {
  if (!(err instanceof ApiError)) {
    return { fields: {}, message: "Couldn't reach Kerbside. Check your signal and try again: your text is kept on this device.", status: null };
  }
  const fields = fieldErrors(err, { fields: fieldNames, status: 400 }) as Record<string, string>;
  const server = err.serverMessage;
  let message: string | null;
  if (err.status === 400 && Object.keys(fields).length > 0) message = null;
  else if (err.status === 401) message = 'Your session has ended. Sign in again, then send: your text is kept on this device.';
  else if (err.status === 429) message = server ?? 'You are posting too quickly. Please wait a few minutes and try again.';
  // Maintenance (503) is not a fault: its own words, and the text stays as with any failure.
  else if (pausedMessage(err)) message = `${pausedMessage(err)} Your text is kept on this device.`;
  else if (err.status >= 500) message = 'Something went wrong on our side. Please try again in a moment: your text is kept on this device.';
  else message = server ?? 'Please try again.';
  return { fields, message, status: err.status };
}
