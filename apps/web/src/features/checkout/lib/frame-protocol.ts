/**
 * Messages between our checkout page and the payment provider's card frame (see the sandbox's
 * sandbox-frame-assets.ts for the other side):
 *   page -> frame  { type: 'sandbox-pay:submit' }
 *   frame -> page  ready | resize { height } | challenge | token { token, card } | error { message }
 * The page accepts them only from the frame's window and from `frame_origin`.
 */
export interface FrameCard {
  brand: string;
  last4: string;
  expiry_month: number;
  expiry_year: number;
}

export type FrameMessage =
  | { type: 'ready' }
  | { type: 'resize'; height: number }
  | { type: 'challenge' }
  | { type: 'token'; token: string; card: FrameCard }
  | { type: 'error'; message: string };

export const submitMessage = { type: 'sandbox-pay:submit' } as const;

/**
 * How long the page waits for the frame to answer a submit (a token, an error or a 3-D Secure
 * challenge) before telling the customer the card form is not ready; 'Pay now' never hangs.
 */
export const frameAnswerTimeoutMs = 8_000;

function isCard(value: unknown): value is FrameCard {
  if (typeof value !== 'object' || value === null) return false;
  const card = value as Record<string, unknown>;
  return (
    typeof card.brand === 'string' &&
    typeof card.last4 === 'string' &&
    typeof card.expiry_month === 'number' &&
    typeof card.expiry_year === 'number'
  );
}

/** The frame's message, or null for anything else (other frames, extensions, malformed data). */
export function readFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case 'sandbox-pay:ready':
      return { type: 'ready' };
    case 'sandbox-pay:challenge':
      return { type: 'challenge' };
    case 'sandbox-pay:resize':
      return typeof message.height === 'number' && message.height > 0 && message.height < 5000
        ? { type: 'resize', height: message.height }
        : null;
    case 'sandbox-pay:token':
      return typeof message.token === 'string' && message.token && isCard(message.card)
        ? { type: 'token', token: message.token, card: message.card }
        : null;
    case 'sandbox-pay:error':
      return typeof message.message === 'string' ? { type: 'error', message: message.message } : null;
    default:
      return null;
  }
}
