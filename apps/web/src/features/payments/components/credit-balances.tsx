import { useTranslation } from 'react-i18next';
import type { CreditsAddedView } from '../api/get-credits';

/** Booking and Membership balance cards; the Membership card only when that credit is above zero. */
export function CreditBalances({ balances }: { balances: CreditsAddedView['balances'] }) {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.credit' });
  const cards = [
    { key: 'booking', name: t('booking'), formatted: balances.general.formatted },
    ...(balances.membership.totalAvailable > 0
      ? [{ key: 'membership', name: t('membership'), formatted: balances.membership.formatted }]
      : []),
  ];
  return (
    <ul className="balance-cards">
      {cards.map((card) => (
        <li key={card.key} className="balance-card" aria-label={t('balanceLabel', { name: card.name })}>
          <span className="balance-card-name">{card.name}</span>
          <span className="balance-card-amount">{card.formatted}</span>
        </li>
      ))}
    </ul>
  );
}
