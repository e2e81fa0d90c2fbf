import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { messagesOf } from '../../../shared/forms/field-errors';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { TextField } from '../../../shared/ui/text-field';
import type { OrdersFilter } from '../api/get-orders';

interface DateRangeModalProps {
  open: boolean;
  filter: OrdersFilter;
  onApply: (filter: OrdersFilter) => void;
  onClose: () => void;
}

/** Either date may be empty (YYYY-MM-DD from the date inputs); both given, from comes first. */
function dateRangeSchema(dateOrderMessage: string) {
  return z
    .object({ from: z.string(), to: z.string() })
    .refine((range) => range.from === '' || range.to === '' || range.from <= range.to, {
      path: ['to'],
      message: dateOrderMessage,
    });
}

/** The order history date-range filter: from and to are inclusive, either may be left empty. */
export function DateRangeModal({ open, filter, onApply, onClose }: DateRangeModalProps) {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.orders' });
  const form = useForm({
    defaultValues: { from: filter.from ?? '', to: filter.to ?? '' },
    // The order message shows as soon as the dates are the wrong way round.
    mode: 'onChange',
    resolver: zodResolver(dateRangeSchema(t('dateOrder'))),
  });
  const { reset } = form;
  const [from, to] = useWatch({ control: form.control, name: ['from', 'to'] });
  useEffect(() => {
    if (open) reset({ from: filter.from ?? '', to: filter.to ?? '' });
  }, [open, filter, reset]);
  const backwards = form.formState.errors.to !== undefined;
  const submit = form.handleSubmit((range) => onApply({ from: range.from || null, to: range.to || null }));
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('filterTitle')} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('from')}
          type="date"
          max={to || undefined}
          // A new start date can put the end date in or out of order.
          {...form.register('from', { deps: 'to' })}
        />
        <TextField
          label={t('to')}
          type="date"
          min={from || undefined}
          errors={messagesOf(form.formState.errors.to)}
          {...form.register('to')}
        />
        <div className="modal-actions">
          <Button variant="secondary" onClick={() => onApply({ from: null, to: null })}>
            {t('clear')}
          </Button>
          <Button type="submit" disabled={backwards}>
            {t('apply')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
