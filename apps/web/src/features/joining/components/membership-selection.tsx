import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../shared/ui/checkbox-field';
import { SelectField } from '../../../shared/ui/select-field';
import type { MembershipType, PaymentOption, PaymentType } from '../api/types';
import { allTypes, categoriesOf, filterMemberships, optionFor } from '../lib/filter-memberships';
import { MembershipCard } from './membership-card';

export interface MembershipSelectionProps {
  memberships: MembershipType[];
  venueId: number;
  isLoggedIn: boolean;
  canDisplayIneligible: boolean;
  selectedId: number | null;
  initialPaymentType?: PaymentType;
  onChoose: (membership: MembershipType, option: PaymentOption) => void;
}

/**
 * Membership selection (joining-and-payments.md 2): the payment-type filter (Monthly by default),
 * the category filter with 'All types', the ineligible toggle where the venue allows it, the cards.
 */
export function MembershipSelection({
  memberships,
  venueId,
  isLoggedIn,
  canDisplayIneligible,
  selectedId,
  initialPaymentType = 'recurring',
  onChoose,
}: MembershipSelectionProps) {
  const { t } = useTranslation('flow');
  const id = useId();
  const [paymentType, setPaymentType] = useState<PaymentType>(initialPaymentType);
  const [category, setCategory] = useState(allTypes);
  const [showIneligible, setShowIneligible] = useState(false);
  const categories = useMemo(() => categoriesOf(memberships), [memberships]);
  const shown = filterMemberships(memberships, {
    paymentType,
    category,
    venueId,
    showIneligible,
    isLoggedIn,
  });

  return (
    <div className="membership-selection">
      <div className="membership-filters">
        <fieldset className="field segmented">
          <legend className="field-label">{t('membership.paymentType')}</legend>
          {(['recurring', 'fixed'] as const).map((type) => (
            <label key={type} className="segmented-option">
              <input
                type="radio"
                name={`${id}-payment-type`}
                value={type}
                checked={paymentType === type}
                onChange={() => setPaymentType(type)}
              />
              <span>{type === 'recurring' ? t('membership.monthly') : t('membership.singlePayment')}</span>
            </label>
          ))}
        </fieldset>
        <SelectField
          label={t('membership.category')}
          options={categories.slice(1).map((name) => ({ value: name, label: name }))}
          placeholder={allTypes}
          value={category === allTypes ? '' : category}
          onChange={(event) => setCategory(event.target.value || allTypes)}
        />
        {isLoggedIn && canDisplayIneligible ? (
          <CheckboxField
            label={t('membership.showIneligible')}
            checked={showIneligible}
            onChange={(event) => setShowIneligible(event.target.checked)}
          />
        ) : null}
      </div>
      {shown.length === 0 ? (
        <p className="notice" role="status">
          {t('membership.noneFound')}
        </p>
      ) : (
        <ul className="membership-cards" aria-label={t('membership.listLabel')}>
          {shown.map((membership) => {
            const option = optionFor(membership, paymentType);
            if (!option) return null;
            return (
              <MembershipCard
                key={membership.id}
                membership={membership}
                option={option}
                isLoggedIn={isLoggedIn}
                selected={membership.id === selectedId}
                onSelect={() => onChoose(membership, option)}
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}
