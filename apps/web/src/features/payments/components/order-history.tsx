import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumericDate } from '../../../shared/format/dates';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';
import { useDownloadReceipt } from '../api/download-receipt';
import { type OrdersFilter, useOrders } from '../api/get-orders';
import { DateRangeModal } from './date-range-modal';

/** Order history: the table, its date-range filter and paging (joining-and-payments.md "Order history"). */
export function OrderHistory() {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.orders' });
  const [filter, setFilter] = useState<OrdersFilter>({ from: null, to: null });
  const [page, setPage] = useState(1);
  const [filtering, setFiltering] = useState(false);
  const orders = useOrders(filter, page);
  const receipt = useDownloadReceipt();

  const range =
    filter.from && filter.to
      ? t('between', { from: formatNumericDate(filter.from), to: formatNumericDate(filter.to) })
      : filter.from
        ? t('fromOnly', { from: formatNumericDate(filter.from) })
        : filter.to
          ? t('toOnly', { to: formatNumericDate(filter.to) })
          : null;

  let body: React.ReactNode;
  if (orders.isError) {
    body = (
      <p className="form-error" role="alert">
        {t('loadError')}
      </p>
    );
  } else if (!orders.data || (orders.isPlaceholderData && orders.data.data.length === 0)) {
    // The previous filter's empty page, kept while the next one loads, must not read as 'No orders'.
    body = <p className="page-loading">{t('title')}...</p>;
  } else if (orders.data.data.length === 0) {
    body = <p className="empty-state">{t('none')}</p>;
  } else {
    const { meta } = orders.data;
    body = (
      <>
        <div className="table-scroll">
          <table className="payments-table orders-table">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reference')}</th>
                <th scope="col">{t('date')}</th>
                <th scope="col">{t('items')}</th>
                <th scope="col">{t('paymentType')}</th>
                <th scope="col">{t('total')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.data.map((order) => (
                <tr key={order.id}>
                  <td>{order.reference}</td>
                  <td>{order.createdAt}</td>
                  <td>
                    <ul className="order-items">
                      {order.items.map((item) => (
                        <li key={item.id}>
                          {item.name}
                          {item.date ? ` (${[item.date, item.startTime].filter(Boolean).join(' ')})` : ''}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>{order.paymentType}</td>
                  <td>{order.total.formatted}</td>
                  <td className="order-actions">
                    <Link
                      to={`/payments/order-history/${order.id}`}
                      aria-label={t('viewLabel', { reference: order.reference })}
                    >
                      {t('view')}
                    </Link>
                    <Button
                      variant="link"
                      aria-label={t('receiptLabel', { reference: order.reference })}
                      busy={receipt.isPending && receipt.variables === order.uuid}
                      onClick={() =>
                        receipt.mutate(order.uuid, { onError: () => notify.error(t('receiptError')) })
                      }
                    >
                      {t('receipt')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {meta.lastPage > 1 ? (
          <nav className="pager" aria-label={t('title')}>
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('previous')}
            </Button>
            <span aria-live="polite">{t('page', { page: meta.currentPage, pages: meta.lastPage })}</span>
            <Button variant="secondary" disabled={page >= meta.lastPage} onClick={() => setPage(page + 1)}>
              {t('next')}
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <section className="payments-block" aria-labelledby="order-history-title">
      <div className="block-header">
        <h2 id="order-history-title">{t('title')}</h2>
        <Button variant="secondary" onClick={() => setFiltering(true)}>
          {t('filter')}
        </Button>
      </div>
      {range ? <p role="status">{t('activeFilter', { range })}</p> : null}
      {body}
      <DateRangeModal
        open={filtering}
        filter={filter}
        onClose={() => setFiltering(false)}
        onApply={(next) => {
          setFilter(next);
          setPage(1);
          setFiltering(false);
        }}
      />
    </section>
  );
}
