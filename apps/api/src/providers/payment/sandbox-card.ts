import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/tokens';
import type { CardSummary } from './payment-provider';

/**
 * The sandbox card provider's rules: the usual test cards, card checks, and the signed tokens and
 * challenge ids it hands out. Tokens are stateless (an HMAC-signed payload), so any API replica
 * accepts a token another one issued. A token carries the brand, last four digits, expiry and
 * the test behaviour, never the full number or the CVC.
 */

/** What charging a card does, decided by the test number it was made from. */
export type SandboxBehaviour = 'succeeds' | 'declines' | 'insufficient_funds';

/** The test numbers with a behaviour of their own; any other number that passes Luhn succeeds. */
export const sandboxTestCards = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  insufficientFunds: '4000000000009995',
  challenge: '4000002760003184',
} as const;

export interface SandboxCardPayload {
  brand: string;
  last4: string;
  expiry_month: number;
  expiry_year: number;
  behaviour: SandboxBehaviour;
}

export interface SandboxCardInput {
  card_number: string;
  expiry_month: number;
  expiry_year: number;
  cvc: string;
  name: string;
}

export type CardFieldErrors = Partial<Record<keyof SandboxCardInput, string[]>>;

function digitsOnly(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return 'card';
}

function behaviourOf(digits: string): SandboxBehaviour {
  if (digits === sandboxTestCards.declines) return 'declines';
  if (digits === sandboxTestCards.insufficientFunds) return 'insufficient_funds';
  return 'succeeds';
}

/** Two-digit years are this century's: 27 -> 2027. */
function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** A card is valid to the end of its expiry month. */
export function hasExpired(month: number, year: number, now: Date = new Date()): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

export type CardCheck =
  | { ok: true; card: SandboxCardPayload; needsChallenge: boolean }
  | { ok: false; errors: CardFieldErrors };

/** The card inputs' messages (joining-and-payments.md 5), under the fields of the frame. */
const cardFieldMessages = {
  cardNumber: 'Please enter a valid card number',
  expiry: 'Please enter a valid expiry date',
  securityCode: 'Please enter a valid security code',
} as const;

/** The checks a card form makes before it tokenises: Luhn, an expiry in the future, a 3-4 digit CVC. */
export function checkCard(input: SandboxCardInput, now: Date = new Date()): CardCheck {
  const errors: CardFieldErrors = {};
  const digits = digitsOnly(input.card_number);
  if (!digits || !passesLuhn(digits)) errors.card_number = [cardFieldMessages.cardNumber];

  const month = input.expiry_month;
  const year = fullYear(input.expiry_year);
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    errors.expiry_month = [cardFieldMessages.expiry];
  } else if (!Number.isInteger(year) || year > now.getUTCFullYear() + 20 || hasExpired(month, year, now)) {
    errors.expiry_year = [cardFieldMessages.expiry];
  }

  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = [cardFieldMessages.securityCode];
  if (!input.name.trim()) errors.name = ['Enter the name on the card.'];

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    needsChallenge: digits === sandboxTestCards.challenge,
    card: {
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expiry_month: month,
      expiry_year: year,
      behaviour: behaviourOf(digits),
    },
  };
}

export function cardSummary(card: SandboxCardPayload): CardSummary {
  return {
    brand: card.brand,
    last4: card.last4,
    expiryMonth: card.expiry_month,
    expiryYear: card.expiry_year,
  };
}

const TOKEN_PREFIX = 'tok_sbx_';
const CHALLENGE_PREFIX = 'chl_sbx_';
const behaviourCodes: Record<SandboxBehaviour, string> = {
  succeeds: 's',
  declines: 'd',
  insufficient_funds: 'i',
};
/** A 3-D Secure challenge must be answered within this time. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

function isPayload(value: unknown): value is SandboxCardPayload {
  if (typeof value !== 'object' || value === null) return false;
  const card = value as Record<string, unknown>;
  return (
    typeof card.brand === 'string' &&
    typeof card.last4 === 'string' &&
    /^\d{4}$/.test(card.last4) &&
    typeof card.expiry_month === 'number' &&
    typeof card.expiry_year === 'number' &&
    (card.behaviour === 'succeeds' ||
      card.behaviour === 'declines' ||
      card.behaviour === 'insufficient_funds')
  );
}

/** Signs and verifies the sandbox's tokens, challenge ids and charge references with one secret. */
export class SandboxSigner {
  constructor(private readonly secret: string) {}

