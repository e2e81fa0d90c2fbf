import { camelizeKeys, snakeizeKeys, toSnakeKey } from './keys';

/**
 * The one API client. Screens never call fetch: they call hooks in features/, which call this.
 * It converts keys, sends the session cookie and the CSRF header, and turns failures into ApiError
 * with the spec's default messages.
 */

export const defaultMessages: Record<number, string> = {
  403: 'Unauthorised.',
  404: 'Unable to complete request, item not found.',
  419: 'Something has gone wrong, please reload and try again.',
  500: 'Something has gone wrong, please try again.',
};
export const fallbackMessage = 'Something has gone wrong, please try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field messages of a 422, keyed by camelCase field name. */
    readonly errors: Record<string, string[]> = {},
    /** The same, keyed by wire (snake_case) name, for forms whose fields are wire names. */
    readonly wireErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export interface ApiSettings {
  /** Base URL of the API, e.g. '' (same origin) or 'https://api.example.com'. */
  baseUrl: string;
  /** Name of the readable CSRF cookie the server sets beside the HttpOnly session cookie. */
  csrfCookie: string;
  /** Extra headers (kiosk or front-of-house context). */
  headers?: () => Record<string, string>;
  /** Called on any 401: the session is gone (spec: clear the token and reload). */
  onUnauthenticated?: () => void;
  /**
   * Server rendering only (sites/render-on-server.tsx): the fetch that reaches the API in process,
   * and the cookies of the page's request, in place of the browser's fetch and document.cookie.
   */
  serverFetch?: typeof fetch;
  serverCookies?: () => Record<string, string> | undefined;
}

let settings: ApiSettings = { baseUrl: '', csrfCookie: 'leisure_xsrf' };

export function configureApi(next: Partial<ApiSettings>): void {
  settings = { ...settings, ...next };
}

export function getApiSettings(): ApiSettings {
  return settings;
}

/**
 * The page's cookies, read once for the task that reads them: each read of `document.cookie` asks the
 * browser's cookie store (about 0.7 ms in Chromium, 18 to 25 reads as a page starts; issue 16), and
 * one render reads them in many components. A cookie set by an answer arrives in a later task, so it
 * is seen; one set here goes through writeCookie, which forgets the copy.
 */
let cookiesOfThisTask: string | undefined;

function pageCookies(): string {
  if (cookiesOfThisTask === undefined) {
    cookiesOfThisTask = document.cookie;
    queueMicrotask(() => {
      cookiesOfThisTask = undefined;
    });
  }
  return cookiesOfThisTask;
}

/** Counts the cookies this page has set: a copy of a cookie read before is stale once it moves. */
let cookiesWritten = 0;

export function cookieWrites(): number {
  return cookiesWritten;
}

/** Sets a cookie of the page (`name=value; attributes`). */
export function writeCookie(cookie: string): void {
  cookiesOfThisTask = undefined;
  cookiesWritten += 1;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = cookie;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return settings.serverCookies?.()?.[name];
  for (const part of pageCookies().split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The session's CSRF cookie: named with the `__Host-` prefix when the site is served over https. */
export function readCsrfCookie(): string | undefined {
  return readCookie(`__Host-${settings.csrfCookie}`) ?? readCookie(settings.csrfCookie);
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Sent as is (multipart uploads): no key conversion, no JSON. */
  formData?: FormData;
  signal?: AbortSignal;
  /** Do not treat a 401 as "session gone" (the login call itself). */
  expectUnauthenticated?: boolean;
  /** Headers for this call only (a handed-over bearer token). */
  headers?: Record<string, string>;
  /**
   * Keys stay as on the wire (snake_case) both ways: the operator console's screens use the
   * contract's schemas and types as they are (sites/admin/kit/admin-api.ts).
   */
  wireKeys?: boolean;
}

/** A GET as a screen makes it: the path (e.g. 'api/activities/venues') and its query values. */
export interface ApiCall {
  path: string;
  query?: Record<string, QueryValue>;
}

/**
 * The address a call is made to, from the site's origin ('/api/...?filter=future'): the page
 * manifest's first calls are written with it, so a preloaded answer is the one the app asks for.
 */
export function apiCallPath({ path, query }: ApiCall): string {
  const url = `/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // Query parameters are sent only when their value is truthy (or zero).
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(toSnakeKey(key), String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  return `${settings.baseUrl}${apiCallPath({ path, query })}`;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...settings.headers?.(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.wireKeys ? options.body : snakeizeKeys(options.body));
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const csrf = readCsrfCookie();
    if (csrf) headers['x-xsrf-token'] = csrf;
  }

  let response: Response;
  try {
    response = await (settings.serverFetch ?? fetch)(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, fallbackMessage);
  }

  const payload = await parseBody(response);
  if (response.ok) return options.wireKeys ? (payload as T) : camelizeKeys<T>(payload);

  const wire = (typeof payload === 'object' && payload !== null ? payload : {}) as {
    message?: unknown;
    errors?: Record<string, string[]>;
  };
  if (response.status === 401 && !options.expectUnauthenticated) settings.onUnauthenticated?.();
  const serverMessage = typeof wire.message === 'string' && wire.message ? wire.message : undefined;
  const message =
    response.status === 419
      ? (defaultMessages[419] as string)
      : response.status >= 500
        ? (defaultMessages[500] as string)
        : (serverMessage ?? defaultMessages[response.status] ?? fallbackMessage);
  const wireErrors = wire.errors ?? {};
  const errors = camelizeKeys<Record<string, string[]>>(wireErrors);
  throw new ApiError(response.status, message, errors, wireErrors);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
