import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import account from '../../public/translations/en/account.json';
import bookings from '../../public/translations/en/bookings.json';
import common from '../../public/translations/en/common.json';
import flow from '../../public/translations/en/flow.json';
import { LazyLoginModal } from '../features/auth/components/lazy-login-modal';
import { createQueryClient } from '../shared/api/query-client';
import { SiteProvider } from '../shared/app/site';
import type { SiteName } from '../shared/links/links';
import { type Modes, ModesProvider, noModes } from '../shared/modes/modes';
import { LoginModalProvider } from '../shared/session/login-modal-slot';
import { SessionProvider } from '../shared/session/session';
import { ToastTestHooks } from '../shared/ui/toast-test-hooks';

/** The real translations, loaded synchronously for component tests. */
function createTestI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'account', 'bookings', 'flow'],
    defaultNS: 'common',
    resources: { en: { common, account, bookings, flow } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export interface RenderOptions {
  path?: string;
  /** Which sub-site the page belongs to (links, login page or modal); bookings by default. */
  site?: SiteName;
  /** Kiosk and embedded modes; off by default. */
  modes?: Partial<Modes>;
}

const basenames: Record<SiteName, string> = { bookings: '/', account: '/account', joining: '/join' };

/**
 * Renders routes with the providers a sub-site has (query client, session, router, toasts,
 * translations, site and modes). The API answers come from MSW handlers the test installs
 * (`installMockApi()` from ./mock-api).
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', site = 'bookings', modes }: RenderOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const result = render(
    <I18nextProvider i18n={createTestI18n()}>
      <SiteProvider value={{ site, basename: basenames[site] }}>
        <ModesProvider modes={{ ...noModes, ...modes }}>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <LoginModalProvider modal={LazyLoginModal}>
                <RouterProvider router={router} />
                <Toaster />
                <ToastTestHooks />
              </LoginModalProvider>
            </SessionProvider>
          </QueryClientProvider>
        </ModesProvider>
      </SiteProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient };
}

export function renderElement(element: ReactElement, options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element }], options);
}
