import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../shared/app/lazy';
import type { KioskIdleHandle } from '../../shared/layout/kiosk-idle';
import { PageSpinner } from '../../shared/ui/page-spinner';

/** The joining form prompts to start over and clears itself when a kiosk goes idle (my-account.md 2.12). */
const ownsKioskIdle: KioskIdleHandle = { ownsKioskIdle: true };

const JoiningPage = lazyWithTimeout(() => import('./screens/joining-page'), 'JoiningPage');
const KioskJoiningPage = lazyWithTimeout(() => import('./screens/joining-page'), 'KioskJoiningPage');

/**
 * While the flow's chunk arrives, the page already shows its heading (the same h1 the flow
 * renders), so the largest text paints with the shell instead of after the chunk.
 */
function JoiningPageLoading() {
  const { t } = useTranslation('flow');
  return (
    <main id="main" className="page joining-page" tabIndex={-1}>
      <h1>{t('joining.title')}</h1>
      <PageSpinner />
    </main>
  );
}

function joiningScreen(Page: ComponentType) {
  return (
    <Suspense fallback={<JoiningPageLoading />}>
      <Page />
    </Suspense>
  );
}

/**
 * The joining sub-site at '/join' (joining-and-payments.md 2). The centre page and the membership
 * deep link are one route, so choosing a membership (which moves to the deep link) keeps the flow.
 */
export const joiningRoutes: RouteObject[] = [
  { index: true, element: joiningScreen(JoiningPage), handle: ownsKioskIdle },
  {
    path: 'centre/:centreSlug/membership?/:membershipSlug?/:paymentType?',
    element: joiningScreen(JoiningPage),
    handle: { crumb: 'flow:joining.title', ...ownsKioskIdle },
  },
  { path: 'kiosk', element: joiningScreen(KioskJoiningPage), handle: ownsKioskIdle },
];
