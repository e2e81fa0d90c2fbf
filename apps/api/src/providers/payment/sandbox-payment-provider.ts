import type { Database } from '../../db/client';
import type {
  CardSummary,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  PaymentSetup,
  StoredCharge,
} from './payment-provider';
import { cardSummary, hasExpired, SandboxSigner } from './sandbox-card';
import {
  findChargeById,
  findChargeByKey,
  markRefunded,
  recordCharge,
  type SandboxChargeRow,
} from './sandbox-charges';

/**
 * Failures the sandbox produces on demand (tests; SANDBOX_PAY_FAULT): `fail-after-charge` charges and
 * then throws as if the answer were lost; `crash-after-charge` charges and then kills this process
 * (SIGKILL, as `kill -9`); `slow` charges and answers after a delay; `decline` declines every card.
 */
const sandboxFaults = ['fail-after-charge', 'crash-after-charge', 'slow', 'decline'] as const;
export type SandboxFault = (typeof sandboxFaults)[number];

/** How long a `slow` fault waits before answering, unless told otherwise. */
const defaultSlowMs = 3_000;

export interface SandboxPaymentOptions {
  /** Signs tokens, challenge ids and charge references (config.providers.sandboxPaySecret). */
  secret: string;
  /**
   * The origins of our pages that may embed the frame and receive its messages when this server is
   * reached at `servedOn` (our sub-sites' public URLs; unset ones are served on the request's host).
   */
  parentOrigins: (servedOn: string) => readonly string[];
  /** Where the sandbox keeps its charges (table `sandbox_charges`). */
  db: Database;
  /** A fault to produce on every charge from the start (SANDBOX_PAY_FAULT; never in production). */
  fault?: SandboxFault;
}

