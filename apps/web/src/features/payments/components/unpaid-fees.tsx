import { formatMoney } from '@leisure/contract/money';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCart } from '../../../shared/cart/cart-query';
import { useSiteUrl } from '../../../shared/links/use-site-url';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';
import type { Penalty } from '../api/get-penalties';
import { usePenaltyBasket } from '../api/penalty-basket';

/**
 * The unpaid fees table (joining-and-payments.md "Unpaid fees table", 4 "Fees and cart"): each
 * checkbox mirrors a penalty line in the basket, select-all adds or removes them all, and 'Pay
 * selected fees' goes to checkout on the bookings sub-site (with the kiosk flag in kiosk mode).
 */
export function UnpaidFees({ penalties }: { penalties: Penalty[] }) {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.fees' });
  const cart = useCart();
  const basket = usePenaltyBasket(cart.owner.selectedUserId);
  const url = useSiteUrl();
  const [open, setOpen] = useState<number[]>([]);
  // What the member just ticked, shown at once until the basket answers.
  const [pending, setPending] = useState<Record<number, boolean>>({});

  const lines = (cart.data?.items ?? []).filter((item) => item.cartableType === 'penalty');
  const lineOf = (penaltyId: number) => lines.find((line) => line.cartableId === penaltyId);
  const isChecked = (penaltyId: number) => pending[penaltyId] ?? lineOf(penaltyId) !== undefined;
  const selected = penalties.filter((penalty) => isChecked(penalty.id));
  const allSelected = penalties.length > 0 && selected.length === penalties.length;
  // Which fees are selected is what the basket holds: until it has loaded, the boxes are not
  // known (unticked would read as 'none selected'), so they wait, and a failed load says so.
  const basketKnown = cart.data !== undefined;
  const busy = basket.busy || cart.isFetching || !basketKnown;
  const failed = () => notify.error(t('updateError'));
  const hold = (ids: number[], checked: boolean) => {
    setPending((current) => ({ ...current, ...Object.fromEntries(ids.map((id) => [id, checked])) }));
    return {
      onError: failed,
      onSettled: () =>
        setPending((current) =>
          Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(Number(id)))),
        ),
    };
  };

  const toggle = (penalty: Penalty, checked: boolean) => {
    const line = lineOf(penalty.id);
    if (checked && !line) basket.add.mutate([penalty.id], hold([penalty.id], true));
    if (!checked && line) basket.remove.mutate([line.id], hold([penalty.id], false));
  };
  const toggleAll = (checked: boolean) => {
    if (checked) {
      const missing = penalties.filter((penalty) => !lineOf(penalty.id)).map((penalty) => penalty.id);
      basket.add.mutate(missing, hold(missing, true));
    } else {
      basket.remove.mutate(
        lines.map((line) => line.id),
        hold(
          lines.map((line) => line.cartableId),
          false,
        ),
      );
    }
  };
  const total = selected.reduce((sum, penalty) => sum + penalty.feeAmount.amount, 0);
  const currency = cart.data?.currency ?? 'GBP';

  return (
    <section className="payments-block" aria-labelledby="unpaid-fees-title">
      <h2 id="unpaid-fees-title">{t('title')}</h2>
      {penalties.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <>
          <p className="notice notice-warning" role="status">
            {t('notice')}
          </p>
          <div className="table-scroll">
            <table className="payments-table fees-table">
              <thead>
                <tr>
                  <th scope="col" className="col-check">
                    <input
                      type="checkbox"
                      aria-label={t('selectAll')}
                      checked={allSelected}
                      disabled={busy}
                      onChange={(event) => toggleAll(event.target.checked)}
                    />
                  </th>
                  <th scope="col">{t('type')}</th>
                  <th scope="col">{t('amount')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('viewDetail')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {penalties.map((penalty) => {
                  const isOpen = open.includes(penalty.id);
                  const detailId = `fee-detail-${penalty.id}`;
                  return (
                    <Fragment key={penalty.id}>
                      <tr>
                        <td className="col-check">
                          <input
                            type="checkbox"
                            aria-label={t('select', {
                              type: penalty.typeLabel,
                              amount: penalty.feeAmount.formatted,
                            })}
                            checked={isChecked(penalty.id)}
                            disabled={busy}
                            onChange={(event) => toggle(penalty, event.target.checked)}
                          />
                        </td>
                        <td>{penalty.typeLabel}</td>
                        <td>{penalty.feeAmount.formatted}</td>
                        <td>
                          <Button
                            variant="link"
                            aria-expanded={isOpen}
                            aria-controls={detailId}
                            onClick={() =>
                              setOpen((ids) =>
                                isOpen ? ids.filter((id) => id !== penalty.id) : [...ids, penalty.id],
                              )
                            }
                          >
                            {isOpen ? t('hideDetail') : t('viewDetail')}
                          </Button>
                        </td>
                      </tr>
                      <tr id={detailId} hidden={!isOpen} className="fee-detail">
                        <td />
                        <td colSpan={3}>
                          <dl className="detail-list">
                            <dt>{t('centre')}</dt>
                            <dd>{penalty.booking.venue || '-'}</dd>
                            <dt>{t('session')}</dt>
                            <dd>{penalty.booking.description}</dd>
                            <dt>{t('dateTime')}</dt>
                            <dd>{[penalty.booking.date, penalty.booking.time].filter(Boolean).join(' ')}</dd>
                          </dl>
                        </td>
                      </tr>
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="fees-actions">
            {basketKnown ? (
              <p aria-live="polite">{t('selectedTotal', { total: formatMoney(total, currency) })}</p>
            ) : cart.isError ? (
              <p role="alert" className="form-error">
                {t('basketError')}
              </p>
            ) : (
              <p className="page-loading">{t('basketLoading')}</p>
            )}
            {selected.length > 0 && !busy ? (
              <a className="btn btn-primary" href={url('bookings', '/basket/checkout')}>
                {t('pay')}
              </a>
            ) : (
              <Button disabled>{t('pay')}</Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
