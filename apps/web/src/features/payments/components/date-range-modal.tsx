import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** The order history date-range filter: from and to are inclusive, either may be left empty. */
export function DateRangeModal({ open, filter, onApply, onClose }: DateRangeModalProps) {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.orders' });
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  useEffect(() => {
    if (open) {
      setFrom(filter.from ?? '');
      setTo(filter.to ?? '');
    }
  }, [open, filter]);
  const backwards = from !== '' && to !== '' && from > to;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (backwards) return;
    onApply({ from: from || null, to: to || null });
  };
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('filterTitle')} size="small">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('from')}
          type="date"
          name="from"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label={t('to')}
          type="date"
          name="to"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
          errors={backwards ? [t('dateOrder')] : []}
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
