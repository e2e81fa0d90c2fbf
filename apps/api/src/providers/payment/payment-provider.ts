/**
 * Card payments sit behind this interface (DESIGN.md "Providers"). Card numbers never reach our
 * API: the customer types them into the provider's own frame, which hands our page a token; our
 * server only ever sees tokens. The built-in sandbox adapter (sandbox-payment-provider.ts) works
 * offline and behaves like a real provider, including declines and 3-D Secure challenges.
 */

/** What a token (or a saved card) stands for: never the number, only what may be shown and stored. */
export interface CardSummary {
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

/** What the checkout page needs to show the provider's card frame (`GET checkout/prepare`). */
export interface PaymentSetup {
  /** The provider's name as `payment_provider` reports it: 'sandbox', 'stripe', ... */
  provider: string;
  /** URL of the provider's card form, loaded in an iframe. */
  frameUrl: string;
  /** The origin the frame posts its messages from; the page ignores messages from any other. */
  frameOrigin: string;
}

export interface ChargeRequest {
  /** A token from the provider's frame, or a saved card's reusable token. */
  token: string;
  /** Integer minor units. */
  amount: number;
  currency: string;
  /** The same key twice charges once (a retried or concurrent checkout): the first result is returned. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { status: 'succeeded'; reference: string; card: CardSummary }
  | { status: 'declined'; code: string; message: string };

/** A charge as the provider remembers it, looked up by the idempotency key it was made with. */
export type StoredCharge = ChargeResult | { status: 'refunded'; reference: string; card: CardSummary };

export interface PaymentProvider {
  readonly name: string;
  /** The card frame for a checkout of `amount` in `currency`. */
  prepare(input: { amount: number; currency: string; returnOrigin: string }): Promise<PaymentSetup>;
  /** What a token stands for, without charging it (to save a card); throws when the token is unknown. */
  describeToken(token: string): Promise<CardSummary>;
  /**
   * Creates and confirms a payment of a token (a PaymentIntent); a decline is a result, not an
   * exception. Throws only when the provider fails, in which case it may or may not have charged:
   * ask `findCharge` with the same key. The same key always answers the first payment made with it,
   * whatever the token, and never charges again.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The payment made with this idempotency key, or undefined when the provider never made one. */
  findCharge(idempotencyKey: string): Promise<StoredCharge | undefined>;
  /** Refunds a succeeded payment in full; refunding it again does nothing. Throws when it is unknown. */
  refund(reference: string): Promise<void>;
}
