import { guestPassMessages, zCreateGuestPassFields } from '@leisure/contract/guest-passes';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { notify } from '../../../shared/ui/toast';
import { useSendGuestPass } from '../api/send-guest-pass';
import { type VenueOption, VenueSearch } from './venue-search';

type FieldName = 'guest_name' | 'guest_email' | 'venue_id';
type Errors = Partial<Record<FieldName, string[]>>;

export interface SendGuestPassFormProps {
  userId: number;
  /** The venues the member's allowances cover: the search lists these. */
  venues: VenueOption[];
  onSent: () => void;
  onCancel: () => void;
}

/**
 * Guest name, guest email and venue (all required). Without a venue the spec's toast 'Please
 * select a venue' shows; a server refusal (no passes left, ...) shows the server's text in a toast.
 */
export function SendGuestPassForm({ userId, venues, onSent, onCancel }: SendGuestPassFormProps) {
  const { t } = useTranslation('account');
  const send = useSendGuestPass(userId);
  const [guestName, setGuestName] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [venue, setVenue] = useState<VenueOption | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!venue) {
      notify.error(guestPassMessages.venue);
      setErrors((current) => ({ ...current, venue_id: [guestPassMessages.venue] }));
      return;
    }
    const parsed = zCreateGuestPassFields.safeParse({
      guest_name: guestName,
      guest_email: guestEmail,
      venue_id: venue.id,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        found[key] = [...(found[key] ?? []), issue.message];
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync({
        guestName: parsed.data.guest_name,
        guestEmail: parsed.data.guest_email,
        venueId: parsed.data.venue_id,
      });
      notify.success(t('guestPasses.sent'));
      onSent();
    } catch (error) {
      const message = error instanceof Error ? error.message : t('common.genericError');
      notify.error(message);
      if (error instanceof ApiError) setErrors(error.wireErrors as Errors);
    }
  };

  return (
    <form className="gp-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="field-hint">{t('fields.requiredNote')}</p>
      <TextField
        label={t('guestPasses.guestName')}
        name="guest_name"
        autoComplete="off"
        required
        maxLength={100}
        length={guestName.length}
        value={guestName}
        onChange={(event) => setGuestName(event.target.value)}
        errors={errors.guest_name}
      />
      <TextField
        label={t('guestPasses.guestEmail')}
        name="guest_email"
        type="email"
        autoComplete="off"
        required
        value={guestEmail}
        onChange={(event) => setGuestEmail(event.target.value)}
        errors={errors.guest_email}
      />
      <VenueSearch
        venues={venues}
        selected={venue}
        onSelect={(next) => {
          setVenue(next);
          if (next) setErrors(({ venue_id: _dropped, ...rest }) => rest);
        }}
        errors={errors.venue_id}
      />
      <div className="gp-form-actions">
        <Button type="submit" busy={send.isPending} busyText={t('guestPasses.sending')}>
          {t('guestPasses.submit')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('guestPasses.cancel')}
        </Button>
      </div>
    </form>
  );
}
