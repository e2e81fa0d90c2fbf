import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  emptyPromotionForm,
  type PromotionFormInput,
  promotionBody,
  promotionFormOf,
  statusLabels,
  zPromotionForm,
} from '../../../../features/admin-promotions/promotion-form-values';
import {
  changePromotion,
  createPromotion,
  useEndPromotion,
  usePromotablePaymentOptions,
  usePromotion,
} from '../../../../features/admin-promotions/promotions-api';
import { Button } from '../../../../shared/ui/button';
import { AuditHistoryLink, ConfirmDialog, PageHeader, SaveBar, useAdminForm, useSaveForm } from '../../kit';
import { PromotionFields } from './promotion-form';

const back = <Link to="/promotions">← Promotions</Link>;

/** `/admin/promotions/new`. */
export function NewPromotion() {
  const navigate = useNavigate();
  const options = usePromotablePaymentOptions();
  const form = useAdminForm(zPromotionForm, emptyPromotionForm);
  const save = useSaveForm(form, (values) => createPromotion(promotionBody(values)), {
    onSaved: (result) => navigate(`/promotions/${result.data.id}`),
    savedMessage: 'Promotion created.',
  });
  return (
    <>
      <PageHeader title="Add promotion" back={back} />
      <form onSubmit={save.onSubmit} noValidate aria-label="Add promotion">
        <PromotionFields form={form} options={options.data?.data ?? []} />
        <SaveBar status={save.status} message={save.message} busy={save.busy} label="Create promotion" />
      </form>
    </>
  );
}

/** `/admin/promotions/:id`: change it, end it, see its history. */
export function EditPromotion() {
  const id = Number(useParams().id);
  const promotion = usePromotion(id);
  const options = usePromotablePaymentOptions();
  if (promotion.isError) {
    return (
      <>
        <PageHeader title="Promotion not found" back={back} />
        <p>This promotion does not exist.</p>
      </>
    );
  }
  if (!promotion.data) return <p role="status">Loading…</p>;
  return (
    <EditPromotionForm
      key={promotion.data.data.id}
      id={id}
      initial={promotionFormOf(promotion.data.data)}
      status={statusLabels[promotion.data.data.status]}
      ended={promotion.data.data.ended_at !== null}
      usedCount={promotion.data.data.used_count}
      options={options.data?.data ?? []}
    />
  );
}

function EditPromotionForm({
  id,
  initial,
  status,
  ended,
  usedCount,
  options,
}: {
  id: number;
  initial: PromotionFormInput;
  status: string;
  ended: boolean;
  usedCount: number;
  options: Parameters<typeof PromotionFields>[0]['options'];
}) {
  const form = useAdminForm(zPromotionForm, initial);
  const save = useSaveForm(form, (values) => changePromotion(id, promotionBody(values)), {
    savedMessage: 'Changes saved.',
  });
  const [confirming, setConfirming] = useState(false);
  const end = useEndPromotion(id, () => setConfirming(false));
  return (
    <>
      <PageHeader
        title={`Promotion ${initial.code}`}
        back={back}
        description={`Status: ${status}. Used ${usedCount} time${usedCount === 1 ? '' : 's'}.`}
        actions={
          <>
            {ended ? null : (
              <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
                End promotion
              </Button>
            )}
            <AuditHistoryLink entityType="promotion" entityId={id} />
          </>
        }
      />
      <form onSubmit={save.onSubmit} noValidate aria-label="Edit promotion">
        <PromotionFields form={form} options={options} />
        <SaveBar status={save.status} message={save.message} busy={save.busy} label="Save changes" />
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="End this promotion?"
        description="The code stops working in joining at once. Memberships that already used it keep their price."
        confirmLabel="End promotion"
        onConfirm={() => end.mutate()}
        busy={end.isPending}
        error={end.error?.message}
      />
    </>
  );
}
