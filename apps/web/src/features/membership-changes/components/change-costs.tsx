import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { useChangeCosts } from '../api/get-change-costs';

export interface ChangeCostsPanelProps {
  membershipId: number;
  paymentOptionId: number;
  startsAt: string;
}

/** The change costs (joining-and-payments.md 3 "Change costs") in the review section. */
export function ChangeCostsPanel({ membershipId, paymentOptionId, startsAt }: ChangeCostsPanelProps) {
  const { t } = useTranslation('account');
  const costs = useChangeCosts(membershipId, paymentOptionId, startsAt);
  if (costs.isPending) return <p className="notice">{t('membershipChange.change.costsLoading')}</p>;
  if (costs.isError) {
    const error = costs.error;
    const messages =
      error instanceof ApiError && error.status === 422
        ? Object.values(error.errors).flat()
        : [error instanceof Error ? error.message : ''];
    return (
      <ul role="alert" className="form-error">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    );
  }
  const data = costs.data;
  return (
    <section className="change-costs" aria-labelledby="change-costs-title">
      <h3 id="change-costs-title">{t('membershipChange.change.costsTitle')}</h3>
      <dl className="details-list">
        <dt>{t('membershipChange.change.monthInHand')}</dt>
        <dd>{data.costs.composition.monthInHand.formatted}</dd>
        <dt>{t('membershipChange.change.fees')}</dt>
        <dd>{data.costs.composition.fees.formatted}</dd>
        <dt>{t('membershipChange.change.totalDueNow')}</dt>
        <dd>
          <strong>{data.costs.totalDueNow.formatted}</strong>
        </dd>
        <dt>{t('membershipChange.change.newPrice')}</dt>
        <dd>{data.newMembershipPrice.formatted}</dd>
        <dt>{t('membershipChange.change.difference')}</dt>
        <dd>{data.differenceToOldMembership.text}</dd>
      </dl>
    </section>
  );
}
