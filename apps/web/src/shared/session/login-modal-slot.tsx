import {
  type ComponentType,
  createContext,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { type FocusMemory, focusTargetOf, rememberFocus } from '../ui/focus-return';

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

/**
 * The control that opened the modal gets the focus back when it closes (Escape, the close button,
 * or a login, when the control is still on the page). Nothing opens this modal through a Radix
 * trigger, so Radix has no control to return the focus to.
 */
function useFocusReturn(open: boolean): void {
  const opener = useRef<FocusMemory | null>(null);
  // A layout effect runs before the modal (a child, and lazy) moves the focus into itself.
  useLayoutEffect(() => {
    if (open) opener.current = rememberFocus() ?? opener.current;
  }, [open]);
  useEffect(() => {
    if (open || !opener.current) return;
    const memory = opener.current;
    opener.current = null;
    // The opener, or (a login replaced it) its nearest surviving neighbour: never <body>.
    focusTargetOf(memory)?.focus();
  }, [open]);
}

/** The sub-site's login modal, rendered only while open (a lazy modal loads on the first open). */
export function LoginModal({ open, onOpenChange }: LoginModalProps) {
  const Modal = useContext(LoginModalContext);
  useFocusReturn(open);
  if (!open) return null;
  if (!Modal) throw new Error('No login modal: the sub-site passes one to mountSite');
  return (
    <Suspense fallback={null}>
      <Modal open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
