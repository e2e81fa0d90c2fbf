import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '../../../shared/cart/cart-query';
import { MembershipPurchase } from '../../../shared/membership/membership-costs';

export interface BasketItemActions {
  onRemove: (item: CartItem) => void;
  onRemoveDiscount: (item: CartItem, kind: 'benefit' | 'package') => void;
  onTicketQuantity: (item: CartItem, ticketId: number, quantity: number) => void;
  busy: boolean;
}

const quantities = Array.from({ length: 10 }, (_, index) => index + 1);

/** A line's heading: h2 straight under the basket page's h1, h3 under the checkout's 'Your basket'. */
export type BasketHeadingLevel = 2 | 3;

/**
 * One basket line and (when editable) its actions: a session's what, when, where, tickets or course
 * sessions; a membership's home centre, payment type, start date and costs.
 */
export function BasketItem({
  item,
  actions,
  headingLevel = 3,
}: {
  item: CartItem;
  actions?: BasketItemActions | undefined;
  headingLevel?: BasketHeadingLevel;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('bookings');
  const headingId = useId();
  const resource = item.cartableResource;
  const tickets = item.childItems.filter((child) => child.cartableType === 'activityTicket');
  const sessions = item.childItems.filter((child) => child.cartableType !== 'activityTicket');
  return (
    <li className="basket-item" aria-labelledby={headingId}>
      <div className="basket-item-main">
        <Heading id={headingId} className="basket-item-name">
          {resource.name || item.name}
        </Heading>
        {resource.newMembership ? (
          <MembershipPurchase membership={resource.newMembership} />
        ) : (
          <dl className="basket-item-details">
            <div>
              <dt>{t('basket.item.date')}</dt>
              <dd>{resource.date.fullDatePretty}</dd>
            </div>
            <div>
              <dt>{t('basket.item.time')}</dt>
              <dd>
                {resource.time}
                {resource.duration ? ` (${resource.duration})` : ''}
              </dd>
            </div>
            <div>
              <dt>{t('basket.item.location')}</dt>
              <dd>{resource.location.name}</dd>
            </div>
            <div>
              <dt>{t('basket.item.venue')}</dt>
              <dd>{resource.venueName}</dd>
            </div>
            {resource.instructor ? (
              <div>
                <dt>{t('basket.item.instructor')}</dt>
                <dd>{resource.instructor}</dd>
              </div>
            ) : null}
            {tickets.length === 0 ? (
              <div>
                <dt>{t('basket.item.quantity')}</dt>
                <dd>{item.quantity}</dd>
              </div>
            ) : null}
          </dl>
        )}
        {tickets.length > 0 ? (
          <ul className="basket-children" aria-label={t('basket.item.tickets')}>
            {tickets.map((ticket) => (
              <li key={ticket.id}>
                {actions ? (
                  <label>
                    <span>{t('basket.item.ticketQuantity', { name: ticket.name })}</span>{' '}
                    <select
                      value={ticket.quantity}
                      disabled={actions.busy}
                      onChange={(event) =>
                        actions.onTicketQuantity(item, ticket.cartableId, Number(event.target.value))
                      }
                    >
                      {quantities.map((value) => (
                        <option key={value} value={value}>
                          {value}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <span>{t('basket.item.ticketLine', { name: ticket.name, quantity: ticket.quantity })}</span>
                )}{' '}
                <span className="basket-child-price">{ticket.price.formatted}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {sessions.length > 0 ? (
          <ul className="basket-children" aria-label={t('basket.item.sessions')}>
            {sessions.map((session) => (
              <li key={session.id}>
                {session.cartableResource
                  ? `${session.cartableResource.date.fullDatePretty}, ${session.cartableResource.time}`
                  : session.name}
              </li>
            ))}
          </ul>
        ) : null}
        {item.price.benefitApplied || item.price.packageApplied ? (
          <ul className="basket-discounts">
            {item.price.benefitApplied ? (
              <li>
                {t('basket.item.benefitApplied')}{' '}
                {actions ? (
                  <button
                    type="button"
                    className="btn btn-link"
                    disabled={actions.busy}
                    onClick={() => actions.onRemoveDiscount(item, 'benefit')}
                  >
                    {t('basket.item.removeBenefit')}
                  </button>
                ) : null}
              </li>
            ) : null}
            {item.price.packageApplied ? (
              <li>
                {t('basket.item.packageApplied')}{' '}
                {actions ? (
                  <button
                    type="button"
                    className="btn btn-link"
                    disabled={actions.busy}
                    onClick={() => actions.onRemoveDiscount(item, 'package')}
                  >
                    {t('basket.item.removePackage')}
                  </button>
                ) : null}
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <div className="basket-item-side">
        <p className="basket-item-price">{item.price.formatted}</p>
        {actions ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={actions.busy}
            onClick={() => actions.onRemove(item)}
            aria-label={t('basket.item.removeNamed', { name: resource.name || item.name })}
          >
            {t('basket.item.remove')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** The basket's lines; read-only without `actions` (the checkout summary). */
export function BasketItems({
  items,
  actions,
  headingLevel,
}: {
  items: CartItem[];
  actions?: BasketItemActions;
  headingLevel?: BasketHeadingLevel;
}) {
  const { t } = useTranslation('bookings');
  return (
    <ul className="basket-items" aria-label={t('basket.itemsLabel')}>
      {items.map((item) => (
        <BasketItem key={item.id} item={item} actions={actions} {...(headingLevel ? { headingLevel } : {})} />
      ))}
    </ul>
  );
}
