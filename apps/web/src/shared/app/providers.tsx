import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import type { ToasterProps } from 'sonner';
import { type Modes, ModesProvider } from '../modes/modes';
import { type LoginModalProps, LoginModalProvider } from '../session/login-modal-slot';
import { SessionProvider } from '../session/session';
import { ToastTestHooks } from '../ui/toast-test-hooks';
import { AppErrorBoundary } from './error-boundary';
import { type SiteInfo, SiteProvider } from './site';

// The toaster arrives just after the first paint (toasts only follow user actions); if its chunk
// fails, pages still work without toasts.
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  import('sonner').then(
    (module) => ({ default: module.Toaster }),
    () => ({ default: () => null }),
  ),
);

export interface AppProvidersProps {
  queryClient: QueryClient;
  site: SiteInfo;
  modes: Modes;
  /** The sub-site's login modal (the auth feature's), for the header and 'Book now'. */
  loginModal: ComponentType<LoginModalProps>;
  children: ReactNode;
}

/** The providers every sub-site shares, the top-level error boundary and the toaster. */
export function AppProviders({ queryClient, site, modes, loginModal, children }: AppProvidersProps) {
  return (
    <SiteProvider value={site}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ModesProvider modes={modes}>
            <SessionProvider>
              <LoginModalProvider modal={loginModal}>{children}</LoginModalProvider>
              <Suspense fallback={null}>
                <Toaster
                  position="top-center"
                  closeButton
                  toastOptions={{ classNames: { toast: 'toast', description: 'toast-description' } }}
                />
              </Suspense>
              <ToastTestHooks />
            </SessionProvider>
          </ModesProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </SiteProvider>
  );
}
