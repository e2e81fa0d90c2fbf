import {
  type AdminFreezeType,
  type AdminMembershipCategory,
  zAdminFreezeTypeRequest,
} from '@leisure/contract/admin/memberships';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  paths,
  useFreezeType,
  useMembershipType,
  useRemoveCategory,
  useSaveCategory,
} from '../../../../features/admin-memberships/api/memberships-api';
import { adminApi, useAdminMutation } from '../../../../shared/api/admin-api';
import { Button } from '../../../../shared/ui/button';
import { CheckboxField } from '../../../../shared/ui/checkbox-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';
import { PaymentOptions } from './payment-options';
import { Questions } from './questions';
import { TypeForm } from './type-form';

interface TypeSummary {
  id: number;
  name: string;
  coverage: string;
  active: boolean;
  categories: string[];
  payment_option_count: number;
}

const areaLinks = (
  <nav aria-label="Memberships set-up" className="admin-subnav">
    <Link to="/memberships">Membership types</Link> <Link to="/memberships/categories">Categories</Link>{' '}
    <Link to="/memberships/freeze-types">Freeze types</Link>
  </nav>
);

/** Membership types, searched and paged on the server. */
export function MembershipTypesScreen() {
  return (
    <>
      <PageHeader
        title="Membership types"
        actions={<Link to="/memberships/types/new">Add membership type</Link>}
      />
      {areaLinks}
      <ListPage<TypeSummary>
        path={paths.types}
        caption="Membership types"
        searchLabel="Search membership types"
        emptyText="No membership types yet."
        rowKey={(row) => row.id}
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            cell: (row) => <Link to={`/memberships/types/${row.id}`}>{row.name}</Link>,
          },
          { header: 'Coverage', cell: (row) => row.coverage },
          { header: 'Categories', cell: (row) => row.categories.join(', ') },
          { header: 'Payment options', cell: (row) => row.payment_option_count },
          { header: 'Status', cell: (row) => (row.active ? 'On sale' : 'Archived') },
        ]}
      />
    </>
  );
}

export function NewMembershipTypeScreen() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Add membership type" back={<Link to="/memberships">← Membership types</Link>} />
      <TypeForm onSaved={(saved) => navigate(`/memberships/types/${saved.id}`)} />
    </>
  );
}

/** A type: its form, its payment options and its additional questions. */
export function MembershipTypeScreen() {
  const { id = '' } = useParams();
  const type = useMembershipType(id);
  if (type.isPending) return <p role="status">Loading…</p>;
  if (type.isError) return <p role="alert">{type.error.message}</p>;
  return (
    <>
      <PageHeader
        title={type.data.name}
        back={<Link to="/memberships">← Membership types</Link>}
        actions={<AuditHistoryLink entityType="membership-type" entityId={type.data.id} />}
      />
      <TypeForm key={type.dataUpdatedAt} type={type.data} onSaved={() => undefined} />
      <PaymentOptions typeId={id} />
      <Questions typeId={id} />
    </>
  );
}

const zCategoryForm = z.object({ name: z.string().trim().min(1, 'Required').max(80) });

export function CategoriesScreen() {
  const add = useSaveCategory();
  const remove = useRemoveCategory();
  const form = useAdminForm(zCategoryForm, { name: '' });
  const save = useSaveForm(form, (values) => add.mutateAsync(values), {
    savedMessage: 'Category added.',
    onSaved: () => form.reset(),
  });
  return (
    <>
      <PageHeader title="Membership categories" />
      {areaLinks}
      <ListPage<AdminMembershipCategory>
        path={paths.categories}
        caption="Membership categories"
        searchLabel="Search categories"
        emptyText="No categories yet."
        rowKey={(row) => row.id}
        columns={[
          { header: 'Name', rowHeader: true, cell: (row) => row.name },
          {
            header: 'Actions',
            cell: (row) => (
              <Button variant="secondary" onClick={() => remove.mutate(row.id)}>
                Remove {row.name}
              </Button>
            ),
          },
        ]}
      />
      <form onSubmit={save.onSubmit} noValidate className="admin-form" aria-labelledby="add-category-heading">
        <h2 id="add-category-heading">Add a category</h2>
        <TextField
          label="Category name"
          required
          {...form.register('name')}
          errors={fieldErrors(form, 'name')}
        />
        <SaveBar status={save.status} message={save.message} busy={save.busy} label="Add category" />
      </form>
    </>
  );
}

