import type { NewMembership as WireNewMembership } from '@leisure/contract/cart';
import type { CostBreakdown } from '@leisure/contract/memberships';
import { useTranslation } from 'react-i18next';
import type { Camel } from '../api/camel';
import './membership-costs.css';

/**
 * What a membership costs, one way wherever it is shown: the joining flow's cost breakdown, and the
 * membership lines of the basket, the checkout and the order confirmation (the checkout costs of
 * joining-and-payments.md 3).
 */
export type MembershipCosts = Camel<CostBreakdown>;
export type NewMembership = Camel<WireNewMembership>;

type Row = { label: string; value: string; total?: boolean };

function useCostRows(costs: MembershipCosts): Row[] {
  const { t } = useTranslation('common');
  const { fees } = costs;
  const rows: Row[] = [];
  if (fees.joiningFee.raw > 0)
    rows.push({ label: t('membershipCosts.joiningFee'), value: fees.joiningFee.formatted });
  if (costs.paymentType === 'recurring') {
    if (costs.proRataDays > 0 || fees.proRataFee.raw > 0) {
      rows.push({
        label: t('membershipCosts.proRata', { count: costs.proRataDays }),
        value: fees.proRataFee.formatted,
      });
    }
    if (fees.monthInHandFee.raw > 0) {
      rows.push({ label: t('membershipCosts.monthInHand'), value: fees.monthInHandFee.formatted });
    }
  } else {
    rows.push({ label: t('membershipCosts.baseFee'), value: fees.baseFee.formatted });
  }
  if (fees.discount.raw > 0) {
    rows.push({
      label: costs.promotionCode
        ? t('membershipCosts.discountCode', { code: costs.promotionCode })
        : t('membershipCosts.discount'),
      value: `-${fees.discount.formatted}`,
    });
  }
  rows.push({ label: t('membershipCosts.totalToPayNow'), value: costs.totalToPayNow.formatted, total: true });
  if (costs.paymentType === 'recurring') {
    if (costs.prettyFirstBillingDate) {
      rows.push({ label: t('membershipCosts.firstBillingDate'), value: costs.prettyFirstBillingDate });
    }
    rows.push({ label: t('membershipCosts.monthly'), value: costs.globalBasePrice.formatted });
  } else if (costs.fixedDuration !== null && costs.fixedPeriod !== null) {
    rows.push({
      label: t('membershipCosts.duration'),
      value: t(`membershipCosts.period.${costs.fixedPeriod}`, { count: costs.fixedDuration }),
    });
  }
  return rows;
}

function CostRows({ rows }: { rows: Row[] }) {
  return rows.map((row) => (
    <div key={row.label} className={row.total ? 'cost-row cost-total' : 'cost-row'}>
      <dt>{row.label}</dt>
      <dd>{row.value}</dd>
    </div>
  ));
}

/** The fee lines (joining fee, pro-rata with its days, month in hand, discount with its code), the total to pay now, and then the first billing date and monthly amount, or a single payment's duration. */
export function MembershipCostList({ costs }: { costs: MembershipCosts }) {
  const { t } = useTranslation('common');
  return (
    <dl className="cost-breakdown" aria-label={t('membershipCosts.title')}>
      <CostRows rows={useCostRows(costs)} />
    </dl>
  );
}

/** A membership being bought, as a basket or order line shows it: home centre, payment type, start date and its costs. */
export function MembershipPurchase({ membership }: { membership: NewMembership }) {
  const { t } = useTranslation('common');
  const rows: Row[] = [
    { label: t('membershipCosts.homeCentre'), value: membership.homeVenue.name },
    {
      label: t('membershipCosts.paymentType'),
      value: t(`membershipCosts.paymentTypes.${membership.paymentType}`),
    },
    { label: t('membershipCosts.startDate'), value: membership.prettyStartDate },
    ...useCostRows(membership.costs),
  ];
  return (
    <dl
      className="cost-breakdown membership-purchase"
      aria-label={t('membershipCosts.purchase', { name: membership.name })}
    >
      <CostRows rows={rows} />
    </dl>
  );
}
