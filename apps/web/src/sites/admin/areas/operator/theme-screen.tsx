import { type AdminTheme, type ThemeSettings, themeSettingKeys } from '@leisure/contract/admin/operator';
import { parseColour } from '@leisure/contract/colours';
import { fontKeys, type Theme } from '@leisure/contract/operator';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  saveThemeDraft,
  themePath,
  useAdminTheme,
  useDiscardThemeDraft,
  usePublishTheme,
  useThemePreview,
  useVenueChoices,
} from '../../../../features/admin-operator/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { Button } from '../../../../shared/ui/button';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { PageHeader } from '../../kit/page-header';
import { OperatorNav } from './operator-nav';
import { ThemePreview } from './theme-preview';

const colourRule = z
  .string()
  .trim()
  .max(20)
  .refine(
    (value) => value === '' || parseColour(value) !== null,
    'Must be a 3- or 6-digit hex colour or an "R G B" triple.',
  );

/** Every key as typed: '' is "not set" (a venue then inherits the operator's). */
const zThemeForm = z.object({
  theme_app_logo: z.string().trim().max(2000),
  theme_app_primary_colour: colourRule,
  theme_app_secondary_colour_1: colourRule,
  theme_app_secondary_colour_2: colourRule,
  theme_app_dark_bg_colour: colourRule,
  theme_app_header_bg_colour: colourRule,
  header_primary_colour: colourRule,
  theme_app_heading_font_style: z.enum(['', ...fontKeys]),
  theme_app_body_font_style: z.enum(['', ...fontKeys]),
  theme_app_secondary_button_style: z.enum(['', 'solid', 'outline']),
});
type ThemeForm = z.infer<typeof zThemeForm>;

const colourFields = [
  ['theme_app_primary_colour', 'Primary colour'],
  ['theme_app_secondary_colour_1', 'Secondary colour 1'],
  ['theme_app_secondary_colour_2', 'Secondary colour 2'],
  ['theme_app_dark_bg_colour', 'Dark background colour'],
  ['theme_app_header_bg_colour', 'Header background colour'],
  ['header_primary_colour', 'Header text colour'],
] as const;

const fontLabels: Record<(typeof fontKeys)[number], string> = {
  garage_gothic: 'Garage Gothic',
  lato: 'Lato',
  open_sans: 'Open Sans',
  roboto: 'Roboto',
};

function formOf(settings: ThemeSettings): ThemeForm {
  const form: Record<string, string> = {};
  for (const key of themeSettingKeys) form[key] = settings[key] ?? '';
  return form as ThemeForm;
}

function settingsOf(form: ThemeForm): ThemeSettings {
  const settings: Record<string, string | null> = {};
  for (const key of themeSettingKeys) settings[key] = form[key] === '' ? null : form[key];
  return settings as ThemeSettings;
}

/** `/admin/operator/theme`: the operator's theme or a venue's override, as a draft with a preview, then published. */
export function ThemeScreen() {
  const [venue, setVenue] = useState('');
  const venues = useVenueChoices();
  const venueId = venue === '' ? null : Number(venue);
  const theme = useAdminTheme(venueId);
  return (
    <>
      <PageHeader
        title="Theme"
        description="Changes are saved as a draft and shown in the preview; customers see them once published."
        actions={
          theme.data?.data.id ? <AuditHistoryLink entityType="theme" entityId={theme.data.data.id} /> : null
        }
      />
      <OperatorNav />
      <SelectField
        label="Theme of"
        placeholder="The operator (every venue)"
        value={venue}
        onChange={(event) => setVenue(event.target.value)}
        options={(venues.data?.data ?? []).map((choice) => ({
          value: String(choice.id),
          label: choice.name,
        }))}
        hint="A venue's values override the operator's; an empty value inherits."
      />
      {theme.isError ? <p role="alert">The theme could not be loaded.</p> : null}
      {theme.data ? <ThemeEditor key={venue} venueId={venueId} theme={theme.data.data} /> : null}
    </>
  );
}

