import { lazyWithTimeout } from '../../../shared/app/lazy';

/** The login modal as its own chunk, for the sub-sites to hand to the shell (it opens on demand). */
export const LazyLoginModal = lazyWithTimeout(() => import('./login-modal'), 'LoginModal');
