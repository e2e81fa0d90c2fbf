import { LazyLoginModal } from '../../features/auth/components/lazy-login-modal';
import type { SiteDefinition } from '../../shared/app/site-tree';
import { joiningRoutes } from './routes';

/** The joining sub-site at '/join', as the browser mounts it and the server renders it. */
export const joiningSite: SiteDefinition = {
  site: 'joining',
  basename: '/join',
  routes: joiningRoutes,
  loginModal: LazyLoginModal,
};
