import { OrderHistory } from '../../../features/payments/components/order-history';

/** The Order history tab. */
export function PaymentsOrderHistoryScreen() {
  return <OrderHistory />;
}