  private sign(kind: string, body: string): string {
    // The kind is part of what is signed, so a challenge id can never pass as a token.
    return createHmac('sha256', this.secret).update(`${kind}.${body}`).digest('base64url');
  }

  private seal(kind: string, prefix: string, value: object): string {
    const body = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${prefix}${body}.${this.sign(kind, body)}`;
  }

  private open(kind: string, prefix: string, sealed: string): Record<string, unknown> | undefined {
    if (!sealed.startsWith(prefix) || sealed.length > 2000) return undefined;
    const [body, signature, extra] = sealed.slice(prefix.length).split('.');
    if (!body || !signature || extra !== undefined) return undefined;
    if (!safeEqual(signature, this.sign(kind, body))) return undefined;
    try {
      const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  issueToken(card: SandboxCardPayload): string {
    // The nonce makes each tokenisation a different token, as a real provider's are.
    return this.seal('token', TOKEN_PREFIX, { ...card, nonce: randomBytes(8).toString('base64url') });
  }

  /** The card a token stands for, or undefined when it is not one of ours or was altered. */
  readToken(token: string): SandboxCardPayload | undefined {
    const value = this.open('token', TOKEN_PREFIX, token);
    return isPayload(value) ? pickCard(value) : undefined;
  }

  /**
   * A challenge id travels in a URL path (`/sandbox-pay/challenges/{id}`, at most 100 characters
   * in Fastify), so it is compact: `chl_sbx_` + `brand~last4~month~year~behaviour~expiry~nonce`
   * + `.` + a 128-bit signature.
   */
  issueChallenge(card: SandboxCardPayload, now: number = Date.now()): string {
    const body = [
      card.brand,
      card.last4,
      card.expiry_month,
      card.expiry_year,
      behaviourCodes[card.behaviour],
      (now + CHALLENGE_TTL_MS).toString(36),
      randomBytes(6).toString('base64url'),
    ].join('~');
    return `${CHALLENGE_PREFIX}${body}.${this.sign('challenge', body).slice(0, 22)}`;
  }

  /** The card waiting on a challenge, or undefined when the id is unknown, altered or expired. */
  readChallenge(challengeId: string, now: number = Date.now()): SandboxCardPayload | undefined {
    if (!challengeId.startsWith(CHALLENGE_PREFIX) || challengeId.length > 200) return undefined;
    const [body, signature, extra] = challengeId.slice(CHALLENGE_PREFIX.length).split('.');
    if (!body || !signature || extra !== undefined) return undefined;
    if (!safeEqual(signature, this.sign('challenge', body).slice(0, 22))) return undefined;
    const [brand, last4, month, year, behaviourCode, expiresAt] = body.split('~');
    const behaviour = (Object.keys(behaviourCodes) as SandboxBehaviour[]).find(
      (key) => behaviourCodes[key] === behaviourCode,
    );
    if (!behaviour || !expiresAt || Number.parseInt(expiresAt, 36) < now) return undefined;
    const card = {
      brand,
      last4,
      expiry_month: Number(month),
      expiry_year: Number(year),
      behaviour,
    };
    return isPayload(card) ? card : undefined;
  }

  /** A charge reference that depends only on the idempotency key: the same key, the same charge. */
  chargeReference(idempotencyKey: string): string {
    const digest = createHmac('sha256', this.secret).update(`charge.${idempotencyKey}`).digest('hex');
    return `ch_sbx_${digest.slice(0, 24)}`;
  }
}

function pickCard(value: SandboxCardPayload): SandboxCardPayload {
  return {
    brand: value.brand,
    last4: value.last4,
    expiry_month: value.expiry_month,
    expiry_year: value.expiry_year,
    behaviour: value.behaviour,
  };
}
