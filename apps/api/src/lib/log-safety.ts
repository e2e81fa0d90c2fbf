import { stdSerializers } from 'pino';

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
