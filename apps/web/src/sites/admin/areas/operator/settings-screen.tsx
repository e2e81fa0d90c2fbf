import { type OperatorSettings, zUpdateOperatorSettingsRequest } from '@leisure/contract/admin/operator';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useOperatorSettings } from '../../../../features/admin-operator/api';
import { adminApi, adminKey } from '../../../../shared/api/admin-api';
import { CheckboxField } from '../../../../shared/ui/checkbox-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { PageHeader } from '../../kit/page-header';
import { HtmlField } from './html-field';
import { OperatorNav } from './operator-nav';

/** The settings gates the spec names, with their labels. */
const gates = [
  ['online_joining_enabled', 'Online joining'],
  ['online_joining_map_enabled', 'Joining map'],
  ['online_guest_passes_enabled', 'Online guest passes'],
  ['credits_enabled', 'Credits'],
  ['activities_v2_enabled', 'Activities v2'],
  ['display_venue_selection_button', 'Venue selection button'],
  ['profile_photos_enabled', 'Profile photos'],
] as const;

/** The form's rules: the contract's, with the kiosk address optional as typed (empty = none). */
const zSettingsForm = zUpdateOperatorSettingsRequest
  .required()
  .omit({ kiosk_home_url: true })
  .extend({
    kiosk_home_url: z
      .string()
      .trim()
      .max(2000)
      .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), 'Must be an http(s) address.'),
    eligibility_days_allowance: z.coerce
      .number({ error: 'Must be a whole number.' })
      .int('Must be a whole number.')
      .min(0, 'Must be 0 or more.')
      .max(365, 'At most 365 days.'),
  });

/** `/admin/operator`: the operator's name, support address, settings gates, kiosk address and footer. */
export function OperatorSettingsScreen() {
  const settings = useOperatorSettings();
  return (
    <>
      <PageHeader
        title="Operator settings"
        actions={
          settings.data ? <AuditHistoryLink entityType="operator" entityId={settings.data.data.id} /> : null
        }
      />
      <OperatorNav />
      {settings.isError ? <p role="alert">The settings could not be loaded.</p> : null}
      {settings.data ? <SettingsForm settings={settings.data.data} /> : null}
    </>
  );
}

function SettingsForm({ settings }: { settings: OperatorSettings }) {
  const queryClient = useQueryClient();
  const { id: _id, ...values } = settings;
  const form = useAdminForm(zSettingsForm, { ...values, kiosk_home_url: settings.kiosk_home_url ?? '' });
  const save = useSaveForm(
    form,
    (values) =>
      adminApi.patch<{ data: OperatorSettings }>('operator', {
        ...values,
        kiosk_home_url: values.kiosk_home_url === '' ? null : values.kiosk_home_url,
      }),
    {
      savedMessage: 'Settings saved.',
      onSaved: (saved) => {
        queryClient.setQueryData(adminKey('operator', {}), saved);
        void queryClient.invalidateQueries({ queryKey: adminKey('audit-events') });
      },
    },
  );
  return (
    <form onSubmit={save.onSubmit} noValidate className="admin-form">
      <fieldset>
        <legend>Operator</legend>
        <TextField label="Name" {...form.register('name')} errors={fieldErrors(form, 'name')} />
        <TextField label="App name" {...form.register('app_name')} errors={fieldErrors(form, 'app_name')} />
        <TextField
          label="Support email"
          type="email"
          {...form.register('support_email')}
          errors={fieldErrors(form, 'support_email')}
        />
      </fieldset>
      <fieldset>
        <legend>Settings gates</legend>
        {gates.map(([name, label]) => (
          <CheckboxField key={name} label={label} {...form.register(name)} errors={fieldErrors(form, name)} />
        ))}
        <TextField
          label="Eligibility days allowance"
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          hint="Days a member has to prove their eligibility."
          {...form.register('eligibility_days_allowance')}
          errors={fieldErrors(form, 'eligibility_days_allowance')}
        />
        <TextField
          label="Kiosk home URL"
          type="url"
          hint="Where a kiosk returns after a member signs out; empty for none."
          {...form.register('kiosk_home_url')}
          errors={fieldErrors(form, 'kiosk_home_url')}
        />
      </fieldset>
      <HtmlField
        label="Operator footer HTML"
        hint="Shown when no venue is selected. Scripts, styles, forms and frames are removed when it is shown."
        rows={8}
        {...form.register('footer_html')}
        errors={fieldErrors(form, 'footer_html')}
      />
      <SaveBar status={save.status} message={save.message} busy={save.busy} label="Save settings" />
    </form>
  );
}
