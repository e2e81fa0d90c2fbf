import { coverageLabel } from '@leisure/contract/coverage';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '../../../shared/app/lazy';
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

/** Longer access lists fold into a count on the card; 'More details' lists them. */
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

/** Coverage reads the same on every card: 'National', 'Local', or the operator's own local value. */
function useCoverageText() {
  const { t } = useTranslation('flow');
  return (coverage: string) => t('membership.coverage', { coverage: coverageLabel(coverage) });
}

/** What a membership type offers: categories, coverage, joining fee, description, eligibility, benefits, access. */
function MembershipFacts({
  membership,
  option,
  foldAccess,
}: {
  membership: MembershipType;
  option: PaymentOption;
  foldAccess: boolean;
}) {
  const { t } = useTranslation('flow');
  const coverageText = useCoverageText();
  const joiningFee = option.fees.joiningFee;
  return (
    <>
      {membership.categories.length ? (
        <p className="membership-card-categories">
          {membership.categories.map((category) => category.name).join(', ')}
        </p>
      ) : null}
      <p className="membership-card-coverage">{coverageText(membership.coverage)}</p>
      <p className="membership-card-joining-fee">
        {joiningFee.raw > 0
          ? t('membership.joiningFee', { fee: joiningFee.formatted })
          : t('membership.noJoiningFee')}
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
      {foldAccess && membership.providesAccessTo.length > maxAccessNames ? (
        <p className="membership-card-access">
          {t('membership.accessCount', { count: membership.providesAccessTo.length })}
        </p>
      ) : membership.providesAccessTo.length ? (
        <p className="membership-card-access">
          {t('membership.accessTo', {
            venues: membership.providesAccessTo.map((venue) => venue.name).join(', '),
          })}
        </p>
      ) : null}
    </>
  );
}

/** The dialog library is loaded when a card's details are first opened (issue 16, phones). */
const Modal = lazyWithTimeout(() => import('../../../shared/ui/modal'), 'Modal');

/**
 * A membership type as a card (250 x 290 px on desktop): what it is, who may buy it, its joining
 * fee and price. What does not fit is cut off, and 'More details' shows all of it in a dialog.
 */
export function MembershipCard({ membership, option, isLoggedIn, selected, onSelect }: MembershipCardProps) {
  const { t } = useTranslation('flow');
  const priceText = usePriceText();
  const [more, setMore] = useState(false);
  // Once opened, the dialog stays mounted so that closing it runs the dialog's own close (focus return).
  const [moreWanted, setMoreWanted] = useState(false);
  const headingId = `membership-${membership.id}-name`;
  const noPrices = !option.isPurchasable.hasPrices;
  return (
    <li className={['membership-card', selected ? 'membership-card-selected' : ''].filter(Boolean).join(' ')}>
      <article aria-labelledby={headingId}>
        <h3 id={headingId}>{membership.name}</h3>
        <div className="membership-card-body">
          <MembershipFacts membership={membership} option={option} foldAccess />
        </div>
        <Button
          variant="link"
          className="membership-card-more"
          onClick={() => {
            setMoreWanted(true);
            setMore(true);
          }}
          aria-label={t('membership.moreAbout', { name: membership.name })}
        >
          {t('membership.more')}
        </Button>
        {noPrices && isLoggedIn ? (
          <p className="membership-card-ineligible">{t('membership.notEligible')}</p>
        ) : (
          <p className="membership-card-price">{priceText(option)}</p>
        )}
        <Button
          onClick={onSelect}
          disabled={!option.isPurchasable.canPurchase}
          aria-label={t(selected ? 'membership.selectedNamed' : 'membership.selectNamed', {
            name: membership.name,
          })}
        >
          {selected ? t('membership.selected') : t('membership.select')}
        </Button>
      </article>
      {moreWanted ? (
        <Suspense fallback={null}>
          <Modal open={more} onOpenChange={setMore} title={membership.name}>
            <div className="membership-details">
              <MembershipFacts membership={membership} option={option} foldAccess={false} />
              {noPrices && isLoggedIn ? null : <p className="membership-card-price">{priceText(option)}</p>}
            </div>
          </Modal>
        </Suspense>
      ) : null}
    </li>
  );
}
