import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title ('Disable Sam Lee?'). */
  title: string;
  /** What will happen. */
  description?: ReactNode;
  /** The confirming button's text ('Disable'). */
  confirmLabel: string;
  onConfirm: () => void;
  /** While the change is on its way: the button shows 'Working…'. */
  busy?: boolean;
  /** A message to show when the change failed. */
  error?: string | undefined;
}

/**
 * Asks before a change that is hard to undo. The accessible Modal: focus is trapped in it, Escape and
 * "Cancel" close it, and focus returns to the control that opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
  error,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} size="small">
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <div className="admin-dialog-actions">
        <Button onClick={onConfirm} busy={busy} busyText="Working…">
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
