import type { zOrderResponse } from '@leisure/contract/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { checkoutKeys } from './keys';

/** `GET api/my-account/orders/{orderId}`: the order for the booking-confirmed page, with its .ics URL. */
export type Order = Camel<z.infer<typeof zOrderResponse>>['data'];

export async function getOrder(orderId: number): Promise<Order> {
  return (await api.get<{ data: Order }>(`api/my-account/orders/${orderId}`)).data;
}

export function orderQueryOptions(orderId: number) {
  return queryOptions({ queryKey: checkoutKeys.order(orderId), queryFn: () => getOrder(orderId) });
}

/** `enabled`: the call needs a session; the page asks for a login first instead of a certain 401. */
export function useOrder(orderId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderQueryOptions(orderId), enabled: enabled && isOrderId(orderId) });
}

export function isOrderId(orderId: number): boolean {
  return Number.isInteger(orderId) && orderId > 0;
}
