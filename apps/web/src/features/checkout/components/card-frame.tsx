import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FrameCard, frameAnswerTimeoutMs, readFrameMessage, submitMessage } from '../lib/frame-protocol';

export interface FrameToken {
  token: string;
  card: FrameCard;
}

/** The frame refused the card (its fields show why) or could not be reached. */
export class CardFrameError extends Error {}

interface PendingToken {
  resolve: (token: FrameToken) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

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
 * there, on the provider's page, and never reach ours: the frame answers a token. A frame that does
 * not answer within `frameAnswerTimeoutMs` (not loaded, or stuck) fails the request with 'The card
 * form is not ready, please try again.'; one that never said it was ready is loaded again for the retry.
 */
export const CardFrame = forwardRef<CardFrameHandle, CardFrameProps>(function CardFrame(
  { frameUrl, frameOrigin, onToken },
  ref,
) {
  const { t } = useTranslation('bookings');
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef<PendingToken | null>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;
  const [height, setHeight] = useState(300);
  const [challenge, setChallenge] = useState(false);
  /** Whether the frame now showing said it is ready; a new `loads` value mounts a fresh frame. */
  const ready = useRef(false);
  const [loads, setLoads] = useState(0);

  /** Ends the request in progress (its timer too); answers the pending promise, or null. */
  const settle = useCallback(() => {
    const current = pending.current;
    pending.current = null;
    if (current) clearTimeout(current.timer);
    return current;
  }, []);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== frameOrigin || !frame.current || event.source !== frame.current.contentWindow)
        return;
      const message = readFrameMessage(event.data);
      if (!message) return;
      switch (message.type) {
        case 'ready':
          ready.current = true;
          // Asked before it could listen: ask again now that it can.
          if (pending.current) frame.current.contentWindow?.postMessage(submitMessage, frameOrigin);
          return;
        case 'resize':
          setHeight(message.height);
          return;
        case 'challenge':
          // The customer is answering their bank in the frame: that takes as long as it takes.
          if (pending.current) clearTimeout(pending.current.timer);
          setChallenge(true);
          return;
        case 'token': {
          setChallenge(false);
          const token = { token: message.token, card: message.card };
          const current = settle();
          if (current) current.resolve(token);
          else onTokenRef.current(token);
          return;
        }
        case 'error':
          setChallenge(false);
          settle()?.reject(new CardFrameError(message.message));
          return;
        default:
          return;
      }
    };
    window.addEventListener('message', listen);
    return () => {
      window.removeEventListener('message', listen);
      settle()?.reject(new CardFrameError(t('checkout.card.unavailable')));
    };
  }, [frameOrigin, t, settle]);

  useImperativeHandle(
    ref,
    () => ({
      requestToken: () =>
        new Promise<FrameToken>((resolve, reject) => {
          const unavailable = () => new CardFrameError(t('checkout.card.unavailable'));
          const target = frame.current?.contentWindow;
          if (!target) {
            reject(unavailable());
            return;
          }
          settle()?.reject(unavailable());
          const request: PendingToken = { resolve, reject, timer: undefined };
          request.timer = setTimeout(() => {
            if (pending.current !== request) return;
            settle();
            setChallenge(false);
            // A frame that never loaded is loaded again, so that 'Pay now' can work next time.
            if (!ready.current) setLoads((n) => n + 1);
            reject(unavailable());
          }, frameAnswerTimeoutMs);
          pending.current = request;
          // Posted even before 'ready' (a frame that loaded before we listened); again on 'ready'.
          target.postMessage(submitMessage, frameOrigin);
        }),
    }),
    [frameOrigin, t, settle],
  );

  return (
    <div className="card-frame">
      <iframe
        key={loads}
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
