import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { messagesOf } from '../../../shared/forms/field-errors';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { type Promotion, useValidatePromotion } from '../api/validate-promotion';

export interface PromoCodeProps {
  paymentOptionId: number;
  promotion: Promotion | null;
  onChange: (promotion: Promotion | null) => void;
}

/** The promo code: Apply validates it and locks the input; Remove clears it; a bad code says so. */
export function PromoCode({ paymentOptionId, promotion, onChange }: PromoCodeProps) {
  const { t } = useTranslation('flow');
  const id = useId();
  // Not a <form>: the code sits inside the review form, and forms do not nest.
  const form = useForm({ defaultValues: { code: promotion?.code ?? '' } });
  const validate = useValidatePromotion();

  const apply = form.handleSubmit(async ({ code }) => {
    const trimmed = code.trim();
    if (!trimmed) return;
    try {
      const applied = await validate.mutateAsync({ code: trimmed, paymentOptionId });
      form.setValue('code', applied.code);
      onChange(applied);
    } catch (error) {
      // A real code that takes nothing off this option says so; anything else is not recognised.
      const reason = error instanceof ApiError && error.status === 422 ? error.errors.code?.[0] : undefined;
      form.setError('code', { type: 'server', message: reason ?? t('review.codeNotRecognised') });
    }
  });

  return (
    <div className="promo-code">
      <TextField
        id={id}
        label={t('review.promoCode')}
        readOnly={promotion !== null}
        autoComplete="off"
        errors={messagesOf(form.formState.errors.code)}
        {...form.register('code', { onChange: () => form.clearErrors('code') })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (!promotion) void apply();
          }
        }}
        {...(promotion ? { hint: t('review.codeApplied') } : {})}
      />
      {promotion ? (
        <Button
          variant="secondary"
          onClick={() => {
            onChange(null);
            form.setValue('code', '');
          }}
          aria-label={t('review.removeCode', { code: promotion.code })}
        >
          {t('review.remove')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          onClick={() => void apply()}
          busy={validate.isPending}
          busyText={t('review.applying')}
        >
          {t('review.apply')}
        </Button>
      )}
    </div>
  );
}
