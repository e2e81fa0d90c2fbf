import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type FocusMemory, focusTargetOf, rememberFocus } from '../../../shared/ui/focus-return';
import { Modal } from '../../../shared/ui/modal';
import { SendGuestPassForm, type SendGuestPassFormProps } from './send-guest-pass-form';
import { useMediaQuery } from './use-media-query';

/** The spec's mobile breakpoint: below it the form is a modal, otherwise a 306 px drawer. */
const mobileQuery = '(max-width: 575px)';

export interface SendGuestPassPanelProps extends Omit<SendGuestPassFormProps, 'onSent' | 'onCancel'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function Drawer({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  // Opened from state, not a Radix Trigger: Radix would give focus back to nothing (<body>).
  const opener = useRef<FocusMemory | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = rememberFocus();
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content
          className="drawer gp-drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const target = focusTargetOf(opener.current);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className="drawer-header">
            <Dialog.Title className="drawer-title">{title}</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label={t('common.close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** 'Send guest pass': a modal on mobile, a drawer otherwise (my-account.md 2.5). */
export function SendGuestPassPanel({ open, onOpenChange, ...form }: SendGuestPassPanelProps) {
  const { t } = useTranslation('account');
  const mobile = useMediaQuery(mobileQuery);
  const close = () => onOpenChange(false);
  const body = open ? <SendGuestPassForm {...form} onSent={close} onCancel={close} /> : null;
  return mobile ? (
    <Modal open={open} onOpenChange={onOpenChange} title={t('guestPasses.sendTitle')} size="small">
      {body}
    </Modal>
  ) : (
    <Drawer open={open} onOpenChange={onOpenChange} title={t('guestPasses.sendTitle')}>
      {body}
    </Drawer>
  );
}
