import type { RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { Redirect } from '../../../shared/app/server-rendered';
import { useClient } from '../../../shared/operator/use-client';
import { screen } from '../route-helpers';

const PaymentsScreen = lazyWithTimeout(() => import('../screens/payments-screen'), 'PaymentsScreen');
const PaymentsSummaryScreen = lazyWithTimeout(
  () => import('../screens/payments-summary-screen'),
  'PaymentsSummaryScreen',
);
const PaymentsCreditScreen = lazyWithTimeout(
  () => import('../screens/payments-credit-screen'),
  'PaymentsCreditScreen',
);
const PaymentsOrderHistoryScreen = lazyWithTimeout(
  () => import('../screens/payments-order-history-screen'),
  'PaymentsOrderHistoryScreen',
);
const PaymentsOrderDetailScreen = lazyWithTimeout(
  () => import('../screens/payments-order-detail-screen'),
  'PaymentsOrderDetailScreen',
);
const PaymentsManageCardScreen = lazyWithTimeout(
  () => import('../screens/payments-manage-card-screen'),
  'PaymentsManageCardScreen',
);

/** The Credit tab exists only when the client's credits setting is on. */
function CreditsEnabled({ children }: { children: React.ReactNode }) {
  const { data: client } = useClient();
  if (!client) return null;
  return client.creditsEnabled ? children : <Redirect to="/payments" />;
}

/** The payments area (joining-and-payments.md "Routes in the payments area"). */
export const paymentsRoutes: RouteObject[] = [
  {
    path: 'payments',
    element: screen(PaymentsScreen),
    handle: { crumb: 'Payments' },
    children: [
      { index: true, element: screen(PaymentsSummaryScreen) },
      { path: 'credit', element: <Redirect to="/payments/credit/added" /> },
      {
        path: 'credit/:kind',
        element: <CreditsEnabled>{screen(PaymentsCreditScreen)}</CreditsEnabled>,
      },
      { path: 'order-history', element: screen(PaymentsOrderHistoryScreen) },
    ],
  },
  {
    path: 'payments/order-history/:orderId',
    element: screen(PaymentsOrderDetailScreen),
    handle: { crumb: 'Order details' },
  },
  {
    path: 'payments/manage-card',
    element: screen(PaymentsManageCardScreen),
    handle: { crumb: 'Manage card' },
  },
];
