import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cart } from '../../../shared/cart/cart-query';
import { afterThe } from '../../../shared/format/titles';
import { CheckboxField } from '../../../shared/ui/checkbox-field';
import { Modal } from '../../../shared/ui/modal';

type Waiver = Cart['attendeeWaiversRequired'][number];

export const waiverKey = (waiver: Pick<Waiver, 'waiverId' | 'userId'>) =>
  `${waiver.waiverId}:${waiver.userId}`;

export interface WaiversProps {
  waivers: Waiver[];
  agreed: ReadonlySet<string>;
  onChange: (key: string, agreed: boolean) => void;
  error?: string | undefined;
}

/** Attendee waivers the basket needs (`attendee_waivers_required`): each attendee agrees to each. */
export function Waivers({ waivers, agreed, onChange, error }: WaiversProps) {
  const { t } = useTranslation('bookings');
  const [reading, setReading] = useState<Waiver | null>(null);
  if (waivers.length === 0) return null;
  const readingHtml = DOMPurify.sanitize(reading?.html ?? '');
  return (
    <fieldset className="checkout-waivers">
      <legend>{t('checkout.waivers.title')}</legend>
      {waivers.map((waiver) => {
        const key = waiverKey(waiver);
        return (
          <div key={key} className="checkout-waiver">
            <CheckboxField
              label={t('checkout.waivers.agree', { title: afterThe(waiver.title), name: waiver.userName })}
              checked={agreed.has(key)}
              onChange={(event) => onChange(key, event.target.checked)}
              errors={error && !agreed.has(key) ? [error] : undefined}
            />
            <button type="button" className="btn btn-link" onClick={() => setReading(waiver)}>
              {t('checkout.waivers.read', { title: afterThe(waiver.title) })}
            </button>
          </div>
        );
      })}
      <Modal
        open={reading !== null}
        onOpenChange={(open) => (open ? undefined : setReading(null))}
        title={reading?.title ?? ''}
        size="large"
      >
        {/* Operator HTML, sanitised before it is rendered. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify. */}
        <div className="terms-scroll" dangerouslySetInnerHTML={{ __html: readingHtml }} />
      </Modal>
    </fieldset>
  );
}
