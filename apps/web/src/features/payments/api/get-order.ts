import type { Order as WireOrder } from '@leisure/contract/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { paymentsKeys } from './keys';

export type Order = Camel<WireOrder>;

/** `GET api/my-account/orders/{orderId}`. */
export async function getOrder(orderId: number): Promise<Order> {
  return (await api.get<{ data: Order }>(`api/my-account/orders/${orderId}`)).data;
}

export function orderQueryOptions(orderId: number) {
  return queryOptions({ queryKey: paymentsKeys.order(orderId), queryFn: () => getOrder(orderId) });
}

export function useOrder(orderId: number) {
  return useQuery({ ...orderQueryOptions(orderId), enabled: Number.isInteger(orderId) && orderId > 0 });
}
