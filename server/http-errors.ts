/** An error with an HTTP status whose message is safe to show to the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra JSON fields sent beside `message` (e.g. requiresVerification, field errors). */
    readonly body: Record<string, unknown> = {},
    /** Seconds, sent as Retry-After with a 429 or 503. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors ? { errors } : {});
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new HttpError(409, message, errors ? { errors } : {});
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, Math.max(1, Math.ceil(retryAfterSeconds)));
