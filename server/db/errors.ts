// What a database error says, whichever driver (PGlite or node-postgres) raised it and however deep
// Drizzle wrapped it (its DrizzleQueryError keeps the driver's error as `cause`).

/** The SQLSTATE of a database error (e.g. '23505'), looking through its causes; undefined for any other error. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A unique index refused the row (SQLSTATE 23505). */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
