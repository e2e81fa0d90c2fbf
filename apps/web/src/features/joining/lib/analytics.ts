import type { MembershipType, PaymentOption } from '../api/types';

/** The spec's memberships_progress steps (joining-and-payments.md 4, Analytics events). */
export const progressSteps = {
  centre: { stepNumber: 1, stepName: 'select centre' },
  membership: { stepNumber: 2, stepName: 'select membership' },
  details: { stepNumber: 3, stepName: 'your details' },
  questions: { stepNumber: 4, stepName: 'additional details' },
  review: { stepNumber: 5, stepName: 'review dates' },
  payment: { stepNumber: 6, stepName: 'monthly payment' },
  confirm: { stepNumber: 7, stepName: 'confirm details' },
} as const;
export type ProgressStep = keyof typeof progressSteps;

export interface ProgressItem {
  item_id: number;
  item_name: string;
  item_category: string;
  payment_type: string;
  price: string;
}

export interface ProgressEvent {
  event: 'memberships_progress';
  stepNumber: number;
  stepName: string;
  items?: ProgressItem[];
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function progressItem(membership: MembershipType, option: PaymentOption | null): ProgressItem {
  return {
    item_id: membership.id,
    item_name: membership.name,
    item_category: membership.categories.map((category) => category.name).join(', '),
    payment_type: option?.paymentType ?? '',
    price: option?.globalBasePrice.decimal ?? '',
  };
}

/** Pushes one memberships_progress event to the tag manager's data layer. */
export function pushProgress(step: ProgressStep, items?: ProgressItem[]): ProgressEvent {
  const event: ProgressEvent = {
    event: 'memberships_progress',
    ...progressSteps[step],
    ...(items ? { items } : {}),
  };
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
  return event;
}
