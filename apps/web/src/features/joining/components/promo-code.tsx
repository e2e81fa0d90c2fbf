import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [code, setCode] = useState(promotion?.code ?? '');
  const [error, setError] = useState<string | null>(null);
  const validate = useValidatePromotion();

  async function apply() {
    const trimmed = code.trim();
    if (!trimmed) return;
    try {
      const applied = await validate.mutateAsync({ code: trimmed, paymentOptionId });
      setError(null);
      setCode(applied.code);
      onChange(applied);
    } catch {
      setError(t('review.codeNotRecognised'));
    }
  }

  return (
    <div className="promo-code">
      <TextField
        id={id}
        label={t('review.promoCode')}
        value={promotion ? promotion.code : code}
        readOnly={promotion !== null}
        autoComplete="off"
        errors={error ? [error] : undefined}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
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
            setCode('');
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
