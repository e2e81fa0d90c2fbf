import type {
  CardSummary,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  PaymentSetup,
} from './payment-provider';
import { cardSummary, hasExpired, SandboxSigner } from './sandbox-card';

export interface SandboxPaymentOptions {
  /** Signs tokens, challenge ids and charge references (config.providers.sandboxPaySecret). */
  secret: string;
  /** Public base URL that serves `/sandbox-pay/` (the bookings site's URL: same server as the API). */
  frameBaseUrl: string;
  /** Origins allowed to embed the frame and receive its messages: our sub-sites' public origins. */
  allowedOrigins: readonly string[];
}

/** The origins of our sub-sites' public URLs, which may embed the card frame. */
export function allowedFrameParents(publicUrls: Record<string, string>): string[] {
  return [...new Set(Object.values(publicUrls).map((url) => new URL(url).origin))];
}

/**
 * The built-in card provider (DESIGN.md "Providers"): works offline, and behaves like a real one.
 * The card form is its own page (`/sandbox-pay/frame`), so card numbers never reach our API.
 * Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995
 * has insufficient funds, 4000 0027 6000 3184 asks for a 3-D Secure challenge in the frame; any
 * other number that passes Luhn succeeds.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly signer: SandboxSigner;
  private readonly frameOrigin: string;
  private readonly allowedOrigins: ReadonlySet<string>;

  constructor(private readonly options: SandboxPaymentOptions) {
    this.signer = new SandboxSigner(options.secret);
    this.frameOrigin = new URL(options.frameBaseUrl).origin;
    this.allowedOrigins = new Set(options.allowedOrigins);
  }

  /** Whether a page at `origin` may embed the frame and receive its token. */
  acceptsParent(origin: string): boolean {
    return this.allowedOrigins.has(origin);
  }

  get parentOrigins(): string[] {
    return [...this.allowedOrigins];
  }

  async prepare(input: { amount: number; currency: string; returnOrigin: string }): Promise<PaymentSetup> {
    const returnOrigin = new URL(input.returnOrigin).origin;
    if (!this.acceptsParent(returnOrigin)) {
      // A programming or settings error: the frame would refuse to talk to that page.
      throw new Error(`sandbox-pay: ${returnOrigin} is not one of the public URLs`);
    }
    const frameUrl = new URL('/sandbox-pay/frame', this.options.frameBaseUrl);
    frameUrl.searchParams.set('origin', returnOrigin);
    return { provider: this.name, frameUrl: frameUrl.toString(), frameOrigin: this.frameOrigin };
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
    const card = this.signer.readToken(request.token);
    if (!card) {
      return {
        status: 'declined',
        code: 'invalid_token',
        message: 'Your card details could not be used, please enter them again.',
      };
    }
    if (card.behaviour === 'declines') {
      return { status: 'declined', code: 'card_declined', message: 'Your card was declined.' };
    }
    if (card.behaviour === 'insufficient_funds') {
      return { status: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    }
    if (hasExpired(card.expiry_month, card.expiry_year)) {
      return { status: 'declined', code: 'expired_card', message: 'Your card has expired.' };
    }
    // No storage: the reference is a function of the key, so a retry gets the same answer.
    return {
      status: 'succeeded',
      reference: this.signer.chargeReference(request.idempotencyKey),
      card: cardSummary(card),
    };
  }
}
