import { useTranslation } from 'react-i18next';
import type { SavedCard } from '../api/get-saved-cards';

/** The saved card drawn as a Mastercard (joining-and-payments.md "Manage saved card"). */
export function CardDisplay({ card }: { card: SavedCard }) {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.card' });
  return (
    <div className="card-display">
      <span className="card-display-brand" aria-hidden="true">
        <span className="mc-circle mc-red" />
        <span className="mc-circle mc-yellow" />
      </span>
      <p className="card-display-number">{t('endingIn', { last4: card.lastFourDigits })}</p>
      <p className="card-display-meta">
        <span>{card.cardHolderName}</span> <span>{t('expires', { date: card.expiryDate })}</span>
      </p>
    </div>
  );
}
