import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

/** A password that meets the spec's rule (8+, lower, upper, number, special). */
export const defaultPassword = 'E2e-Pass-1';

/** An address no other journey (or earlier run) uses. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.test`;
}

/** Letters only, so it passes any name rule: 'Kqzvbd'. */
export function uniqueName(): string {
  const letters = randomBytes(6).map((byte) => 97 + (byte % 26));
  const word = String.fromCharCode(...letters);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

type Answer = string | number | boolean | string[] | null;

/** No answer, as the server counts it: nothing, blank text, an empty list or an unticked box. */
function isUnanswered(answer: Answer | undefined): boolean {
  if (answer === null || answer === undefined || answer === false) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  return Array.isArray(answer) && answer.length === 0;
}

export interface DataField {
  name: string;
  label: string;
  type: 'text' | 'number' | 'select' | 'multi_select' | 'date' | 'checkbox';
  is_required: boolean;
  is_authorised: boolean;
  options: { value: string; label: string }[];
  placeholder: string | null;
  html_attributes: Record<string, string | number | boolean>;
  answer: Answer;
}

export interface DataFieldSection {
  section_name: string;
  section_reference: string;
  section_fields: DataField[];
}

export interface DataFieldForm {
  sections: DataFieldSection[];
  checksum: string;
}

export async function dataFieldForm(
  request: APIRequestContext,
  onboardingType = 'customer_account_online',
): Promise<DataFieldForm> {
  const response = await request.get(`/api/data-fields?onboarding_type=${onboardingType}`);
  expect(response.status(), 'GET /api/data-fields').toBe(200);
  return ((await response.json()) as { data: DataFieldForm }).data;
}

export function fieldsOf(form: DataFieldForm): DataField[] {
  return form.sections.flatMap((section) => section.section_fields);
}

function numberAttribute(field: DataField, key: string): number | undefined {
  const value = Number(field.html_attributes[key]);
  return Number.isFinite(value) && field.html_attributes[key] !== undefined ? value : undefined;
}

/** A valid answer for a field, by its type and name, honouring min/max lengths. */
export function validAnswer(
  field: DataField,
  person: { email: string; firstName: string; lastName: string },
): Answer {
  const name = field.name.toLowerCase();
  switch (field.type) {
    case 'select':
      return field.options[0]?.value ?? null;
    case 'multi_select':
      return field.options[0] ? [field.options[0].value] : [];
    case 'checkbox':
      return true;
    case 'date':
      return '1990-05-17';
    case 'number':
      return numberAttribute(field, 'min') ?? 1;
    case 'text': {
      let value: string;
      if (field.html_attributes.type === 'email' || name.includes('email')) value = person.email;
      else if (name.includes('first')) value = person.firstName;
      else if (name.includes('last') || name.includes('surname')) value = person.lastName;
      else if (name.includes('postcode') || name.includes('post_code')) value = 'SW1A 1AA';
      else if (name.includes('phone') || name.includes('mobile') || field.html_attributes.type === 'tel')
        value = '07700900123';
      else value = '1 Test Street';
      const min = numberAttribute(field, 'minlength');
      const max = numberAttribute(field, 'maxlength');
      if (min !== undefined && value.length < min) value = value.padEnd(min, 'x');
      if (max !== undefined && value.length > max) value = value.slice(0, max);
      return value;
    }
  }
}

export interface Customer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The seeded member with two years of past bookings (issue 15): a long history to page through. */
export const historyMember: Customer = {
  email: 'history@example.com',
  password: 'Member-Pass-1',
  firstName: 'History',
  lastName: 'Member',
};

/** The value of a readable cookie the server set on this request context (e.g. the CSRF cookie). */
async function cookieValue(request: APIRequestContext, pattern: RegExp): Promise<string | undefined> {
  const state = await request.storageState();
  return state.cookies.find((cookie) => pattern.test(cookie.name))?.value;
}

/** Headers for a write: the CSRF header when the server gave this context a CSRF cookie. */
export async function writeHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const csrf = await cookieValue(request, /xsrf|csrf/i);
  return csrf ? { 'x-xsrf-token': decodeURIComponent(csrf) } : {};
}

/**
 * Registers a fresh customer through the API (every required data field answered, the terms
 * accepted), for journeys whose subject is not registration itself.
 */
export async function createCustomer(request: APIRequestContext, tag: string): Promise<Customer> {
  const customer: Customer = {
    email: uniqueEmail(tag),
    password: defaultPassword,
    firstName: uniqueName(),
    lastName: uniqueName(),
  };
  const client = await request.get('/api/client');
  expect(client.status(), 'GET /api/client').toBe(200);
  const clientId = ((await client.json()) as { data: { id: number } }).data.id;
  const terms = await request.get('/api/terms');
  expect(terms.status(), 'GET /api/terms').toBe(200);
  const termIds = ((await terms.json()) as { data: { id: number }[] }).data.map((term) => term.id);
  const form = await dataFieldForm(request);
  const answers: Record<string, Answer> = {};
  for (const field of fieldsOf(form)) {
    if (field.is_required) answers[field.name] = validAnswer(field, customer);
  }
  const response = await request.post('/api/auth/customer/register?onboarding_type=customer_account_online', {
    headers: await writeHeaders(request),
    data: {
      ...answers,
      client_id: clientId,
      source: 'my-account',
      password: customer.password,
      password_confirmation: customer.password,
      terms: termIds,
      checksum: form.checksum,
    },
  });
  expect(response.status(), `register ${customer.email}: ${await response.text()}`).toBe(201);
  return customer;
}

/**
 * Gives the details joining asks for before a membership (the membership_purchase form's required
 * fields the signed-in customer has left empty), as its 'Your details' step saves them.
 */
export async function completeMembershipDetails(request: APIRequestContext): Promise<void> {
  const form = await dataFieldForm(request, 'membership_purchase');
  const person = { email: uniqueEmail('details'), firstName: uniqueName(), lastName: uniqueName() };
  const answers: Record<string, Answer> = {};
  for (const field of fieldsOf(form)) {
    if (field.is_required && field.is_authorised && isUnanswered(field.answer)) {
      answers[field.name] = validAnswer(field, person);
    }
  }
  if (Object.keys(answers).length === 0) return;
  const response = await request.put('/api/my-account/user/update?onboarding_type=membership_purchase', {
    headers: await writeHeaders(request),
    data: answers,
  });
  expect(response.status(), `membership details: ${await response.text()}`).toBe(200);
}

/**
 * Signs in through the API on a browser context's request client: the session cookie lands in the
 * context, so its pages are signed in (a shortcut for journeys about something else).
 */
export async function logInThroughApi(request: APIRequestContext, customer: Customer): Promise<void> {
  await request.get('/api/client');
  const response = await request.post('/api/auth/customer/login', {
    headers: await writeHeaders(request),
    data: { username: customer.email, password: customer.password },
  });
  expect(response.status(), `login ${customer.email}: ${await response.text()}`).toBe(200);
}
