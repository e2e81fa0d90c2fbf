import type { FastifyBaseLogger } from 'fastify';

/**
 * The security event log (OWASP ASVS 7.2): one structured line per event, `security_event` naming
 * it, so a log pipeline can alert on it by that key. The fields are a closed set of identifiers and
 * reasons: never a password, a token, an email body or a search term.
 */
export type SecurityEventName =
  | 'login.succeeded'
  | 'login.failed'
  | 'login.limited'
  | 'logout'
  | 'session.revoked'
  | 'session.other-operator'
  | 'session.handover'
  | 'registration'
  | 'email.verified'
  | 'email.changed'
  | 'password.changed'
  | 'password.reset-requested'
  | 'password.reset'
  | 'access.denied'
  | 'csrf.refused'
  | 'rate.limited'
  | 'upload.refused'
  | 'staff.action'
  | 'operator.initialised';

export interface SecurityEventFields {
  /** The account the event is about (the one logging in, changed, refused). */
  userId?: number | null;
  /** Staff acting for a customer, or the staff user taking an action. */
  actorUserId?: number | null;
  /** The client's address as the app sees it (TRUST_PROXY). */
  ip?: string;
  requestId?: string;
  /** The route, without its query string (queries may hold personal data). */
  route?: string;
  method?: string;
  status?: number;
  /** A short machine-readable reason: 'bad-password', 'unknown-account', 'pdf-javascript', ... */
  reason?: string;
}

export function logSecurityEvent(
  log: FastifyBaseLogger,
  event: SecurityEventName,
  fields: SecurityEventFields = {},
): void {
  const line: Record<string, unknown> = { security_event: event };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) line[key] = value;
  log.warn(line, `security: ${event}`);
}

/** The fields every request-borne event shares: who asked from where, and the route without its query. */
export function requestFields(request: {
  ip: string;
  id: string;
  method: string;
  url: string;
}): Pick<SecurityEventFields, 'ip' | 'requestId' | 'route' | 'method'> {
  const query = request.url.indexOf('?');
  return {
    ip: request.ip,
    requestId: request.id,
    method: request.method,
    route: query === -1 ? request.url : request.url.slice(0, query),
  };
}
