import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button';
import type { SavedCard } from '../api/get-saved-cards';
import { CardDisplay } from './card-display';

interface PaymentMethodsProps {
  cards: SavedCard[] | undefined;
  failed: boolean;
  /** Shown after a delete (navigation state `deletedCard`), until dismissed. */
  deleted: boolean;
  onDismissDeleted: () => void;
}

/** The Payment Methods block: the saved card, its expired notice and the card-deleted notice. */
export function PaymentMethods({ cards, failed, deleted, onDismissDeleted }: PaymentMethodsProps) {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.card' });
  const card = cards?.[0];
  return (
    <section className="payments-block" aria-labelledby="payment-methods-title">
      <h2 id="payment-methods-title">{t('title')}</h2>
      {deleted ? (
        <div className="notice notice-success notice-dismissible" role="status">
          <div>
            <p className="notice-title">{t('deleted')}</p>
            <p>{t('newCardNext')}</p>
          </div>
          <Button variant="link" onClick={onDismissDeleted}>
            {t('dismiss')}
          </Button>
        </div>
      ) : null}
      {failed ? <p className="form-error">{t('loadError')}</p> : null}
      {card ? (
        <>
          {card.recentlyExpired ? (
            <div className="notice notice-warning">
              <p className="notice-title">{t('expired')}</p>
              <p>{t('newCardNext')}</p>
            </div>
          ) : null}
          <CardDisplay card={card} />
          <Link
            className="btn btn-secondary"
            to="/payments/manage-card"
            state={{ fromPage: '/payments', savedCard: card }}
          >
            {t('manage')}
          </Link>
        </>
      ) : cards && !deleted ? (
        <p>{t('none')}</p>
      ) : null}
    </section>
  );
}
