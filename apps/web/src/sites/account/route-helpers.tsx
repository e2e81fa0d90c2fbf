import { type ComponentType, type ReactNode, Suspense } from 'react';
import { lazyWithTimeout } from '../../shared/app/lazy';
import { PageSpinner } from '../../shared/ui/page-spinner';

/**
 * Every screen is its own chunk (with the spec's chunk timeout), so the first load carries only
 * the shell and the guards.
 */
export function screen(Screen: ComponentType): ReactNode {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}

const ComingSoon = lazyWithTimeout(() => import('./screens/coming-soon'), 'ComingSoon');

export function comingSoon(titleKey: string): ReactNode {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ComingSoon titleKey={titleKey} />
    </Suspense>
  );
}
