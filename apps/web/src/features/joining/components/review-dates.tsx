import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { useMembershipTerms } from '../api/get-membership-terms';
import { usePaymentOptionPrice } from '../api/get-payment-option-price';
import type { MembershipType, PaymentOption } from '../api/types';
import type { Promotion } from '../api/validate-promotion';
import { clampStartDate, startDateBounds } from '../lib/start-date';
import { CostBreakdown } from './cost-breakdown';
import { PromoCode } from './promo-code';
import { TermsCheckboxes } from './terms-checkboxes';

export const billingDays = Array.from({ length: 28 }, (_, index) => index + 1);

export interface ReviewDatesProps {
  membership: MembershipType;
  option: PaymentOption;
  venueId: number;
  startDate: string;
  billingDay: number | null;
  /** A monthly payer without an existing billing date chooses one (1 to 28). */
  needsBillingDay: boolean;
  promotion: Promotion | null;
  termsAccepted: number[];
  busy: boolean;
  onDatesChange: (startDate: string, billingDay: number | null) => void;
  onPromotionChange: (promotion: Promotion | null) => void;
  onTermsChange: (ids: number[]) => void;
  onContinue: () => void;
  /**
   * A change's own costs (docs/decisions/019), shown instead of joining's breakdown and promo code so
   * the page has one breakdown, the one that is charged.
   */
  costs?: ReactNode;
  /** Start-date limits other than joining's (a change gives its own). */
  bounds?: { min: string; max: string };
}

/**
 * Review & select dates: the start date (today to one month ahead), the billing day, the promo
 * code, the cost breakdown and the health commitment and membership terms. Continue is disabled
 * while terms are unticked or a needed billing day is not chosen.
 */
export function ReviewDates(props: ReviewDatesProps) {
  const { t } = useTranslation('flow');
  const { option, membership, startDate, billingDay, needsBillingDay, promotion } = props;
  const [joiningBounds] = useState(() => startDateBounds());
  const bounds = props.bounds ?? joiningBounds;
  const ownCosts = props.costs !== undefined;
  const health = useMembershipTerms('health_commitment');
  const membershipTerms = useMembershipTerms('membership');
  // A change does not ask for joining's price: it shows its own costs.
  const price = usePaymentOptionPrice(
    ownCosts
      ? null
      : {
          typeId: membership.id,
          optionId: option.id,
          startDate,
          billingDay: needsBillingDay ? billingDay : null,
          venueId: props.venueId,
          promotionCodeId: promotion?.id ?? null,
        },
  );
  const terms = [...(health.data ?? []), ...(membershipTerms.data ?? [])];
  const termsLoading = health.isPending || membershipTerms.isPending;
  const allTermsTicked = terms.every((term) => props.termsAccepted.includes(term.id));
  const canContinue =
    !termsLoading &&
    allTermsTicked &&
    (!needsBillingDay || billingDay !== null) &&
    (ownCosts || !price.isError);

  return (
    <form
      className="form joining-review"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canContinue) props.onContinue();
      }}
    >
      <TextField
        label={t('review.startDate')}
        type="date"
        required
        min={bounds.min}
        max={bounds.max}
        value={startDate}
        hint={t('review.startDateHint')}
        onChange={(event) => props.onDatesChange(event.target.value || bounds.min, billingDay)}
        onBlur={(event) => props.onDatesChange(clampStartDate(event.target.value, bounds), billingDay)}
      />
      {needsBillingDay ? (
        <SelectField
          label={t('review.billingDay')}
          required
          hint={t('review.billingDayHint')}
          options={billingDays.map((day) => ({ value: String(day), label: String(day) }))}
          placeholder={t('review.billingDayPlaceholder')}
          value={billingDay === null ? '' : String(billingDay)}
          onChange={(event) =>
            props.onDatesChange(startDate, event.target.value ? Number(event.target.value) : null)
          }
        />
      ) : null}
      {ownCosts ? (
        props.costs
      ) : (
        <>
          <PromoCode paymentOptionId={option.id} promotion={promotion} onChange={props.onPromotionChange} />
          <section className="joining-costs" aria-labelledby="joining-costs-heading">
            <h3 id="joining-costs-heading">{t('costs.title')}</h3>
            {price.isError ? (
              <p role="alert" className="form-error">
                {t('costs.couldNotCalculate')}
              </p>
            ) : price.data ? (
              <CostBreakdown costs={price.data} />
            ) : (
              <PageSpinner />
            )}
          </section>
        </>
      )}
      {termsLoading ? (
        <PageSpinner />
      ) : (
        <TermsCheckboxes terms={terms} accepted={props.termsAccepted} onChange={props.onTermsChange} />
      )}
      <div className="form-actions">
        <Button type="submit" disabled={!canContinue} busy={props.busy} busyText={t('joining.processing')}>
          {t('joining.continue')}
        </Button>
      </div>
    </form>
  );
}
