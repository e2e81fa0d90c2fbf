import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import '../../../features/payments/payments.css';
import { type SavedCard, useSavedCards } from '../../../features/payments/api/get-saved-cards';
import { useRemoveSavedCard } from '../../../features/payments/api/remove-saved-card';
import { BillingForm } from '../../../features/payments/components/billing-form';
import { CardDisplay } from '../../../features/payments/components/card-display';
import { ApiError } from '../../../shared/api/client';
import { usePageTitle } from '../../../shared/layout/page-title';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { TextField } from '../../../shared/ui/text-field';
import { notify } from '../../../shared/ui/toast';

/**
 * /payments/manage-card: the saved card (read-only, shown as a Mastercard), its editable billing
 * details, and delete with confirmation, after which /payments shows the card-deleted notice.
 */
export function PaymentsManageCardScreen() {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.manageCard' });
  usePageTitle(t('title'));
  const cards = useSavedCards();
  const remove = useRemoveSavedCard();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  // The card being deleted stays on screen until /payments shows: the delete reloads the cards
  // (answering none) before it navigates, and that must not read as 'You have no saved card.'
  const [deleting, setDeleting] = useState<SavedCard | null>(null);
  const card = deleting ?? cards.data?.[0];

  let body: React.ReactNode;
  if (cards.isError && !deleting)
    body = (
      <p className="form-error" role="alert">
        {t('error')}
      </p>
    );
  else if (!card && !cards.data) body = <PageSpinner />;
  else if (!card) body = <p>{t('notFound')}</p>;
  else {
    body = (
      <div className="manage-card">
        <section className="payments-block" aria-labelledby="card-details-title">
          <h2 id="card-details-title">{t('cardDetails')}</h2>
          <CardDisplay card={card} />
          <div className="notice notice-info">
            <p className="notice-title">{t('noticeTitle')}</p>
            <p>{t('noticeText')}</p>
          </div>
          <div className="form">
            <TextField label={t('holder')} value={card.cardHolderName} readOnly disabled />
            <TextField
              label={t('cardNumber')}
              value={`**** **** **** ${card.lastFourDigits}`}
              readOnly
              disabled
            />
            <TextField label={t('expiry')} value={card.expiryDate} readOnly disabled />
            <TextField label={t('cvc')} value="***" hint={t('cvcHelp')} readOnly disabled />
          </div>
        </section>
        <section className="payments-block">
          <BillingForm card={card} />
        </section>
        <Button variant="secondary" className="btn-danger" onClick={() => setConfirming(true)}>
          {t('delete')}
        </Button>
        <Modal open={confirming} onOpenChange={setConfirming} title={t('deleteTitle')} size="small">
          <p>{t('deleteConfirm')}</p>
          <div className="modal-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button
              busy={remove.isPending}
              onClick={() => {
                setDeleting(card);
                remove.mutate(card.id, {
                  onSuccess: () => navigate('/payments', { state: { deletedCard: true } }),
                  onError: (error) => {
                    setDeleting(null);
                    setConfirming(false);
                    notify.error(error instanceof ApiError ? error.message : t('error'));
                  },
                });
              }}
            >
              {t('deleteYes')}
            </Button>
          </div>
        </Modal>
      </div>
    );
  }

  return (
    <main id="main" className="page page-form payments-page">
      <p>
        <Link to="/payments">{t('back')}</Link>
      </p>
      <h1>{t('title')}</h1>
      {body}
    </main>
  );
}
