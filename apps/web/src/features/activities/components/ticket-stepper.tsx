import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OccurrenceTicket } from '../api/get-occurrence';

export interface TicketStepperProps {
  ticket: OccurrenceTicket;
  quantity: number;
  /** The most this ticket may reach now (places left). */
  max: number;
  onChange: (quantity: number) => void;
}

/** One price option: its name and price, and its quantity with − and + buttons. */
export function TicketStepper({ ticket, quantity, max, onChange }: TicketStepperProps) {
  const { t } = useTranslation('bookings');
  const id = useId();
  const clamp = (value: number) => Math.max(0, Math.min(max, Number.isFinite(value) ? Math.trunc(value) : 0));
  return (
    <div className="ticket-row">
      <div>
        <span className="field-label">{ticket.name}</span> <span>{ticket.price.formatted}</span>
        {ticket.price.benefitApplied ? <span className="field-hint"> {t('booking.memberPrice')}</span> : null}
      </div>
      <div className="stepper">
        <button
          type="button"
          aria-label={t('booking.decrease', { ticket: ticket.name })}
          disabled={quantity <= 0}
          onClick={() => onChange(clamp(quantity - 1))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <label htmlFor={id} className="visually-hidden">
          {t('booking.quantity', { ticket: ticket.name })}
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          value={quantity}
          onChange={(event) => onChange(clamp(Number(event.target.value)))}
        />
        <button
          type="button"
          aria-label={t('booking.increase', { ticket: ticket.name })}
          data-dusk="increase-quantity-button"
          disabled={quantity >= max}
          onClick={() => onChange(clamp(quantity + 1))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
