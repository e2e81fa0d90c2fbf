import { LazyLoginModal } from '../../features/auth/components/lazy-login-modal';
import { mountSite } from '../../shared/app/mount-site';
import { joiningRoutes } from './routes';

void mountSite({ site: 'joining', basename: '/join', routes: joiningRoutes, loginModal: LazyLoginModal });
