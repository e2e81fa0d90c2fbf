import { coverageLabel } from '@leisure/contract/coverage';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../shared/ui/button';
import type { MyMembership } from '../api/types';
import { CancelMembershipModal } from './cancel-membership-modal';
import { EligibilityDocument } from './eligibility-document';
import { ManageMembershipModal, type MembershipModalKind } from './manage-membership-modal';
import { MembershipStatusBadge } from './status-badge';

/** A modal the card opens for its membership. */
export type MembershipModal = ComponentType<{ membership: MyMembership; onClose(): void }>;

export interface MembershipCardProps {
  membership: MyMembership;
  /** Freeze and Renew belong to features/membership-lifecycle; the site passes them in. */
  freezeModal: MembershipModal;
  renewModal: MembershipModal;
}

/** One membership: its details, its document, and the 'Manage membership' modal (my-account.md 2.6). */
export function MembershipCard({
  membership,
  freezeModal: FreezeModal,
  renewModal: RenewModal,
}: MembershipCardProps) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [modalOnShow, setModalOnShow] = useState<MembershipModalKind | null>(null);
  const close = () => setModalOnShow(null);
  const headingId = `mm-card-${membership.id}`;
  const choose = (kind: Exclude<MembershipModalKind, 'manage'>) => {
    if (kind === 'change') {
      navigate(`/memberships/change/${membership.id}`, { state: { membership } });
      return;
    }
    setModalOnShow(kind);
  };
  const cancellation = membership.cancellation;
  return (
    <li className="mm-card">
      <div className="mm-card-header">
        <div>
          <h2 id={headingId} className="mm-card-title">
            {membership.membershipType.name}
          </h2>
          <p className="mm-number">{t('membershipsArea.card.number', { reference: membership.reference })}</p>
        </div>
        <MembershipStatusBadge status={membership.status} />
      </div>
      {cancellation?.state === 'scheduled' && cancellation.finalDay ? (
        <p className="mm-note">
          {t('membershipsArea.card.cancelScheduled', { date: cancellation.finalDay.fullDate })}
        </p>
      ) : cancellation?.state === 'awaiting_payment' ? (
        <p className="mm-note">{t('membershipsArea.card.awaitingPayment')}</p>
      ) : membership.statusInfo ? (
        <p className="mm-note">{membership.statusInfo}</p>
      ) : null}
      <dl className="mm-details">
        {membership.homeVenue ? (
          <div>
            <dt>{t('membershipsArea.card.homeVenue')}</dt>
            <dd>{membership.homeVenue.name}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('membershipsArea.card.coverage')}</dt>
          <dd>{coverageLabel(membership.membershipType.coverage)}</dd>
        </div>
        <div>
          <dt>{t('membershipsArea.card.startDate')}</dt>
          <dd>{membership.startDate.fullDate}</dd>
        </div>
        {membership.expiresAt ? (
          <div>
            <dt>{t('membershipsArea.card.expiresAt')}</dt>
            <dd>{membership.expiresAt.fullDate}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('membershipsArea.card.price')}</dt>
          <dd>
            {membership.price.formatted} ({t(`membershipsArea.card.paymentTypes.${membership.paymentType}`)})
          </dd>
        </div>
        {membership.nextPaymentDate ? (
          <div>
            <dt>{t('membershipsArea.card.nextPayment')}</dt>
            <dd>{membership.nextPaymentDate.fullDate}</dd>
          </div>
        ) : null}
      </dl>
      {membership.benefits.length > 0 ? (
        <ul className="mm-benefits" aria-label={t('membershipsArea.card.benefits')}>
          {membership.benefits.map((benefit) => (
            <li key={benefit.id}>
              {benefit.name}
              {benefit.remainingUses !== null
                ? ` - ${t('membershipsArea.card.benefitUses', { count: benefit.remainingUses })}`
                : ''}
              {benefit.renewsAt
                ? `, ${t('membershipsArea.card.benefitRenews', { date: benefit.renewsAt.fullDate })}`
                : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <EligibilityDocument membership={membership} />
      <div className="mm-actions">
        <Button
          onClick={() => setModalOnShow('manage')}
          aria-label={t('membershipsArea.card.manageLabel', {
            name: membership.membershipType.name,
            reference: membership.reference,
          })}
        >
          {t('membershipsArea.card.manage')}
        </Button>
      </div>
      {modalOnShow === 'manage' ? (
        <ManageMembershipModal membership={membership} onChoose={choose} onClose={close} />
      ) : null}
      {modalOnShow === 'freeze' ? <FreezeModal membership={membership} onClose={close} /> : null}
      {modalOnShow === 'renew' ? <RenewModal membership={membership} onClose={close} /> : null}
      {modalOnShow === 'cancel' ? <CancelMembershipModal membership={membership} onClose={close} /> : null}
    </li>
  );
}
