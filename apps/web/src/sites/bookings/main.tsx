import { mountSite } from '../../shared/app/mount-site';
import { bookingsRoutes } from './routes';

mountSite({ site: 'bookings', basename: '/', routes: bookingsRoutes });
