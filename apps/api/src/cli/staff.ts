/**
 * The operator's small command-line tool: the staff actions that move members' documents, freezes,
 * credit, fees and guest passes between states, sent to a running server's staff API as a signed-in
 * staff user. Going through HTTP (not the database) means the same rules, permissions and locks as
 * the API, and it works while the server holds an embedded database.
 *
 *   npm run staff -- documents-to-review
 *   npm run staff -- approve-document 12 [--expires-on 2027-09-30]
 *   npm run staff -- reject-document 12 "The photo is unreadable"
 *   npm run staff -- freezes-to-review
 *   npm run staff -- approve-freeze 7
 *   npm run staff -- reject-freeze 7 "No proof of travel"
 *   npm run staff -- issue-credit 42 500 "Goodwill: pool closed" [--type membership]
 *   npm run staff -- issue-penalty 42 750 no_show "Spin Express, Tue 09:00" [--venue 3]
 *   npm run staff -- redeem-guest-pass GP-7KQ2-XM4D 3
 *
 * Settings: API_URL (http://localhost:3000), STAFF_EMAIL (staff@example.com), STAFF_PASSWORD
 * (Staff-Pass-1, the seeded demo staff user's), STAFF_TOTP_SECRET (the base32 secret of the staff
 * user's authenticator, from which the tool computes the second factor; the demo staff user's by
 * default), or STAFF_TOKEN (the bearer token of a console session that already gave its second
 * factor: no sign-in then).
 */
import { parseArgs } from 'node:util';
import { totpCode } from '../modules/staff/mfa-crypto';

/** The demo staff user's published authenticator secret (seed/accounts.ts `demoStaff`; demo only). */
const demoTotpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

interface Command {
  usage: string;
  /** Turns the positional arguments and options into a call; throws a usage error when they are wrong. */
  request(
    args: string[],
    options: Options,
  ): { method: 'GET' | 'POST'; path: string; body?: Record<string, unknown> };
}

interface Options {
  type?: string;
  venue?: string;
  'expires-on'?: string;
}

class UsageError extends Error {}

function positiveInteger(value: string | undefined, name: string): number {
  const number = Number(value);
  if (!value || !Number.isInteger(number) || number <= 0)
    throw new UsageError(`${name} must be a whole number`);
  return number;
}

function text(values: string[], name: string): string {
  const joined = values.join(' ').trim();
  if (!joined) throw new UsageError(`${name} is required`);
  return joined;
}

const commands: Record<string, Command> = {
  'documents-to-review': {
    usage: 'documents-to-review',
    request: () => ({ method: 'GET', path: '/api/staff/eligibility-documents?status=pending' }),
  },
  'approve-document': {
    usage: 'approve-document <documentId> [--expires-on YYYY-MM-DD]',
    request: ([id], options) => ({
      method: 'POST',
      path: `/api/staff/eligibility-documents/${positiveInteger(id, 'documentId')}/approve`,
      body: options['expires-on'] ? { expires_on: options['expires-on'] } : {},
    }),
  },
  'reject-document': {
    usage: 'reject-document <documentId> <reason...>',
    request: ([id, ...reason]) => ({
      method: 'POST',
      path: `/api/staff/eligibility-documents/${positiveInteger(id, 'documentId')}/reject`,
      body: { reason: text(reason, 'reason') },
    }),
  },
  'freezes-to-review': {
    usage: 'freezes-to-review',
    request: () => ({ method: 'GET', path: '/api/staff/membership-freezes?status=pending_approval' }),
  },
  'approve-freeze': {
    usage: 'approve-freeze <freezeId>',
    request: ([id]) => ({
      method: 'POST',
      path: `/api/staff/membership-freezes/${positiveInteger(id, 'freezeId')}/approve`,
      body: {},
    }),
  },
  'reject-freeze': {
    usage: 'reject-freeze <freezeId> <reason...>',
    request: ([id, ...reason]) => ({
      method: 'POST',
      path: `/api/staff/membership-freezes/${positiveInteger(id, 'freezeId')}/reject`,
      body: { reason: text(reason, 'reason') },
    }),
  },
  'issue-credit': {
    usage: 'issue-credit <customerId> <amountInPence> <reason...> [--type general|membership]',
    request: ([id, amount, ...reason], options) => ({
      method: 'POST',
      path: `/api/staff/customers/${positiveInteger(id, 'customerId')}/credits`,
      body: {
        amount: positiveInteger(amount, 'amountInPence'),
        reason: text(reason, 'reason'),
        ...(options.type ? { type: options.type } : {}),
      },
    }),
  },
  'issue-penalty': {
    usage:
      'issue-penalty <customerId> <amountInPence> <late_cancellation|no_show|membership_debt|other> <description...> [--venue <venueId>]',
    request: ([id, amount, type, ...description], options) => ({
      method: 'POST',
      path: `/api/staff/customers/${positiveInteger(id, 'customerId')}/penalties`,
      body: {
        amount: positiveInteger(amount, 'amountInPence'),
        type: text(type ? [type] : [], 'type'),
        description: text(description, 'description'),
        ...(options.venue ? { venue_id: positiveInteger(options.venue, 'venue') } : {}),
      },
    }),
  },
  'redeem-guest-pass': {
    usage: 'redeem-guest-pass <code> <venueId>',
    request: ([code, venue]) => ({
      method: 'POST',
      path: '/api/staff/guest-passes/redeem',
      body: { code: text(code ? [code] : [], 'code'), venue_id: positiveInteger(venue, 'venueId') },
    }),
  },
};