function ThemeEditor({ venueId, theme }: { venueId: number | null; theme: AdminTheme }) {
  const queryClient = useQueryClient();
  const preview = useThemePreview(venueId);
  const form = useAdminForm(zThemeForm, formOf(theme.draft ?? theme.published));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKey(themePath(venueId)) });
  const save = useSaveForm(form, (values) => saveThemeDraft(venueId, settingsOf(values)), {
    savedMessage: 'Draft saved. Check the preview, then publish.',
    onSaved: () => void refresh(),
  });
  const publish = usePublishTheme(venueId);
  const discard = useDiscardThemeDraft(venueId);
  const [outcome, setOutcome] = useState<string | undefined>();
  // The preview: the form as typed over what the server previews (the drafts over the live themes).
  const typed = form.watch();
  const shown: Theme = { ...(preview.data?.data ?? {}) };
  for (const key of themeSettingKeys) {
    const value = typed[key];
    if (value) (shown as Record<string, string>)[key] = value;
  }
  const fontOptions = fontKeys.map((key) => ({ value: key, label: fontLabels[key] }));
  return (
    <div className="admin-theme-editor">
      <form onSubmit={save.onSubmit} noValidate className="admin-form">
        <p>{theme.draft ? 'A draft is waiting to be published.' : 'No draft: these are the live values.'}</p>
        <fieldset>
          <legend>Colours</legend>
          {colourFields.map(([name, label]) => (
            <TextField
              key={name}
              label={label}
              hint="#RRGGBB, #RGB or R G B"
              {...form.register(name)}
              errors={fieldErrors(form, name)}
            />
          ))}
        </fieldset>
        <fieldset>
          <legend>Fonts and buttons</legend>
          <SelectField
            label="Heading font"
            placeholder={venueId === null ? 'Default' : 'As the operator'}
            options={fontOptions}
            {...form.register('theme_app_heading_font_style')}
            errors={fieldErrors(form, 'theme_app_heading_font_style')}
          />
          <SelectField
            label="Body font"
            placeholder={venueId === null ? 'Default' : 'As the operator'}
            options={fontOptions}
            {...form.register('theme_app_body_font_style')}
            errors={fieldErrors(form, 'theme_app_body_font_style')}
          />
          <SelectField
            label="Secondary button style"
            placeholder={venueId === null ? 'Default' : 'As the operator'}
            options={[
              { value: 'solid', label: 'Solid' },
              { value: 'outline', label: 'Outline' },
            ]}
            {...form.register('theme_app_secondary_button_style')}
            errors={fieldErrors(form, 'theme_app_secondary_button_style')}
          />
          <TextField
            label="Logo URL"
            hint="The address of a PNG, JPEG or WebP image."
            {...form.register('theme_app_logo')}
            errors={fieldErrors(form, 'theme_app_logo')}
          />
        </fieldset>
        <SaveBar status={save.status} message={save.message} busy={save.busy} label="Save draft" />
      </form>
      <div className="admin-theme-actions">
        <Button
          type="button"
          disabled={!theme.draft || publish.isPending}
          onClick={() =>
            publish.mutate(undefined, {
              onSuccess: (result) => {
                form.reset(formOf(result.data.published));
                setOutcome('Published: customers see it on their next page.');
              },
              onError: (error) => setOutcome(error.message),
            })
          }
        >
          Publish
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={!theme.draft || discard.isPending}
          onClick={() =>
            discard.mutate(undefined, {
              onSuccess: (result) => {
                form.reset(formOf(result.data.published));
                setOutcome('Draft discarded.');
              },
              onError: (error) => setOutcome(error.message),
            })
          }
        >
          Discard draft
        </Button>
        <p role="status">{outcome}</p>
      </div>
      <ThemePreview theme={shown} />
    </div>
  );
}
