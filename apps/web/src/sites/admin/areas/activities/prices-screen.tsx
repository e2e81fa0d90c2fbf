import type { AdminPricingOption, AdminTicket } from '@leisure/contract/admin/activities';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  activitiesPath,
  createPricingOption,
  createTicket,
  updateTicket,
  useActivityPricing,
  useAdminActivity,
} from '../../../../features/admin-activities/api';
import { useAdminMutation } from '../../../../shared/api/admin-api';
import { ApiError } from '../../../../shared/api/client';
import { Button } from '../../../../shared/ui/button';
import { CheckboxField } from '../../../../shared/ui/checkbox-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { PageHeader } from '../../kit/page-header';
import { poundsOf, zPounds } from './money';

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? (Object.values(error.errors ?? {}).flat()[0] ?? error.message)
    : 'Something has gone wrong, please try again.';

/**
 * `/admin/activities/:id/prices`: the activity's pricing options (Standard, Member...) and their
 * tickets in pounds. A new price applies to the next basket add; lines already added keep theirs.
 */
export function PricesScreen() {
  const { id } = useParams();
  const activityId = Number(id);
  const activity = useAdminActivity(id);
  const pricing = useActivityPricing(activityId);
  const pricingPath = `${activitiesPath}/${activityId}/pricing-options`;
  return (
    <>
      <PageHeader
        title={activity.data ? `Prices of ${activity.data.name}` : 'Prices'}
        back={<Link to="..">{activity.data?.name ?? 'Activity'}</Link>}
        description="A changed price applies to the next basket add; bookings already in baskets keep theirs."
      />
      {pricing.isPending ? (
        <p role="status">Loading…</p>
      ) : pricing.isError ? (
        <p role="alert" className="form-error">
          The prices could not be loaded.
        </p>
      ) : (
        pricing.data.data.map((option) => (
          <OptionSection key={option.id} option={option} invalidates={pricingPath} />
        ))
      )}
      <NewOption activityId={activityId} invalidates={pricingPath} />
    </>
  );
}

function OptionSection({ option, invalidates }: { option: AdminPricingOption; invalidates: string }) {
  return (
    <section className="admin-section" aria-labelledby={`option-${option.id}`}>
      <h2 id={`option-${option.id}`}>
        {option.name}
        {option.for_members ? ' (members)' : ''}
      </h2>
      {option.tickets.map((ticket) => (
        <TicketRow key={ticket.id} option={option} ticket={ticket} invalidates={invalidates} />
      ))}
      <NewTicket option={option} invalidates={invalidates} />
    </section>
  );
}

function TicketRow({
  option,
  ticket,
  invalidates,
}: {
  option: AdminPricingOption;
  ticket: AdminTicket;
  invalidates: string;
}) {
  const [amount, setAmount] = useState(poundsOf(ticket.amount));
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const change = useAdminMutation({
    call: (pence: number) => updateTicket(ticket.id, { amount: pence }),
    invalidates: [invalidates],
    onSuccess: () => setDone('Price saved.'),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(undefined);
    const parsed = zPounds.safeParse(amount);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    change.mutate(parsed.data, { onError: (e) => setError(messageOf(e)) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="admin-form-row">
      <TextField
        label={`${option.name} ${ticket.name} price (£)`}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        errors={error ? [error] : undefined}
      />
      <Button type="submit" variant="secondary" busy={change.isPending} busyText="Saving…">
        Save {ticket.name} price
      </Button>
      <AuditHistoryLink entityType="ticket" entityId={ticket.id} />
      <p role="status">{done}</p>
    </form>
  );
}

function NewTicket({ option, invalidates }: { option: AdminPricingOption; invalidates: string }) {
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAdminMutation({
    call: (body: { name: string; amount: number }) => createTicket(option.id, body),
    invalidates: [invalidates],
    onSuccess: () => {
      setName('');
      setAmount('');
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = zPounds.safeParse(amount);
    if (!name.trim()) return setError('Enter the ticket name.');
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    add.mutate({ name: name.trim(), amount: parsed.data }, { onError: (e) => setError(messageOf(e)) });
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="admin-form-row"
      aria-label={`Add a ticket to ${option.name}`}
    >
      <TextField
        label={`New ${option.name} ticket name`}
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={`New ${option.name} ticket price (£)`}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        errors={error ? [error] : undefined}
      />
      <Button type="submit" variant="secondary" busy={add.isPending} busyText="Adding…">
        Add ticket to {option.name}
      </Button>
    </form>
  );
}

function NewOption({ activityId, invalidates }: { activityId: number; invalidates: string }) {
  const [name, setName] = useState('');
  const [members, setMembers] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const add = useAdminMutation({
    call: (body: { name: string; for_members: boolean }) => createPricingOption(activityId, body),
    invalidates: [invalidates],
    onSuccess: () => setName(''),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Enter the pricing option name.');
    setError(undefined);
    add.mutate({ name: name.trim(), for_members: members }, { onError: (e) => setError(messageOf(e)) });
  };
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Add a pricing option</h2>
      <form onSubmit={onSubmit} noValidate className="admin-form">
        <TextField
          label="Pricing option name"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          errors={error ? [error] : undefined}
        />
        <CheckboxField
          label="For members only"
          checked={members}
          onChange={(e) => setMembers(e.target.checked)}
        />
        <Button type="submit" busy={add.isPending} busyText="Adding…">
          Add pricing option
        </Button>
      </form>
    </section>
  );
}
