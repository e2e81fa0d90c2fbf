import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import type { MyMembership } from '../api/types';

/**
 * Which membership modal is on show (my-account.md 2.6): the manage menu, or one of the kinds it
 * opens. Change is a page, not a modal: choosing it navigates.
 */
export type MembershipModalKind = 'manage' | 'freeze' | 'renew' | 'cancel' | 'change';

interface ManageMembershipModalProps {
  membership: MyMembership;
  onChoose(kind: Exclude<MembershipModalKind, 'manage'>): void;
  onClose(): void;
}

/** One action with, when it cannot be taken, the reason read out with the disabled button. */
function Action({ label, reason, onClick }: { label: string; reason: string | null; onClick(): void }) {
  const reasonId = useId();
  return (
    <li>
      <Button
        variant="secondary"
        onClick={onClick}
        disabled={reason !== null}
        aria-describedby={reason ? reasonId : undefined}
      >
        {label}
      </Button>
      {reason ? (
        <p id={reasonId} className="mm-reason">
          {reason}
        </p>
      ) : null}
    </li>
  );
}

/** The 'Manage membership' modal: freeze, renew, change and cancel, each with why it is not possible. */
export function ManageMembershipModal({ membership, onChoose, onClose }: ManageMembershipModalProps) {
  const { t } = useTranslation('account');
  const freezeReason = membership.freezePending
    ? t('membershipsArea.manage.freezePending')
    : membership.freezable
      ? null
      : t('membershipsArea.manage.notFreezable');
  const cancelReason = membership.cancellable
    ? null
    : membership.cancellation?.state === 'scheduled'
      ? t('membershipsArea.manage.alreadyCancelling')
      : t('membershipsArea.manage.notCancellable');
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('membershipsArea.manage.title')}
      size="small"
    >
      <p>
        <strong>{membership.membershipType.name}</strong>
      </p>
      <p>{t('membershipsArea.card.number', { reference: membership.reference })}</p>
      {membership.managementEnabled ? (
        <ul className="mm-manage-list">
          <Action
            label={t('membershipsArea.manage.freeze')}
            reason={freezeReason}
            onClick={() => onChoose('freeze')}
          />
          {membership.renewable ? (
            <Action
              label={t('membershipsArea.manage.renew')}
              reason={membership.canRenew ? null : membership.renewForbidReason}
              onClick={() => onChoose('renew')}
            />
          ) : null}
          <Action
            label={t('membershipsArea.manage.change')}
            reason={membership.canChange ? null : membership.cannotChangeReason}
            onClick={() => onChoose('change')}
          />
          <Action
            label={t('membershipsArea.manage.cancel')}
            reason={cancelReason}
            onClick={() => onChoose('cancel')}
          />
        </ul>
      ) : (
        <p className="mm-note">{t('membershipsArea.manage.disabled')}</p>
      )}
    </Modal>
  );
}
