import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateGuestPassFields,
  guestPassMessages,
  zCreateGuestPassFields,
} from '@leisure/contract/guest-passes';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import { messagesOf } from '../../../shared/forms/field-errors';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { notify } from '../../../shared/ui/toast';
import { useSendGuestPass } from '../api/send-guest-pass';
import { type VenueOption, VenueSearch } from './venue-search';

/**
 * The form holds the wire fields, with no venue at first. Every field is checked on each try, so an
 * empty form shows all three messages at once (the venue's also as the spec's toast).
 */
const sendGuestPassSchema = zCreateGuestPassFields.extend({
  venue_id: zCreateGuestPassFields.shape.venue_id.nullable().transform((id, context) => {
    if (id !== null) return id;
    context.addIssue({ code: 'custom', message: guestPassMessages.venue });
    return z.NEVER;
  }),
});
type SendGuestPassValues = z.input<typeof sendGuestPassSchema>;

const fieldNames = new Set<string>(['guest_name', 'guest_email', 'venue_id']);

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
  const form = useForm<SendGuestPassValues, unknown, CreateGuestPassFields>({
    defaultValues: { guest_name: '', guest_email: '', venue_id: null },
    // Messages stay until the next try (a chosen venue clears its own).
    reValidateMode: 'onSubmit',
    resolver: zodResolver(sendGuestPassSchema),
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(
    async (fields) => {
      try {
        await send.mutateAsync({
          guestName: fields.guest_name,
          guestEmail: fields.guest_email,
          venueId: fields.venue_id,
        });
        notify.success(t('guestPasses.sent'));
        onSent();
      } catch (error) {
        const message = error instanceof Error ? error.message : t('common.genericError');
        notify.error(message);
        if (error instanceof ApiError) {
          showServerErrors(error, form.setError, (wireName) =>
            fieldNames.has(wireName) ? (wireName as keyof SendGuestPassValues) : undefined,
          );
        }
      }
    },
    (invalid) => {
      if (invalid.venue_id) notify.error(guestPassMessages.venue);
    },
  );

  return (
    <form className="gp-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="field-hint">{t('fields.requiredNote')}</p>
      <TextField
        label={t('guestPasses.guestName')}
        autoComplete="off"
        required
        maxLength={100}
        length={form.watch('guest_name').length}
        errors={messagesOf(errors.guest_name)}
        {...form.register('guest_name')}
      />
      <TextField
        label={t('guestPasses.guestEmail')}
        type="email"
        autoComplete="off"
        required
        errors={messagesOf(errors.guest_email)}
        {...form.register('guest_email')}
      />
      <Controller
        control={form.control}
        name="venue_id"
        render={({ field }) => (
          <VenueSearch
            venues={venues}
            selected={venues.find((venue) => venue.id === field.value) ?? null}
            onSelect={(next) => {
              field.onChange(next?.id ?? null);
              if (next) form.clearErrors('venue_id');
            }}
            errors={messagesOf(errors.venue_id)}
          />
        )}
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
