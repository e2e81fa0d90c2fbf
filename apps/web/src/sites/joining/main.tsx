import { mountSite } from '../../shared/app/mount-site';
import { joiningRoutes } from './routes';

void mountSite({ site: 'joining', basename: '/join', routes: joiningRoutes });
