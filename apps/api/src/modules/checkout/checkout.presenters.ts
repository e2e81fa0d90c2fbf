import type { CheckoutPrepareResponse, Order } from '@leisure/contract/checkout';
import { formatMoney } from '@leisure/contract/money';
import type { MembershipLineFacts } from '../../db/line-details';
import { dateAnswer, instantAnswer, localDateOf } from '../../lib/dates';
import { itemViews } from '../basket/basket.presenters';
import { newMembershipAnswer } from '../basket/membership-line.presenters';
import type { BundleSessionRow, CartItemDetail } from '../basket/settlement.service';
import { type OrderLineView, orderReferenceOf } from '../payments/payments.service';
import type { SavedCardRow } from '../saved-cards/saved-cards.service';
import type { BookingRow, OrderRow, PaymentRow } from './checkout.repository';

/** Fee and membership lines have no session: their times are the order's, in the UK. */
const defaultTimeZone = 'Europe/London';

/** Checkout's answers as the wire shows them: the prepared payment and the order. */

/** What the checkout page needs to take a payment (`GET checkout/prepare`). */
export interface CheckoutPreparation {
  provider: string;
  cartId: number;
  itemHash: string;
  /** What a card pays after credit. */
  balance: number;
  currency: string;
  frameUrl: string;
  frameOrigin: string;
  savedCard: SavedCardRow | undefined;
  /** When the basket's earliest hold runs out. */
  holdExpiresAt: Date | null;
}

export function presentPreparation(prepared: CheckoutPreparation): CheckoutPrepareResponse {
  const saved = prepared.savedCard;
  return {
    payment_provider: prepared.provider,
    data: {
      cart_id: prepared.cartId,
      item_hash: prepared.itemHash,
      amount: prepared.balance,
      formatted_amount: formatMoney(prepared.balance, prepared.currency),
      currency: prepared.currency,
      requires_payment: prepared.balance > 0,
      frame_url: prepared.frameUrl,
      frame_origin: prepared.frameOrigin,
      saved_card: saved
        ? {
            brand: saved.brand,
            last4: saved.last4,
            expiry_month: saved.expiryMonth,
            expiry_year: saved.expiryYear,
            billing: {
              first_name: saved.billing.firstName,
              last_name: saved.billing.lastName,
              address_line_1: saved.billing.addressLine1,
              town: saved.billing.town,
              postcode: saved.billing.postcode,
            },
          }
        : null,
      hold_expires_at: prepared.holdExpiresAt ? prepared.holdExpiresAt.toISOString() : null,
    },
  };
}

/** An order with what its confirmation shows. */
export interface OrderView {
  order: OrderRow;
  /** The lines with places, shaped as the basket lines they were. */
  details: CartItemDetail[];
  courseSessions: BundleSessionRow[];
  bookings: BookingRow[];
  payments: PaymentRow[];
  /** Membership and fee lines, as the payments module describes them. */
  otherLines: OrderLineView[];
  /** The membership lines' memberships, as they were priced (by order line id). */
  membershipLines: (MembershipLineFacts & { orderItemId: number })[];
}

/** The order (`GET my-account/orders/{orderId}`, the confirmation email). */
export function presentOrder(view: OrderView): Order {
  const { order } = view;
  const views = itemViews(view.details, view.courseSessions, order.currency);
  const otherItems: Order['items'] = view.otherLines.map((line) => {
    const membership = view.membershipLines.find((m) => m.orderItemId === line.id);
    return {
      id: line.id,
      name: line.name,
      cartable_type: line.kind,
      quantity: line.quantity,
      price: {
        formatted: formatMoney(line.amount, order.currency),
        decimal: (line.amount / 100).toFixed(2),
        raw: line.amount,
        benefit_applied: false,
        package_applied: false,
      },
      cartable_resource: {
        name: line.name,
        venue_name: line.venueName,
        venue_slug: '',
        activity_slug: '',
        starts_at: instantAnswer(order.createdAt, defaultTimeZone),
        ends_at: instantAnswer(order.createdAt, defaultTimeZone),
        date: dateAnswer(line.dateRaw || localDateOf(order.createdAt, defaultTimeZone)),
        date_raw: line.dateRaw,
        time: line.startTime,
        duration: '',
        location: { id: '', name: line.venueName, type: 'venue', slug: '', venue_id: 0, venue_slug: '' },
        occurrence_id: null,
        instructor: null,
        new_membership: membership ? newMembershipAnswer(membership) : null,
      },
      booking_ids: [],
      child_items: [],
    };
  });
  return {
    id: order.id,
    uuid: order.uuid,
    reference: orderReferenceOf(order.id),
    status: order.status,
    source: order.source,
    user_id: order.userId,
    currency: order.currency,
    total: order.total,
    formatted_total: formatMoney(order.total, order.currency),
    created_at: order.createdAt.toISOString(),
    items: [
      ...views.map(({ item, detail }) => ({
        id: detail.item.id,
        name: item.name,
        cartable_type: item.cartable_type,
        quantity: item.quantity,
        price: item.price,
        cartable_resource: item.cartable_resource,
        booking_ids: view.bookings.filter((b) => b.orderItemId === detail.item.id).map((b) => b.id),
        child_items: item.child_items.map((child) => ({
          name: child.name,
          quantity: child.quantity,
          price: child.price,
          starts_at: (child.cartable_resource ?? item.cartable_resource).starts_at.local,
        })),
      })),
      ...otherItems,
    ].sort((a, b) => a.id - b.id),
    payments: view.payments.map((payment) => ({
      tender_type: payment.tenderType as Order['payments'][number]['tender_type'],
      amount: payment.amount,
      formatted_amount: formatMoney(payment.amount, order.currency),
      card:
        payment.cardBrand && payment.cardLast4
          ? { brand: payment.cardBrand, last4: payment.cardLast4 }
          : null,
    })),
    calendar_url: `/api/my-account/orders/${order.id}/calendar.ics`,
  };
}
