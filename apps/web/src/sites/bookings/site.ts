import { LazyLoginModal } from '../../features/auth/components/lazy-login-modal';
import type { SiteDefinition } from '../../shared/app/site-tree';
import { bookingsRoutes } from './routes';

/** The bookings sub-site at '/', as the browser mounts it and the server renders it. */
export const bookingsSite: SiteDefinition = {
  site: 'bookings',
  basename: '/',
  routes: bookingsRoutes,
  loginModal: LazyLoginModal,
};