export function FreezeTypesScreen() {
  return (
    <>
      <PageHeader
        title="Freeze types"
        actions={<Link to="/memberships/freeze-types/new">Add freeze type</Link>}
      />
      {areaLinks}
      <ListPage<AdminFreezeType>
        path={paths.freezeTypes}
        caption="Freeze types"
        searchLabel="Search freeze types"
        emptyText="No freeze types yet."
        rowKey={(row) => row.id}
        columns={[
          {
            header: 'Reason',
            rowHeader: true,
            cell: (row) => <Link to={`/memberships/freeze-types/${row.id}`}>{row.reason}</Link>,
          },
          { header: 'Months offered', cell: (row) => row.time_periods.join(', ') },
          { header: 'Proof', cell: (row) => row.proof_document_type ?? 'None' },
          { header: 'Status', cell: (row) => (row.active ? 'Offered' : 'Archived') },
        ]}
      />
    </>
  );
}

const zFreezeForm = z.object({
  reason: z.string().trim().min(1, 'Required').max(80),
  months: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\s*,\s*\d{1,2})*$/, 'Whole months separated by commas, e.g. 1, 2, 3'),
  proof_document_type: z.string().trim().max(120),
  proof_description: z.string().max(500),
  min_start_days_ahead: z.number({ error: 'Enter a number' }).int().min(0).max(365),
  max_start_days_ahead: z.number({ error: 'Enter a number' }).int().min(0).max(365),
  active: z.boolean(),
});

/** Adds or changes a freeze type. */
export function FreezeTypeScreen() {
  const { id } = useParams();
  const existing = useFreezeType(id);
  if (id && existing.isPending) return <p role="status">Loading…</p>;
  return <FreezeTypeForm key={existing.dataUpdatedAt} freezeType={existing.data} />;
}

function FreezeTypeForm({ freezeType }: { freezeType: AdminFreezeType | undefined }) {
  const navigate = useNavigate();
  const saveFreezeType = useAdminMutation({
    call: (body: z.output<typeof zAdminFreezeTypeRequest>) =>
      freezeType
        ? adminApi.patch<AdminFreezeType>(paths.freezeType(freezeType.id), body)
        : adminApi.post<AdminFreezeType>(paths.freezeTypes, body),
    invalidates: [paths.freezeTypes],
  });
  const form = useAdminForm(zFreezeForm, {
    reason: freezeType?.reason ?? '',
    months: (freezeType?.time_periods ?? [1, 2, 3]).join(', '),
    proof_document_type: freezeType?.proof_document_type ?? '',
    proof_description: freezeType?.proof_description ?? '',
    min_start_days_ahead: freezeType?.min_start_days_ahead ?? 0,
    max_start_days_ahead: freezeType?.max_start_days_ahead ?? 30,
    active: freezeType?.active ?? true,
  });
  const save = useSaveForm(
    form,
    (values) => {
      const body = zAdminFreezeTypeRequest.parse({
        reason: values.reason,
        time_periods: values.months.split(',').map((m) => Number(m.trim())),
        proof_document_type: values.proof_document_type || null,
        proof_description: values.proof_description || null,
        min_start_days_ahead: values.min_start_days_ahead,
        max_start_days_ahead: values.max_start_days_ahead,
        active: values.active,
      });
      return saveFreezeType.mutateAsync(body);
    },
    {
      savedMessage: 'Freeze type saved.',
      onSaved: (saved) => navigate(`/memberships/freeze-types/${saved.id}`),
    },
  );
  return (
    <>
      <PageHeader
        title={freezeType ? freezeType.reason : 'Add freeze type'}
        back={<Link to="/memberships/freeze-types">← Freeze types</Link>}
        actions={
          freezeType ? <AuditHistoryLink entityType="freeze-type" entityId={freezeType.id} /> : undefined
        }
      />
      <form onSubmit={save.onSubmit} noValidate className="admin-form">
        <TextField
          label="Reason"
          required
          {...form.register('reason')}
          errors={fieldErrors(form, 'reason')}
        />
        <TextField
          label="Months offered"
          hint="Whole months separated by commas, e.g. 1, 2, 3"
          required
          {...form.register('months')}
          errors={fieldErrors(form, 'months')}
        />
        <TextField
          label="Proof document"
          hint="Leave empty when no proof is needed"
          {...form.register('proof_document_type')}
          errors={fieldErrors(form, 'proof_document_type')}
        />
        <TextField label="What the proof must show" {...form.register('proof_description')} />
        <TextField
          label="Earliest start (days ahead)"
          type="number"
          min={0}
          {...form.register('min_start_days_ahead', { valueAsNumber: true })}
          errors={fieldErrors(form, 'min_start_days_ahead')}
        />
        <TextField
          label="Latest start (days ahead)"
          type="number"
          min={0}
          {...form.register('max_start_days_ahead', { valueAsNumber: true })}
          errors={fieldErrors(form, 'max_start_days_ahead')}
        />
        <CheckboxField label="Offered (untick to archive)" {...form.register('active')} />
        <SaveBar
          status={save.status}
          message={save.message}
          busy={save.busy}
          label={freezeType ? 'Save freeze type' : 'Add freeze type'}
        />
      </form>
    </>
  );
}
