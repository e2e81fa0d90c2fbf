import type { AdminPriceChange } from '@leisure/contract/admin/promotions';
import { priceChangeNoticeDays } from '@leisure/contract/admin/promotions';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  emptyPriceChangeForm,
  priceChangeBody,
  zPriceChangeForm,
} from '../../../../features/admin-promotions/price-change-form-values';
import {
  schedulePriceChange,
  useCancelPriceChange,
  usePromotablePaymentOptions,
  useRefreshPriceChanges,
} from '../../../../features/admin-promotions/promotions-api';
import { Button } from '../../../../shared/ui/button';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import {
  AuditHistoryLink,
  ConfirmDialog,
  fieldErrors,
  ListPage,
  PageHeader,
  SaveBar,
  useAdminForm,
  useSaveForm,
} from '../../kit';

const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

const statusLabels: Record<AdminPriceChange['status'], string> = {
  scheduled: 'Scheduled',
  applied: 'Taken effect',
  cancelled: 'Cancelled',
};

function ScheduleForm() {
  const options = usePromotablePaymentOptions();
  const recurring = (options.data?.data ?? []).filter((option) => option.payment_type === 'recurring');
  const form = useAdminForm(zPriceChangeForm, emptyPriceChangeForm);
  const refresh = useRefreshPriceChanges();
  const save = useSaveForm(form, (values) => schedulePriceChange(priceChangeBody(values)), {
    savedMessage: 'Price change scheduled. Each member has been emailed.',
    onSaved: () => {
      form.reset(emptyPriceChangeForm);
      void refresh();
    },
  });
  return (
    <section aria-labelledby="schedule-price-change">
      <h2 id="schedule-price-change">Schedule a price change</h2>
      <p>
        New members pay a payment option’s own price. Existing members keep what they pay until a change
        scheduled here takes effect; each is emailed when you schedule it, at least {priceChangeNoticeDays}{' '}
        days ahead.
      </p>
      <form onSubmit={save.onSubmit} noValidate aria-label="Schedule a price change">
        <SelectField
          label="Payment option"
          placeholder="Choose…"
          options={recurring.map((option) => ({
            value: String(option.id),
            label: `${option.membership_type_name} – ${option.name} (now ${pounds(option.base_fee)} a month)`,
          }))}
          {...form.register('payment_option_id')}
          errors={fieldErrors(form, 'payment_option_id')}
        />
        <TextField
          label="New monthly price (£)"
          inputMode="decimal"
          {...form.register('amount')}
          errors={fieldErrors(form, 'amount')}
        />
        <TextField
          label="Takes effect on"
          type="date"
          hint={`At least ${priceChangeNoticeDays} days from today.`}
          {...form.register('effective_date')}
          errors={fieldErrors(form, 'effective_date')}
        />
        <SaveBar status={save.status} message={save.message} busy={save.busy} label="Schedule price change" />
      </form>
    </section>
  );
}

/** `/admin/promotions/price-changes`: schedule, list and cancel price changes for existing members. */
export function PriceChanges() {
  const [cancelling, setCancelling] = useState<AdminPriceChange | null>(null);
  const cancel = useCancelPriceChange(() => setCancelling(null));
  return (
    <>
      <PageHeader
        title="Price changes for existing members"
        back={<Link to="/promotions">← Promotions</Link>}
      />
      <ScheduleForm />
      <h2>Price changes</h2>
      <ListPage<AdminPriceChange>
        path="membership-price-changes"
        caption="Price changes"
        searchLabel="Search price changes"
        emptyText="No price changes yet."
        rowKey={(row) => row.id}
        columns={[
          {
            header: 'Payment option',
            rowHeader: true,
            cell: (row) => `${row.membership_type_name} – ${row.payment_option_name}`,
          },
          { header: 'New monthly price', cell: (row) => pounds(row.amount) },
          { header: 'Takes effect on', cell: (row) => row.effective_date },
          { header: 'Members', cell: (row) => String(row.members_count) },
          { header: 'Status', cell: (row) => statusLabels[row.status] },
          {
            header: 'Actions',
            cell: (row) => (
              <>
                {row.status === 'scheduled' ? (
                  <Button
                    type="button"
                    variant="link"
                    aria-label={`Cancel the price change for ${row.membership_type_name} – ${row.payment_option_name} on ${row.effective_date}`}
                    onClick={() => setCancelling(row)}
                  >
                    Cancel
                  </Button>
                ) : null}{' '}
                <AuditHistoryLink entityType="membership-price-change" entityId={row.id} />
              </>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? null : setCancelling(null))}
        title="Cancel this price change?"
        description="Members keep paying what they pay now. They are not emailed about the cancellation."
        confirmLabel="Cancel price change"
        onConfirm={() => (cancelling ? cancel.mutate(cancelling.id) : undefined)}
        busy={cancel.isPending}
        error={cancel.error?.message}
      />
    </>
  );
}
