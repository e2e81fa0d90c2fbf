import { stdSerializers } from 'pino';
import { pathOnly } from './lazy-request-logger';

/**
 * Errors as the logs keep them: never a failed query's parameters (a failed registration would log
 * the member's email, phone and password hash), nor PostgreSQL's `detail`, which quotes the values
 * of a violated key. The query text, the error code and the stack stay, which is what support needs.
 */
const secretKeys = new Set(['params', 'parameters', 'detail', 'values']);

export function safeError(error: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  const serialized = stdSerializers.err(error);
  return {
    ...(withoutSecrets(serialized, 0) as Record<string, unknown>),
    type: serialized.type,
    message: clean(serialized.message),
    stack: clean(serialized.stack),
  };
}

/** drizzle's message (and so the stack) repeats the parameters on a line of their own. */
function clean(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [not logged]');
}

function withoutSecrets(value: unknown, depth: number): unknown {
  if (depth > 5 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((inner) => withoutSecrets(inner, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (secretKeys.has(key)) continue;
    copy[key] =
      (key === 'message' || key === 'stack') && typeof inner === 'string'
        ? clean(inner)
        : withoutSecrets(inner, depth + 1);
  }
  return copy;
}

/**
 * A request URL as the logs keep it: the value of every query parameter that can carry a secret
 * (`?token=` hand-over codes, reset or verification tokens, codes, keys) and the token in a
 * `/password-reset/{token}` page path are replaced, so a log line can never sign anyone in.
 */
const secretQueryKey = /token|code|secret|key|password|signature|sig$/i;
const secretPathSegment = /(\/password-reset\/)[^/?#]+/gi;

export function redactUrlSecrets(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(secretPathSegment, '$1[redacted]');
  if (queryAt === -1) return path;
  const kept = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals === -1 ? pair : pair.slice(0, equals);
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw key.
      }
      return equals !== -1 && secretQueryKey.test(name) ? `${key}=[redacted]` : pair;
    });
  return `${path}?${kept.join('&')}`;
}

/**
 * Fastify's request serialiser: the URL's path only (a query holds personal data: the front desk's
 * search, a geocoded postcode, a hand-over code), with a secret in the path redacted.
 */
export function safeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}): Record<string, unknown> {
  // Fastify's own fields, the URL redacted.
  return {
    method: request.method,
    url: redactUrlSecrets(pathOnly(request.url)),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
