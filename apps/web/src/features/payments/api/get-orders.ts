import type { OrdersPage } from '@leisure/contract/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { paymentsKeys } from './keys';

export type OrdersPageView = Camel<OrdersPage>;
export type OrderSummary = OrdersPageView['data'][number];

export interface OrdersFilter {
  /** 'YYYY-MM-DD', inclusive; null for no bound. */
  from: string | null;
  to: string | null;
}

/** `GET api/my-account/orders?from&to&page`: 20 orders a page, newest first. */
export async function getOrders(filter: OrdersFilter, page: number): Promise<OrdersPageView> {
  return api.get<OrdersPageView>('api/my-account/orders', {
    query: { from: filter.from, to: filter.to, page },
  });
}

export function ordersQueryOptions(filter: OrdersFilter, page: number) {
  return queryOptions({
    queryKey: paymentsKeys.orders(filter.from, filter.to, page),
    queryFn: () => getOrders(filter, page),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(filter: OrdersFilter, page: number) {
  return useQuery(ordersQueryOptions(filter, page));
}
