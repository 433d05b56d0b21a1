/**
 * Whether an error means the database cannot be reached right now (PostgreSQL restarting, a failover,
 * the network to it down) rather than that a query was wrong: such requests answer 503 with
 * Retry-After, and the next one after it returns works again by itself (issue 29). Drizzle wraps the
 * driver's error, so the cause chain is read.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || SERVER_CODES.has(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres's own words when a connection ends under a query or never opens.
const DRIVER_MESSAGES = ['Connection terminated', 'timeout exceeded when trying to connect', 'Client has encountered a connection error', 'Connection terminated unexpectedly'];
