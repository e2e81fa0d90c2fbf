import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeLeft, msUntil } from '../lib/countdown';

export interface HoldCountdownProps {
  /** When the basket's earliest hold runs out (the cart's `hold_expires_at`). */
  expiresAt: string;
  /** Called once when the time is up (the page refetches the basket: its places are released). */
  onExpire: () => void;
}

/**
 * How long the places in the basket stay held. The ticking text is not announced every second;
 * a screen reader hears it when it reaches the element, and the page announces the expiry.
 * Server-rendered, its text was worked out a moment before the browser works it out again: the
 * browser keeps the server's text (no mismatch, so the page is not rendered again) until its first tick.
 */
export function HoldCountdown({ expiresAt, onExpire }: HoldCountdownProps) {
  const { t } = useTranslation('bookings');
  const [left, setLeft] = useState(() => msUntil(expiresAt));
  const expired = useRef(false);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    expired.current = false;
    const tick = () => {
      const next = msUntil(expiresAt);
      setLeft(next);
      if (next <= 0 && !expired.current) {
        expired.current = true;
        onExpireRef.current();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  if (left <= 0) return null;
  return (
    <p className="basket-hold" role="timer" aria-live="off" suppressHydrationWarning>
      {t('basket.hold', { time: formatTimeLeft(left) })}
    </p>
  );
}