/**
 * The built-in card provider (DESIGN.md "Providers"): works offline, and behaves like a real one.
 * The card form is its own page (`/sandbox-pay/frame`), so card numbers never reach our API.
 * Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995
 * has insufficient funds, 4000 0027 6000 3184 asks for a 3-D Secure challenge in the frame; any
 * other number that passes Luhn succeeds. Charges are kept in the database by idempotency key (the
 * same key answers the same charge, whatever the token), can be looked up and refunded, and the
 * provider fails on demand (`setFault`).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly signer: SandboxSigner;
  private fault: { kind: SandboxFault; slowMs: number; timesLeft: number } | null = null;

  constructor(private readonly options: SandboxPaymentOptions) {
    this.signer = new SandboxSigner(options.secret);
    if (options.fault) this.setFault(options.fault);
  }

  /** Produces `fault` on the next `times` charges (every charge when omitted); null stops it. */
  setFault(fault: SandboxFault | null, options: { times?: number; slowMs?: number } = {}): void {
    this.fault = fault
      ? {
          kind: fault,
          slowMs: options.slowMs ?? defaultSlowMs,
          timesLeft: options.times ?? Number.POSITIVE_INFINITY,
        }
      : null;
  }

  private takeFault(): { kind: SandboxFault; slowMs: number } | null {
    const fault = this.fault;
    if (!fault) return null;
    fault.timesLeft -= 1;
    if (fault.timesLeft <= 0) this.fault = null;
    return fault;
  }

  /** Whether a page at `origin` may embed the frame served at `servedOn` and receive its token. */
  acceptsParent(origin: string, servedOn: string): boolean {
    return this.options.parentOrigins(servedOn).includes(origin);
  }

  /** The pages that may embed the frame served at `servedOn` (its CSP's frame-ancestors). */
  parentOrigins(servedOn: string): string[] {
    return [...this.options.parentOrigins(servedOn)];
  }

  /**
   * The frame is served by this server under the bookings site, so from the checkout page's own
   * origin: same-origin for the page, its CSP (`frame-src 'self'`) and its messages, under any host name.
   */
  async prepare(input: { amount: number; currency: string; returnOrigin: string }): Promise<PaymentSetup> {
    const returnOrigin = new URL(input.returnOrigin).origin;
    if (!this.acceptsParent(returnOrigin, returnOrigin)) {
      // A programming or settings error: the frame would refuse to talk to that page.
      throw new Error(`sandbox-pay: ${returnOrigin} is not one of the public URLs`);
    }
    const frameUrl = new URL('/sandbox-pay/frame', returnOrigin);
    frameUrl.searchParams.set('origin', returnOrigin);
    return { provider: this.name, frameUrl: frameUrl.toString(), frameOrigin: returnOrigin };
  }

  async describeToken(token: string): Promise<CardSummary> {
    const card = this.signer.readToken(token);
    if (!card) throw new Error('sandbox-pay: unknown card token');
    return cardSummary(card);
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amount) || request.amount <= 0) {
      throw new Error('sandbox-pay: a charge needs a positive amount in minor units');
    }
    const fault = this.takeFault();
    const decided =
      fault?.kind === 'decline'
        ? declined('card_declined', 'Your card was declined.')
        : this.decide(request.token);
    const card = decided.status === 'succeeded' ? decided.card : undefined;
    // The same key answers the first charge made with it (a real provider's idempotency), never a second.
    const { row } = await recordCharge(this.options.db, {
      id: this.signer.chargeReference(request.idempotencyKey),
      idempotencyKey: request.idempotencyKey,
      status: decided.status,
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      expiryMonth: card?.expiryMonth ?? null,
      expiryYear: card?.expiryYear ?? null,
      declineCode: decided.status === 'declined' ? decided.code : null,
      declineMessage: decided.status === 'declined' ? decided.message : null,
    });
    if (row.amount !== request.amount || row.currency !== request.currency) {
      throw new Error('sandbox-pay: idempotency key reused with a different amount');
    }
    if (row.status !== 'declined' && fault) {
      if (fault.kind === 'crash-after-charge') process.kill(process.pid, 'SIGKILL');
      if (fault.kind === 'fail-after-charge') {
        throw new Error('sandbox-pay: the connection was lost after charging (fault injected)');
      }
      if (fault.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.slowMs));
    }
    const answer = storedOf(row);
    // A refunded charge was still made with this key: answer it as the success it was.
    return answer.status === 'refunded' ? { ...answer, status: 'succeeded' } : answer;
  }

  async findCharge(idempotencyKey: string): Promise<StoredCharge | undefined> {
    const row = await findChargeByKey(this.options.db, idempotencyKey);
    return row ? storedOf(row) : undefined;
  }

  async refund(reference: string): Promise<void> {
    const row = await findChargeById(this.options.db, reference);
    if (!row) throw new Error(`sandbox-pay: no charge ${reference}`);
    if (row.status === 'declined') throw new Error(`sandbox-pay: charge ${reference} was declined`);
    await markRefunded(this.options.db, reference, new Date());
  }

  /** What charging this token does: the card's test behaviour, its expiry, or an unknown token. */
  private decide(token: string): ChargeResult {
    const card = this.signer.readToken(token);
    if (!card)
      return declined('invalid_token', 'Your card details could not be used, please enter them again.');
    if (card.behaviour === 'declines') return declined('card_declined', 'Your card was declined.');
    if (card.behaviour === 'insufficient_funds') {
      return declined('insufficient_funds', 'Your card has insufficient funds.');
    }
    if (hasExpired(card.expiry_month, card.expiry_year))
      return declined('expired_card', 'Your card has expired.');
    return { status: 'succeeded', reference: '', card: cardSummary(card) };
  }
}

function declined(code: string, message: string): ChargeResult {
  return { status: 'declined', code, message };
}

function storedOf(row: SandboxChargeRow): StoredCharge {
  if (row.status === 'declined') {
    return {
      status: 'declined',
      code: row.declineCode ?? 'card_declined',
      message: row.declineMessage ?? '',
    };
  }
  const card: CardSummary = {
    brand: row.cardBrand ?? 'card',
    last4: row.cardLast4 ?? '0000',
    expiryMonth: row.expiryMonth ?? 1,
    expiryYear: row.expiryYear ?? 2000,
  };
  return { status: row.status, reference: row.id, card };
}
