import { mountSite } from '../../shared/app/mount-site';
import { bookingsRoutes } from './routes';

void mountSite({ site: 'bookings', basename: '/', routes: bookingsRoutes });
