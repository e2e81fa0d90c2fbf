import { optionFor } from '../venues/activity-prices';
import type { CartTicketLine } from './basket.repository';
import type { PricingRow } from './bookables.repository';

/**
 * How a basket line is priced: a pricing option of the activity and ticket quantities. Pure, so the
 * cart service and the waitlist's offered lines price alike; the option a customer gets without
 * naming one is the one price rule's (venues/activity-prices.ts), the price availability shows them.
 */

export interface PricedLine {
  pricingOptionId: number;
  benefitApplied: boolean;
  tickets: CartTicketLine[];
  /** Places taken on each session. */
  quantity: number;
  /** Minor units for the whole line. */
  amount: number;
}

export interface PricingChoice {
  pricingOptionId?: number | undefined;
  ticketId?: number | undefined;
  quantity?: number | undefined;
  tickets?: { ticket_id: number; quantity: number }[] | undefined;
  applyBenefit: boolean;
  isMember: boolean;
}

export type PricingError =
  | { field: 'pricing_option_id'; kind: 'unknownPricingOption' | 'memberOptionOnly' }
  | { field: 'ticket_id' | 'options.tickets'; kind: 'unknownTicket' }
  | { field: 'quantity' | 'options.tickets'; kind: 'quantity' };

export function priceLine(pricing: PricingRow[], choice: PricingChoice): PricedLine | PricingError {
  let option: PricingRow | undefined;
  if (choice.pricingOptionId !== undefined) {
    option = pricing.find((row) => row.id === choice.pricingOptionId);
    if (!option) return { field: 'pricing_option_id', kind: 'unknownPricingOption' };
    if (option.forMembers && !choice.isMember)
      return { field: 'pricing_option_id', kind: 'memberOptionOnly' };
  } else if (choice.tickets && choice.tickets.length > 0) {
    // The option is the one the tickets belong to.
    const first = choice.tickets[0]?.ticket_id;
    option = pricing.find((row) => row.tickets.some((ticket) => ticket.id === first));
    if (!option) return { field: 'options.tickets', kind: 'unknownTicket' };
    if (option.forMembers && !choice.isMember)
      return { field: 'pricing_option_id', kind: 'memberOptionOnly' };
  } else {
    // Named by nothing: the option the one price rule gives them, as availability shows it.
    option = optionFor(pricing, choice, choice.applyBenefit);
  }
  if (!option) return { field: 'pricing_option_id', kind: 'unknownPricingOption' };

  const lines: CartTicketLine[] = [];
  if (choice.tickets && choice.tickets.length > 0) {
    for (const wanted of choice.tickets) {
      const ticket = option.tickets.find((row) => row.id === wanted.ticket_id);
      if (!ticket) return { field: 'options.tickets', kind: 'unknownTicket' };
      if (wanted.quantity <= 0) continue;
      const existing = lines.find((line) => line.ticketId === ticket.id);
      if (existing) existing.quantity += wanted.quantity;
      else
        lines.push({
          ticketId: ticket.id,
          name: ticket.name,
          quantity: wanted.quantity,
          unitAmount: ticket.amount,
        });
    }
    if (lines.length === 0) return { field: 'options.tickets', kind: 'quantity' };
  } else {
    const ticket =
      choice.ticketId !== undefined
        ? option.tickets.find((row) => row.id === choice.ticketId)
        : option.tickets[0];
    if (!ticket) return { field: 'ticket_id', kind: 'unknownTicket' };
    const quantity = choice.quantity ?? 1;
    if (quantity <= 0) return { field: 'quantity', kind: 'quantity' };
    lines.push({ ticketId: ticket.id, name: ticket.name, quantity, unitAmount: ticket.amount });
  }
  return {
    pricingOptionId: option.id,
    benefitApplied: option.forMembers,
    tickets: lines,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    amount: lines.reduce((sum, line) => sum + line.quantity * line.unitAmount, 0),
  };
}

export function isPricingError(value: PricedLine | PricingError): value is PricingError {
  return 'kind' in value;
}

/**
 * The line discounted by `percent`: each ticket's unit price rounded down (in the customer's favour),
 * never negative, so the tickets still add up to the line.
 */
export function discountLine(line: PricedLine, percent: number): PricedLine {
  const bounded = Math.min(100, Math.max(0, percent));
  const tickets = line.tickets.map((ticket) => ({
    ...ticket,
    unitAmount: Math.max(0, Math.floor((ticket.unitAmount * (100 - bounded)) / 100)),
  }));
  return {
    ...line,
    tickets,
    amount: tickets.reduce((sum, ticket) => sum + ticket.quantity * ticket.unitAmount, 0),
    benefitApplied: true,
  };
}
