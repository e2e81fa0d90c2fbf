import { LazyLoginModal } from '../../features/auth/components/lazy-login-modal';
import { mountSite } from '../../shared/app/mount-site';
import { accountRoutes } from './routes';

void mountSite({ site: 'account', basename: '/account', routes: accountRoutes, loginModal: LazyLoginModal });
