import { loginModal } from '../auth/login-modal';

/** A feature importing another feature. */
export const basketPage = `basket needs ${loginModal}`;
