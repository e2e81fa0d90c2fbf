export const loginModal = 'login';
