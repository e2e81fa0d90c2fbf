import { zUpdateVenueFooterRequest } from '@leisure/contract/admin/operator';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { saveVenueFooter, useVenueChoices, useVenueFooter } from '../../../../features/admin-operator/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { SelectField } from '../../../../shared/ui/select-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { PageHeader } from '../../kit/page-header';
import { HtmlField } from './html-field';
import { OperatorNav } from './operator-nav';

/** `/admin/operator/footers`: each venue's footer HTML (a venue manager, their venues'). */
export function VenueFootersScreen() {
  const venues = useVenueChoices();
  const [venue, setVenue] = useState('');
  return (
    <>
      <PageHeader title="Venue footers" description="The operator's own footer is on the Settings screen." />
      <OperatorNav />
      <SelectField
        label="Venue"
        value={venue}
        onChange={(event) => setVenue(event.target.value)}
        options={(venues.data?.data ?? []).map((choice) => ({
          value: String(choice.id),
          label: choice.name,
        }))}
      />
      {venue ? <FooterEditor key={venue} venueId={Number(venue)} /> : null}
    </>
  );
}

function FooterEditor({ venueId }: { venueId: number }) {
  const footer = useVenueFooter(venueId);
  if (footer.isError) return <p role="alert">The footer could not be loaded.</p>;
  if (!footer.data) return null;
  return <FooterForm venueId={venueId} footerHtml={footer.data.data.footer_html} />;
}

function FooterForm({ venueId, footerHtml }: { venueId: number; footerHtml: string }) {
  const queryClient = useQueryClient();
  const form = useAdminForm(zUpdateVenueFooterRequest, { footer_html: footerHtml });
  const save = useSaveForm(form, (values) => saveVenueFooter(venueId, values.footer_html), {
    savedMessage: 'Footer saved.',
    onSaved: (saved) => queryClient.setQueryData(adminKey(`venues/${venueId}/footer`, {}), saved),
  });
  return (
    <form onSubmit={save.onSubmit} noValidate className="admin-form">
      <HtmlField
        label="Footer HTML"
        rows={10}
        hint="Scripts, styles, forms and frames are removed when it is shown."
        {...form.register('footer_html')}
        errors={fieldErrors(form, 'footer_html')}
      />
      <SaveBar status={save.status} message={save.message} busy={save.busy} label="Save footer">
        <AuditHistoryLink entityType="venue" entityId={venueId} />
      </SaveBar>
    </form>
  );
}