function usage(): string {
  return [
    'Usage: npm run staff -- <command> [arguments]',
    '',
    ...Object.values(commands).map((c) => `  ${c.usage}`),
  ].join('\n');
}

async function call(
  base: string,
  method: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const raw = await response.text();
  let parsed: unknown = raw;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Not JSON (a proxy's error page): show it as it came.
  }
  return { status: response.status, body: parsed };
}

/**
 * Signs in to the console: the password, then a code computed from STAFF_TOTP_SECRET. A code works
 * once, so when this step's was just used (another command a moment ago) the next step's is tried,
 * then, that used too, the tool waits for the next step.
 */
async function signIn(
  base: string,
  env: Record<string, string | undefined>,
  out: (line: string) => void,
): Promise<string | undefined> {
  const login = await call(base, 'POST', '/api/admin/session', {
    email: env.STAFF_EMAIL ?? 'staff@example.com',
    password: env.STAFF_PASSWORD ?? 'Staff-Pass-1',
  });
  const token = (login.body as { token?: string }).token;
  if (login.status !== 200 || !token) {
    out(`Could not sign in as staff (${login.status}): ${JSON.stringify(login.body)}`);
    return undefined;
  }
  const secret = env.STAFF_TOTP_SECRET ?? demoTotpSecret;
  let answer: { status: number; body: unknown } = { status: 0, body: null };
  for (const wait of [0, 0, 30_000 - (Date.now() % 30_000) + 500]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    const ahead = answer.status === 422 && wait === 0 ? 30_000 : 0;
    answer = await call(
      base,
      'POST',
      '/api/admin/session/mfa/verify',
      { code: totpCode(secret, new Date(Date.now() + ahead)) },
      token,
    );
    if (answer.status === 200) return token;
    if (answer.status !== 422) break;
  }
  out(`Could not give the second factor (${answer.status}): ${JSON.stringify(answer.body)}`);
  return undefined;
}

export async function runStaffCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  out: (line: string) => void,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { type: { type: 'string' }, venue: { type: 'string' }, 'expires-on': { type: 'string' } },
  });
  const [name, ...args] = positionals;
  const command = name ? commands[name] : undefined;
  if (!command) {
    out(usage());
    return 2;
  }
  let request: ReturnType<Command['request']>;
  try {
    request = command.request(args, values);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out(`${error.message}\nUsage: npm run staff -- ${command.usage}`);
    return 2;
  }
  const base = (env.API_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const token = env.STAFF_TOKEN || (await signIn(base, env, out));
  if (!token) return 1;
  const result = await call(base, request.method, request.path, request.body, token);
  out(`${result.status} ${JSON.stringify(result.body, null, 2)}`);
  return result.status >= 200 && result.status < 300 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runStaffCommand(process.argv.slice(2), process.env, (line) => console.log(line)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
