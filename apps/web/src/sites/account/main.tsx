import { mountSite } from '../../shared/app/mount-site';
import { accountSite } from './site';

void mountSite(accountSite);
