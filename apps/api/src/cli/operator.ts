/**
 * Bootstrap of a deployment without demo data (docs/decisions/040):
 *
 *   npm run operator -- init --name "Riverside Leisure" --slug riverside-leisure \
 *     --support-email help@riverside.example --admin-email you@riverside.example \
 *     --admin-first-name Sam --admin-last-name Lee [--app-name "Riverside"] [--link-valid-hours 24]
 *
 * Creates the operator and its first administrator on the database the server's settings name
 * (DATABASE_URL, or the embedded one in DATA_DIR while no server holds it), migrating it first, and
 * prints the console's one-time invitation link (`<bookings URL>/admin/invitation/<token>`) where the
 * administrator sets their password; they enrol their second factor at their first sign-in. It runs with the server's
 * own settings, so in production it checks them as the server does.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/configured';
import { createStandardDataFieldForms } from '../modules/data-fields/standard-forms';
import { createClient, hasAnyClient } from '../modules/operator/operator.service';
import { inviteFirstAdministrator } from '../modules/staff/staff-users.service';

const usage = `Usage: npm run operator -- init --name <operator name> --slug <slug> --support-email <email>
  --admin-email <email> --admin-first-name <name> --admin-last-name <name>
  [--app-name <name shown in page titles>] [--link-valid-hours <1-168, default 24>]`;

class UsageError extends Error {}

const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const slug = /^[a-z0-9][a-z0-9-]{0,62}$/;

function required(values: Record<string, string | undefined>, name: string, pattern?: RegExp): string {
  const value = values[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required`);
  if (pattern && !pattern.test(value)) throw new UsageError(`--${name} is not valid: ${value}`);
  return value;
}

async function init(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(
      [
        'name',
        'slug',
        'support-email',
        'admin-email',
        'admin-first-name',
        'admin-last-name',
        'app-name',
        'link-valid-hours',
      ].map((name) => [name, { type: 'string' as const }]),
    ),
  });
  const name = required(values, 'name');
  const operator = {
    name,
    slug: required(values, 'slug', slug),
    appName: values['app-name']?.trim() || name,
    supportEmail: required(values, 'support-email', email).toLowerCase(),
  };
  const administrator = {
    email: required(values, 'admin-email', email).toLowerCase(),
    firstName: required(values, 'admin-first-name'),
    lastName: required(values, 'admin-last-name'),
  };
  const hours = Number(values['link-valid-hours'] ?? 24);
  if (!Number.isInteger(hours) || hours < 1 || hours > 168) {
    throw new UsageError('--link-valid-hours must be a whole number from 1 to 168');
  }

  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const created = await database.db.transaction(async (tx) => {
      // One operator a deployment (CLIENT_SLUG picks among several only for tests and the demo).
      if (await hasAnyClient(tx)) return undefined;
      const client = await createClient(tx, operator);
      if (!client) return undefined;
      // Customers can register at once: the standard details forms, which the console edits later.
      await createStandardDataFieldForms(tx, client.id);
      const admin = await inviteFirstAdministrator(tx, config, client.id, administrator, hours);
      return { client, admin };
    });
    if (!created) {
      throw new UsageError('This database already has an operator: init is for a new deployment.');
    }
    const link = created.admin.url;
    console.log(
      [
        `Created the operator "${created.client.name}" (${created.client.slug}) and its first administrator, ${administrator.email}.`,
        `The administrator sets their password once, within ${hours} hour(s), at the console's invitation link:`,
        `  ${link}`,
        'Give this link to them privately: it is shown once and not kept. At their first sign-in to the',
        'console (/admin/) they set up two-step verification with an authenticator app.',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (command !== 'init')
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
    await init(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${usage}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
