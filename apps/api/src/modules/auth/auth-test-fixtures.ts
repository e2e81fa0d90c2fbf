import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';

type Inject = TestApp['app']['inject'];
export type Reply = Awaited<ReturnType<Inject>>;

/** The app on a fresh database with the demo seed (accounts, terms, forms): one per auth test file. */
export async function startSeededApp(): Promise<TestApp> {
  const t = await startTestApp();
  await seedIfEmpty(t.db, t.config);
  return t;
}

/** A browser: keeps the cookies the server sets and echoes the CSRF cookie on writes. */
export function browser(t: TestApp) {
  const jar = new Map<string, string>();
  return {
    jar,
    async request(
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
      withCsrf = true,
    ): Promise<Reply> {
      const headers: Record<string, string> = {};
      if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const xsrf = jar.get('leisure_xsrf');
      if (withCsrf && xsrf && method !== 'GET') headers['x-xsrf-token'] = xsrf;
      const res = await t.app.inject({ method, url, payload, headers });
      for (const cookie of res.cookies as {
        name: string;
        value: string;
        maxAge?: number;
        expires?: Date;
      }[]) {
        const cleared = cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now());
        if (cleared) jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
      return res;
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function registrationTermIds(t: TestApp): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/terms' });
  return res.json().data.map((term: { id: number }) => term.id);
}

export async function clientId(t: TestApp): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/client' })).json().data.id;
}

export function newCustomer(email: string, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Robin',
    last_name: 'Hughes',
    email,
    mobile_number: '07700900789',
    date_of_birth: '1990-01-31',
    interests: ['gym'],
    marketing_opt_in: true,
    visits_per_week: 3,
    password: 'Robin-Pass-1',
    password_confirmation: 'Robin-Pass-1',
    source: 'my-account',
    ...overrides,
  };
}

/**
 * Registers a customer in a browser and logs it in, as the web app does: registration signs nobody
 * in (it answers the same whether or not the address has an account).
 */
export async function signUp(
  t: TestApp,
  b: ReturnType<typeof browser>,
  email: string,
  overrides: Record<string, unknown> = {},
): Promise<Reply> {
  const customer = newCustomer(email, overrides);
  const registered = await b.request('POST', '/api/auth/customer/register', {
    ...customer,
    client_id: await clientId(t),
    terms: await registrationTermIds(t),
  });
  if (registered.statusCode !== 201) throw new Error(`register ${email}: ${registered.body}`);
  const login = await b.request('POST', '/api/auth/customer/login', {
    username: email,
    password: customer.password,
  });
  if (login.statusCode !== 200) throw new Error(`login ${email}: ${login.body}`);
  return registered;
}

/** Logs in as an API client (registration signs nobody in): answers the bearer token. */
export async function logInToken(t: TestApp, email: string, password = 'Robin-Pass-1'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/login',
    payload: { username: email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return res.json().token;
}
