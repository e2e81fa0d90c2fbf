import { type ComponentType, type ReactNode, Suspense } from 'react';
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
