import { mountSite } from '../../shared/app/mount-site';
import { joiningSite } from './site';

void mountSite(joiningSite);
