import { useTranslation } from 'react-i18next';
import { getApiSettings } from '../../../shared/api/client';
import { MembershipPurchase } from '../../../shared/membership/membership-costs';
import type { Order } from '../api/get-order';

/**
 * The booking-confirmed page's body: reference, items (a session's when and where, a membership's
 * costs), total, and the add-to-calendar (.ics) link when sessions were booked. The page loads the
 * order (`useOrder`) and decides what shows while it is not there.
 */
export function OrderConfirmation({ order: data }: { order: Order }) {
  const { t } = useTranslation('bookings');
  const calendarUrl = /^https?:/.test(data.calendarUrl)
    ? data.calendarUrl
    : `${getApiSettings().baseUrl}${data.calendarUrl}`;
  return (
    <>
      <p className="order-reference">
        {t('confirmed.reference')} <strong>{data.reference}</strong>
      </p>
      <ul className="basket-items" aria-label={t('confirmed.itemsLabel')}>
        {data.items.map((item) => (
          <li key={item.id} className="basket-item" aria-labelledby={`order-item-${item.id}`}>
            <div className="basket-item-main">
              <h2 id={`order-item-${item.id}`} className="basket-item-name">
                {item.cartableResource.name || item.name}
              </h2>
              {item.cartableResource.newMembership ? (
                <MembershipPurchase membership={item.cartableResource.newMembership} />
              ) : item.cartableResource.time ? (
                <>
                  <p>
                    {item.cartableResource.date.fullDatePretty}, {item.cartableResource.time}
                  </p>
                  <p>
                    {item.cartableResource.location.name}, {item.cartableResource.venueName}
                  </p>
                </>
              ) : null}
              {item.childItems.length > 0 ? (
                <ul className="basket-children">
                  {item.childItems.map((child) => (
                    <li key={`${child.name}-${child.startsAt}`}>
                      {t('basket.item.ticketLine', { name: child.name, quantity: child.quantity })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <div className="basket-item-side">
              <p className="basket-item-price">{item.price.formatted}</p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="basket-totals">
        <div className="basket-totals-balance">
          <dt>{t('confirmed.total')}</dt>
          <dd>{data.formattedTotal}</dd>
        </div>
      </dl>
      {data.items.some((item) => item.bookingIds.length > 0) ? (
        <p>
          <a className="btn btn-secondary" href={calendarUrl} download={`${data.reference}.ics`}>
            {t('confirmed.addToCalendar')}
          </a>
        </p>
      ) : null}
    </>
  );
}
