import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { type FocusMemory, focusTargetOf, rememberFocus } from './focus-return';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read out with the title; optional. */
  description?: ReactNode;
  children: ReactNode;
  /** Wider content (terms). */
  size?: 'small' | 'medium' | 'large';
  /** Where focus goes when it closes, when not back to the control that opened it (null: the opener). */
  focusOnClose?: () => HTMLElement | null;
}

/** The opener of a dialog that has just closed, for one that opens in its place (see below). */
let handedOver: FocusMemory | null = null;

/**
 * An accessible dialog (focus trap, Escape, labelled by its title) from Radix. When it closes,
 * focus returns to the control that opened it (Radix only knows its own Trigger, which a dialog
 * opened from state has not), or goes where `focusOnClose` says; when that control has gone with
 * what the dialog did, to its nearest surviving neighbour (./focus-return.ts), never to <body>.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'medium',
  focusOnClose,
}: ModalProps) {
  const opener = useRef<FocusMemory | null>(null);
  // Before Radix moves focus into the dialog: whatever has it now opened the dialog. A dialog that
  // replaces another (Manage membership -> Freeze) finds focus on <body>, and takes over the opener of
  // the one it replaces, so that closing it goes back there too.
  useLayoutEffect(() => {
    if (!open) return;
    opener.current = rememberFocus() ?? handedOver;
    handedOver = null;
    return () => {
      handedOver = opener.current;
      // Only a dialog opened in the same update takes it over.
      queueMicrotask(() => {
        handedOver = null;
      });
    };
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={`modal modal-${size}`}
          onCloseAutoFocus={(event) => {
            const target = focusOnClose?.() ?? focusTargetOf(opener.current);
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
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
