import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { formatDate } from '../../../shared/format/dates';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { useChangeCosts } from '../api/get-change-costs';

export interface ChangeCostsPanelProps {
  membershipId: number;
  paymentOptionId: number;
  startsAt: string;
  /** A member without a billing date changing to a monthly option: the day they chose. */
  billingDay?: number | null;
  paymentType: 'recurring' | 'fixed';
}

/**
 * The change costs (joining-and-payments.md 3 "Change costs"; docs/decisions/019): the one cost
 * breakdown of the change page, the same as what checkout charges.
 */
export function ChangeCostsPanel({
  membershipId,
  paymentOptionId,
  startsAt,
  billingDay = null,
  paymentType,
}: ChangeCostsPanelProps) {
  const { t } = useTranslation('account');
  const costs = useChangeCosts(membershipId, paymentOptionId, startsAt, billingDay);
  let body: React.ReactNode;
  if (costs.isPending) body = <PageSpinner />;
  else if (costs.isError) {
    const error = costs.error;
    const messages =
      error instanceof ApiError && error.status === 422
        ? Object.values(error.errors).flat()
        : [error instanceof Error ? error.message : ''];
    body = (
      <ul role="alert" className="form-error">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    );
  } else {
    const data = costs.data;
    const { composition } = data.costs;
    const difference = data.differenceToOldMembership;
    const signed = `${difference.amount.raw > 0 ? '+' : ''}${difference.amount.formatted}`;
    body = (
      <dl className="cost-breakdown">
        <div className="cost-row">
          <dt>{t('membershipChange.change.monthInHand')}</dt>
          <dd>{composition.monthInHand.formatted}</dd>
        </div>
        <div className="cost-row">
          <dt>{t('membershipChange.change.fees')}</dt>
          <dd>{composition.fees.formatted}</dd>
        </div>
        <div className="cost-row">
          <dt>
            {t('membershipChange.change.difference')}
            <span className="cost-note">{difference.text}</span>
          </dt>
          <dd>{signed}</dd>
        </div>
        <div className="cost-row cost-total">
          <dt>{t('membershipChange.change.totalDueNow')}</dt>
          <dd>{data.costs.totalDueNow.formatted}</dd>
        </div>
        {data.costs.accountCredit.raw > 0 ? (
          <div className="cost-row">
            <dt>{t('membershipChange.change.accountCredit')}</dt>
            <dd>{data.costs.accountCredit.formatted}</dd>
          </div>
        ) : null}
        <div className="cost-row">
          <dt>
            {paymentType === 'recurring'
              ? t('membershipChange.change.newMonthlyPrice')
              : t('membershipChange.change.newPrice')}
          </dt>
          <dd>{data.newMembershipPrice.formatted}</dd>
        </div>
        {data.prettyFirstBillingDate ? (
          <div className="cost-row">
            <dt>{t('membershipChange.change.firstBillingDate')}</dt>
            <dd>{data.prettyFirstBillingDate}</dd>
          </div>
        ) : null}
        <div className="cost-row">
          <dt>{t('membershipChange.change.currentEnds')}</dt>
          <dd>{formatDate(data.currentMembershipEnds)}</dd>
        </div>
      </dl>
    );
  }
  return (
    <section className="joining-costs change-costs" aria-labelledby="change-costs-title">
      <h3 id="change-costs-title">{t('membershipChange.change.costsTitle')}</h3>
      {body}
    </section>
  );
}
