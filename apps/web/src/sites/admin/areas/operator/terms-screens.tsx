import {
  type AdminTerm,
  termsContexts,
  zCreateTermRequest,
  zTermsContext,
} from '@leisure/contract/admin/operator';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { createTerm, termsPath, updateTerm, useTerm } from '../../../../features/admin-operator/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { CheckboxField } from '../../../../shared/ui/checkbox-field';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';
import { HtmlField } from './html-field';
import { OperatorNav } from './operator-nav';

export const contextLabels: Record<(typeof termsContexts)[number], string> = {
  registration: 'Registration',
  checkout: 'Checkout',
  direct_debit: 'Direct Debit',
  health_commitment: 'Health commitment',
  membership: 'Membership',
};

/** `/admin/operator/terms`: every set of terms, searched and paged on the server. */
export function TermsListScreen() {
  return (
    <>
      <PageHeader
        title="Terms"
        actions={
          <Link to="new" className="btn btn-primary">
            Add terms
          </Link>
        }
      />
      <OperatorNav />
      <ListPage<AdminTerm>
        path={termsPath}
        caption="Terms"
        searchLabel="Search terms"
        emptyText="No terms yet."
        rowKey={(term) => term.id}
        columns={[
          {
            header: 'Title',
            rowHeader: true,
            cell: (term) => <Link to={String(term.id)}>{term.title}</Link>,
          },
          { header: 'Context', cell: (term) => contextLabels[term.context] },
          { header: 'Order', cell: (term) => term.position },
          { header: 'Status', cell: (term) => (term.active ? 'Active' : 'Inactive') },
        ]}
      />
    </>
  );
}

const zTermForm = zCreateTermRequest.extend({
  position: z.coerce
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(0)
    .max(10_000),
  active: z.boolean(),
  context: zTermsContext,
});

/** `/admin/operator/terms/new` and `/admin/operator/terms/:id`. */
export function TermScreen() {
  const { id } = useParams();
  if (!id || id === 'new') return <TermForm />;
  return <ExistingTerm id={id} />;
}

function ExistingTerm({ id }: { id: string }) {
  const term = useTerm(id);
  if (term.isError) return <p role="alert">These terms could not be loaded.</p>;
  if (!term.data) return null;
  return <TermForm key={term.data.data.id} term={term.data.data} />;
}

function TermForm({ term }: { term?: AdminTerm }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useAdminForm(zTermForm, {
    context: term?.context ?? 'registration',
    title: term?.title ?? '',
    html: term?.html ?? '',
    position: term?.position ?? 0,
    active: term?.active ?? true,
  });
  const save = useSaveForm(
    form,
    (values) => {
      if (!term) {
        const { active: _active, ...create } = values;
        return createTerm(create);
      }
      const { context: _context, ...change } = values;
      return updateTerm(term.id, change);
    },
    {
      savedMessage: 'Terms saved.',
      onSaved: (saved) => {
        void queryClient.invalidateQueries({ queryKey: adminKey(termsPath) });
        // A new record (a new set, or a new version of accepted terms) has its own address.
        if (saved.data.id !== term?.id)
          void navigate(`../${saved.data.id}`, { relative: 'path', replace: !term });
      },
    },
  );
  const title = term ? `Terms: ${term.title}` : 'Add terms';
  return (
    <>
      <PageHeader
        title={title}
        back={
          <Link to={term ? '..' : '..'} relative="path">
            ← Terms
          </Link>
        }
        actions={term ? <AuditHistoryLink entityType="terms" entityId={term.id} /> : null}
      />
      <form onSubmit={save.onSubmit} noValidate className="admin-form">
        <SelectField
          label="Context"
          disabled={Boolean(term)}
          placeholder=""
          options={termsContexts.map((context) => ({ value: context, label: contextLabels[context] }))}
          {...form.register('context')}
          errors={fieldErrors(form, 'context')}
        />
        <TextField label="Title" {...form.register('title')} errors={fieldErrors(form, 'title')} />
        <HtmlField
          label="Text (HTML)"
          rows={12}
          hint="If customers have accepted these terms, a changed title or text is saved as a new version."
          {...form.register('html')}
          errors={fieldErrors(form, 'html')}
        />
        <TextField
          label="Order"
          type="number"
          inputMode="numeric"
          min={0}
          {...form.register('position')}
          errors={fieldErrors(form, 'position')}
        />
        {term ? (
          <CheckboxField label="Active" {...form.register('active')} errors={fieldErrors(form, 'active')} />
        ) : null}
        <SaveBar status={save.status} message={save.message} busy={save.busy} label="Save terms" />
      </form>
    </>
  );
}
