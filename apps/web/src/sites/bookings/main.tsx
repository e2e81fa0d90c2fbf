import { mountSite } from '../../shared/app/mount-site';
import { bookingsSite } from './site';

void mountSite(bookingsSite);
