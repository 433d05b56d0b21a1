import type { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/api-client';

/** Field → first message of a failed zod parse (the server's own rules, checked before sending). */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}

/** The server's field errors of a 400, or its message as the form's error. */
export function serverFieldErrors(err: unknown, fallback: string): Record<string, string> {
  const body = err instanceof ApiError ? err.body : null;
  if (body && typeof body === 'object' && 'errors' in body && body.errors && typeof body.errors === 'object') {
    const fields = body.errors as Record<string, string>;
    if (Object.keys(fields).length) return fields;
  }
  return { form: errorMessage(err, fallback) };
}
