import { LazyLoginModal } from '../../features/auth/components/lazy-login-modal';
import { mountSite } from '../../shared/app/mount-site';
import { bookingsRoutes } from './routes';

void mountSite({ site: 'bookings', basename: '/', routes: bookingsRoutes, loginModal: LazyLoginModal });
