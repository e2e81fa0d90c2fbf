import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import '../../../features/payments/payments.css';
import { useDownloadReceipt } from '../../../features/payments/api/download-receipt';
import { useOrder } from '../../../features/payments/api/get-order';
import { formatInstantNumericDate } from '../../../shared/format/dates';
import { usePageTitle } from '../../../shared/layout/page-title';
import { Button } from '../../../shared/ui/button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { notify } from '../../../shared/ui/toast';

/** /payments/order-history/{orderId}: an order's lines, payments and total, and its receipt. */
export function PaymentsOrderDetailScreen() {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea' });
  const orderId = Number(useParams().orderId);
  const order = useOrder(orderId);
  const receipt = useDownloadReceipt();
  usePageTitle(order.data ? t('order.title', { reference: order.data.reference }) : t('order.heading'));

  let body: React.ReactNode;
  if (order.isError || !Number.isInteger(orderId)) {
    body = (
      <p className="form-error" role="alert">
        {t('order.loadError')}
      </p>
    );
  } else if (!order.data) {
    body = <PageSpinner />;
  } else {
    const data = order.data;
    body = (
      <>
        <dl className="detail-list order-facts">
          <div className="detail-row">
            <dt>{t('order.reference')}</dt>
            <dd>{data.reference}</dd>
          </div>
          <div className="detail-row">
            <dt>{t('order.date')}</dt>
            <dd>{formatInstantNumericDate(data.createdAt)}</dd>
          </div>
        </dl>
        <section className="payments-block" aria-labelledby="order-items-title">
          <h2 id="order-items-title">{t('order.items')}</h2>
          <ul className="order-lines">
            {data.items.map((item) => (
              <li key={item.id} className="order-line">
                <div>
                  <p className="order-line-name">
                    {item.name}
                    {item.quantity > 1 ? ` x ${item.quantity}` : ''}
                  </p>
                  <p className="order-line-meta">
                    {[
                      item.cartableResource.venueName,
                      item.cartableResource.dateRaw ? item.cartableResource.date.fullDatePretty : '',
                      item.cartableResource.time,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </p>
                </div>
                <span>{item.price.formatted}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="payments-block" aria-labelledby="order-payments-title">
          <h2 id="order-payments-title">{t('order.payments')}</h2>
          {data.payments.length === 0 ? <p>{t('order.noPayment')}</p> : null}
          <ul className="order-lines">
            {data.payments.map((payment) => (
              <li
                key={`${payment.tenderType}-${payment.amount}-${payment.card?.last4 ?? ''}`}
                className="order-line"
              >
                <span>
                  {payment.card
                    ? t('order.card', { last4: payment.card.last4 })
                    : t(`order.tender.${payment.tenderType}`)}
                </span>
                <span>{payment.formattedAmount}</span>
              </li>
            ))}
          </ul>
          <p className="order-total">
            <span>{t('order.total')}</span> <strong>{data.formattedTotal}</strong>
          </p>
        </section>
        <Button
          variant="secondary"
          busy={receipt.isPending}
          onClick={() => receipt.mutate(data.uuid, { onError: () => notify.error(t('orders.receiptError')) })}
        >
          {t('orders.receipt')}
        </Button>
      </>
    );
  }

  return (
    <main id="main" className="page payments-page">
      <p>
        <Link to="/payments/order-history">{t('order.back')}</Link>
      </p>
      <h1>{order.data ? t('order.title', { reference: order.data.reference }) : t('order.heading')}</h1>
      {body}
    </main>
  );
}
