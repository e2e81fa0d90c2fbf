import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../../shared/layout/sanitize-html';
import { Button } from '../../../shared/ui/button';
import type { MembershipType, PaymentOption } from '../api/types';
import { perFrequency } from '../lib/filter-memberships';

export interface MembershipCardProps {
  membership: MembershipType;
  option: PaymentOption;
  isLoggedIn: boolean;
  selected: boolean;
  onSelect: () => void;
}

/** Longer access lists fold into a disclosure, so the card keeps its size. */
const maxAccessNames = 2;

/** The price line: '£25.00 per month' or '£300.00 for 12 months'. */
export function usePriceText() {
  const { t } = useTranslation('flow');
  return (option: PaymentOption) =>
    option.paymentType === 'recurring'
      ? t('membership.perMonth', { price: option.globalBasePrice.formatted })
      : t('membership.forPeriod', {
          price: option.globalBasePrice.formatted,
          count: option.fixedDuration ?? 1,
          period: option.fixedPeriod ?? 'month',
        });
}

/** A membership type as a card (250 x 290 px on desktop): what it is, who may buy it, its price. */
export function MembershipCard({ membership, option, isLoggedIn, selected, onSelect }: MembershipCardProps) {
  const { t } = useTranslation('flow');
  const priceText = usePriceText();
  const headingId = `membership-${membership.id}-name`;
  const noPrices = !option.isPurchasable.hasPrices;
  return (
    <li className={['membership-card', selected ? 'membership-card-selected' : ''].filter(Boolean).join(' ')}>
      <article aria-labelledby={headingId}>
        <h3 id={headingId}>{membership.name}</h3>
        {membership.categories.length ? (
          <p className="membership-card-categories">
            {membership.categories.map((category) => category.name).join(', ')}
          </p>
        ) : null}
        <p className="membership-card-coverage">
          {membership.coverage === 'national'
            ? t('membership.coverageNational')
            : t('membership.coverageLocal', { coverage: membership.coverage })}
        </p>
        {membership.description ? (
          <div
            className="membership-card-description"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: operator HTML, sanitised with DOMPurify.
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(membership.description) }}
          />
        ) : null}
        {membership.eligibility ? (
          <p className="membership-card-eligibility">
            {t('membership.eligibility', { name: membership.eligibility.name })}
          </p>
        ) : null}
        {membership.benefits.length ? (
          <ul className="membership-card-benefits" aria-label={t('membership.benefits')}>
            {membership.benefits.map((benefit) => (
              <li key={benefit.name}>
                {benefit.name}
                {benefit.totalUses !== null && benefit.frequency
                  ? `: ${t('membership.benefitUses', { count: benefit.totalUses, frequency: perFrequency(benefit.frequency) })}`
                  : ''}
              </li>
            ))}
          </ul>
        ) : null}
        {membership.providesAccessTo.length > maxAccessNames ? (
          <details className="membership-card-access">
            <summary>{t('membership.accessCount', { count: membership.providesAccessTo.length })}</summary>
            <ul>
              {membership.providesAccessTo.map((venue) => (
                <li key={venue.id}>{venue.name}</li>
              ))}
            </ul>
          </details>
        ) : membership.providesAccessTo.length ? (
          <p className="membership-card-access">
            {t('membership.accessTo', {
              venues: membership.providesAccessTo.map((venue) => venue.name).join(', '),
            })}
          </p>
        ) : null}
        {noPrices && isLoggedIn ? (
          <p className="membership-card-ineligible">{t('membership.notEligible')}</p>
        ) : (
          <p className="membership-card-price">{priceText(option)}</p>
        )}
        <Button
          onClick={onSelect}
          disabled={!option.isPurchasable.canPurchase}
          aria-label={t('membership.selectNamed', { name: membership.name })}
        >
          {selected ? t('membership.selected') : t('membership.select')}
        </Button>
      </article>
    </li>
  );
}
