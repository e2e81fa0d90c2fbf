import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read out with the title; optional. */
  description?: ReactNode;
  children: ReactNode;
  /** Wider content (terms). */
  size?: 'small' | 'medium' | 'large';
}

/**
 * An accessible dialog (focus trap, Escape, labelled by its title) from Radix. Focus goes back to
 * what opened it when it closes: Radix returns it only to a `Dialog.Trigger`, which our modals,
 * opened from state, do not have.
 */
export function Modal({ open, onOpenChange, title, description, children, size = 'medium' }: ModalProps) {
  const opener = useRef<HTMLElement | null>(null);
  // Before the dialog takes focus (its focus scope moves it in a passive effect).
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={`modal modal-${size}`}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="modal-header">
            <Dialog.Title className="modal-title">{title}</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="modal-description">{description}</Dialog.Description>
          ) : null}
          <div className="modal-body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
