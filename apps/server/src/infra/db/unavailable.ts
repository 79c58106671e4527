// Failures that mean "the database cannot be reached right now" rather than "this query is wrong":
// the server stopped or restarting, the network gone, a connection or query timeout. A request that
// meets one is answered 503 TL_CORE_00503_E (http/error-handler.ts) and the client may retry; once
// the database is back the same process serves again (the pool opens new connections).

/** SQLSTATEs of an unavailable server: connection exceptions (class 08), shutdown, no slots, cancelled by timeout. */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300|57014)$/;

/** Socket errors of the driver's connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Messages of node-postgres and its pool for a lost, closed or timed-out connection (they carry no code). */
const DRIVER_MESSAGES =
  /^(Connection terminated|Query read timeout$|timeout exceeded when trying to connect$|Client has encountered a connection error|Client was closed)/;

/**
 * Why an error means the database is unavailable (a SQLSTATE, a socket code or "connection lost"),
 * or undefined for any other error. Looks through the cause chain (drizzle wraps the driver's
 * error) and into an AggregateError (a refused connection to several addresses).
 */
export function databaseUnavailableReason(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): string | undefined => {
    if (!e || typeof e !== 'object' || depth > 6 || seen.has(e)) return undefined;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return code;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return 'connection lost or timed out';
    if (Array.isArray(errors)) {
      for (const inner of errors) {
        const reason = visit(inner, depth + 1);
        if (reason) return reason;
      }
    }
    return visit(cause, depth + 1);
  };
  return visit(err, 0);
}
