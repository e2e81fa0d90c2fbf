import { LazyLoginModal } from '../../features/auth/components/lazy-login-modal';
import type { SiteDefinition } from '../../shared/app/site-tree';
import { accountRoutes } from './routes';

/** The account sub-site at '/account', as the browser mounts it and the server renders it. */
export const accountSite: SiteDefinition = {
  site: 'account',
  basename: '/account',
  routes: accountRoutes,
  loginModal: LazyLoginModal,
};
