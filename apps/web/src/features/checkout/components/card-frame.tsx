import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FrameCard, readFrameMessage, submitMessage } from '../lib/frame-protocol';

export interface FrameToken {
  token: string;
  card: FrameCard;
}

/** The frame refused the card (its fields show why) or could not be reached. */
export class CardFrameError extends Error {}

export interface CardFrameHandle {
  /** Asks the frame to tokenise what the customer typed (the page's 'Pay now' drives it). */
  requestToken: () => Promise<FrameToken>;
}

export interface CardFrameProps {
  frameUrl: string;
  frameOrigin: string;
  /** A token the frame sent on its own (the customer pressed Enter in it). */
  onToken: (token: FrameToken) => void;
}

/**
 * The payment provider's card form, in an iframe titled 'Card details'. Card numbers are typed
 * there, on the provider's page, and never reach ours: the frame answers a token.
 */
export const CardFrame = forwardRef<CardFrameHandle, CardFrameProps>(function CardFrame(
  { frameUrl, frameOrigin, onToken },
  ref,
) {
  const { t } = useTranslation('bookings');
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef<{ resolve: (token: FrameToken) => void; reject: (error: Error) => void } | null>(
    null,
  );
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;
  const [height, setHeight] = useState(300);
  const [challenge, setChallenge] = useState(false);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== frameOrigin || !frame.current || event.source !== frame.current.contentWindow)
        return;
      const message = readFrameMessage(event.data);
      if (!message) return;
      switch (message.type) {
        case 'resize':
          setHeight(message.height);
          return;
        case 'challenge':
          setChallenge(true);
          return;
        case 'token': {
          setChallenge(false);
          const token = { token: message.token, card: message.card };
          if (pending.current) pending.current.resolve(token);
          else onTokenRef.current(token);
          pending.current = null;
          return;
        }
        case 'error':
          setChallenge(false);
          pending.current?.reject(new CardFrameError(message.message));
          pending.current = null;
          return;
        default:
          return;
      }
    };
    window.addEventListener('message', listen);
    return () => {
      window.removeEventListener('message', listen);
      pending.current?.reject(new CardFrameError(t('checkout.card.unavailable')));
      pending.current = null;
    };
  }, [frameOrigin, t]);

  useImperativeHandle(
    ref,
    () => ({
      requestToken: () =>
        new Promise<FrameToken>((resolve, reject) => {
          const target = frame.current?.contentWindow;
          if (!target) {
            reject(new CardFrameError(t('checkout.card.unavailable')));
            return;
          }
          pending.current?.reject(new CardFrameError(t('checkout.card.unavailable')));
          pending.current = { resolve, reject };
          target.postMessage(submitMessage, frameOrigin);
        }),
    }),
    [frameOrigin, t],
  );

  return (
    <div className="card-frame">
      <iframe
        ref={frame}
        src={frameUrl}
        title={t('checkout.card.frameTitle')}
        className="card-frame-iframe"
        style={{ height }}
      />
      <p role="status" className="card-frame-status">
        {challenge ? t('checkout.card.challenge') : ''}
      </p>
    </div>
  );
});
