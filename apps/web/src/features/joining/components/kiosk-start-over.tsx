import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { Button } from '../../../shared/ui/button';

/** Kiosk joining (issue 4): a start-over prompt after the idle time, the form cleared 5 s later. */
export const kioskPromptMs = 90_000;
export const kioskClearAfterPromptMs = 5_000;

/**
 * The dialog library is not part of the joining page's first load (issue 16, phones): it loads when
 * this mounts, i.e. once a kiosk visitor has started, long before the first prompt.
 */
const Modal = lazyWithTimeout(() => import('../../../shared/ui/modal'), 'Modal');

const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

export interface KioskStartOverProps {
  /** Idle time before the prompt (the client's kioskIdleMs, 90 s by default). */
  idleMs?: number;
  /** Clears the form and logs the user out. */
  onClear: () => void;
}

export function KioskStartOver({ idleMs = kioskPromptMs, onClear }: KioskStartOverProps) {
  const { t } = useTranslation('flow');
  const [prompting, setPrompting] = useState(false);
  const [round, setRound] = useState(0);
  const clear = useRef(onClear);
  clear.current = onClear;

  // `round` restarts the idle timer after 'I'm still here', even when nothing else changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: round is a restart signal.
  useEffect(() => {
    if (prompting) {
      const timer = window.setTimeout(() => {
        setPrompting(false);
        clear.current();
      }, kioskClearAfterPromptMs);
      return () => window.clearTimeout(timer);
    }
    let timer = window.setTimeout(() => setPrompting(true), idleMs);
    const onActivity = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setPrompting(true), idleMs);
    };
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of activityEvents) window.removeEventListener(name, onActivity);
    };
  }, [prompting, idleMs, round]);

  const stay = () => {
    setPrompting(false);
    setRound((value) => value + 1);
  };

  return (
    <Suspense fallback={null}>
      <Modal
        open={prompting}
        onOpenChange={(open) => {
          if (!open) stay();
        }}
        title={t('kiosk.promptTitle')}
        description={t('kiosk.promptText')}
        size="small"
      >
        <div className="modal-actions">
          <Button
            variant="secondary"
            onClick={() => {
              setPrompting(false);
              clear.current();
            }}
          >
            {t('kiosk.startOver')}
          </Button>
          <Button onClick={stay}>{t('kiosk.stay')}</Button>
        </div>
      </Modal>
    </Suspense>
  );
}
