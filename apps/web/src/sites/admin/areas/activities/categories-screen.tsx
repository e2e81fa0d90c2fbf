import { type AdminCategory, zCategoryCreate } from '@leisure/contract/admin/activities';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { categoriesPath, createCategory, useAllCategories } from '../../../../features/admin-activities/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';

const parentValue = {
  setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
};

/** `/admin/activities/categories`: the category tree in order, and adding a category. */
export function CategoriesScreen() {
  const queryClient = useQueryClient();
  const all = useAllCategories();
  const names = new Map((all.data?.data ?? []).map((c) => [c.id, c.name]));
  const form = useAdminForm(zCategoryCreate, { slug: '', name: '', parent_id: null, position: 0 });
  const loose = form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>;
  const save = useSaveForm(form, (values) => createCategory(values), {
    savedMessage: 'Category added.',
    onSaved: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: adminKey(categoriesPath) });
    },
  });
  return (
    <>
      <PageHeader title="Activity categories" back={<Link to="..">Activities</Link>} />
      <ListPage<AdminCategory>
        path={categoriesPath}
        caption="Activity categories"
        searchLabel="Search categories"
        emptyText="No categories yet."
        rowKey={(category) => category.id}
        columns={[
          { header: 'Name', rowHeader: true, cell: (category) => category.name },
          {
            header: 'Inside',
            cell: (category) => (category.parent_id ? names.get(category.parent_id) : '—'),
          },
          { header: 'Order', cell: (category) => category.position },
          { header: 'Web address name', cell: (category) => category.slug },
        ]}
      />
      <section className="admin-section" aria-labelledby="add-category">
        <h2 id="add-category">Add a category</h2>
        <form onSubmit={save.onSubmit} noValidate className="admin-form">
          <TextField
            label="Category name"
            required
            maxLength={80}
            errors={fieldErrors(loose, 'name')}
            {...form.register('name')}
          />
          <TextField
            label="Category web address name"
            required
            maxLength={80}
            errors={fieldErrors(loose, 'slug')}
            {...form.register('slug')}
          />
          <SelectField
            label="Inside category"
            options={[
              { value: '', label: 'None (a top-level category)' },
              ...(all.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            ]}
            errors={fieldErrors(loose, 'parent_id')}
            {...form.register('parent_id', parentValue)}
          />
          <TextField
            label="Order"
            inputMode="numeric"
            errors={fieldErrors(loose, 'position')}
            {...form.register('position', { valueAsNumber: true })}
          />
          <SaveBar status={save.status} message={save.message} busy={save.busy} label="Add category" />
        </form>
      </section>
    </>
  );
}
