// The two modals the Manage membership modal (features/membership-management) opens; the agreed interface.
export { FreezeModal, type MembershipModalProps } from './components/freeze-modal';
export { RenewModal } from './components/renew-modal';
