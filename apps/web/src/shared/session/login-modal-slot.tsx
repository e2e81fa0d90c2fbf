import { type ComponentType, createContext, type ReactNode, Suspense, useContext } from 'react';

/** What the shell asks of a login modal: whether it is open, and a way to close it. */
export interface LoginModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The login modal belongs to the auth feature, but the header (shared) and 'Book now' (the
 * activities feature) open it. Neither may import a feature, so each sub-site hands the modal to
 * the shell (`mountSite({ loginModal })`) and they find it here.
 */
const LoginModalContext = createContext<ComponentType<LoginModalProps> | null>(null);

export function LoginModalProvider({
  modal,
  children,
}: {
  modal: ComponentType<LoginModalProps>;
  children: ReactNode;
}) {
  return <LoginModalContext.Provider value={modal}>{children}</LoginModalContext.Provider>;
}

/** The sub-site's login modal, rendered only while open (a lazy modal loads on the first open). */
export function LoginModal({ open, onOpenChange }: LoginModalProps) {
  const Modal = useContext(LoginModalContext);
  if (!open) return null;
  if (!Modal) throw new Error('No login modal: the sub-site passes one to mountSite');
  return (
    <Suspense fallback={null}>
      <Modal open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
