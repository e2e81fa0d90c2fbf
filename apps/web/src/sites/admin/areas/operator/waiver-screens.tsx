import { type AdminWaiver, waiverRestrictionTypes } from '@leisure/contract/admin/operator';
import { useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { createWaiver, updateWaiver, useWaiver, waiversPath } from '../../../../features/admin-operator/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { Button } from '../../../../shared/ui/button';
import { CheckboxField } from '../../../../shared/ui/checkbox-field';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';
import { HtmlField } from './html-field';
import { OperatorNav } from './operator-nav';

const restrictionLabels: Record<(typeof waiverRestrictionTypes)[number], string> = {
  'pre-waiver': 'Pre-waiver',
  'enhanced-pre-waiver': 'Enhanced pre-waiver',
};

/** `/admin/operator/waivers`: the waivers, searched and paged on the server. */
export function WaiversListScreen() {
  return (
    <>
      <PageHeader
        title="Waivers"
        actions={
          <Link to="new" className="btn btn-primary">
            Add waiver
          </Link>
        }
      />
      <OperatorNav />
      <ListPage<AdminWaiver>
        path={waiversPath}
        caption="Waivers"
        searchLabel="Search waivers"
        emptyText="No waivers yet."
        rowKey={(waiver) => waiver.id}
        columns={[
          {
            header: 'Title',
            rowHeader: true,
            cell: (waiver) => <Link to={String(waiver.id)}>{waiver.title}</Link>,
          },
          { header: 'Group', cell: (waiver) => waiver.restriction_name },
          { header: 'Questions', cell: (waiver) => waiver.questions.length },
          { header: 'Status', cell: (waiver) => (waiver.active ? 'Active' : 'Inactive') },
        ]}
      />
    </>
  );
}

/** A question as typed: its answers one per line. */
const zQuestionForm = z.object({
  reference: z.string().trim().min(1, 'Required').max(60),
  label: z.string().trim().min(1, 'Required').max(300),
  type: z.enum(['radio', 'text']),
  required: z.boolean(),
  answers: z.string().max(4000),
});

const zWaiverForm = z.object({
  slug: z.string().trim().min(1, 'Required').max(100),
  title: z.string().trim().min(1, 'Required').max(200),
  html: z.string().min(1, 'Required').max(50_000),
  active: z.boolean(),
  validity_days: z
    .string()
    .refine((value) => value === '' || /^\d{1,4}$/.test(value), 'Must be a whole number of days.'),
  restriction_name: z.string().trim().min(1, 'Required').max(120),
  restriction_type: z.enum(waiverRestrictionTypes),
  questions: z.array(zQuestionForm).max(50),
});
type WaiverForm = z.infer<typeof zWaiverForm>;

const answerId = (answer: string, index: number) =>
  answer
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50) || `answer-${index + 1}`;

function toWire(values: WaiverForm) {
  return {
    title: values.title,
    html: values.html,
    active: values.active,
    validity_days: values.validity_days === '' ? null : Number(values.validity_days),
    restriction_name: values.restriction_name,
    restriction_type: values.restriction_type,
    questions: values.questions.map((question) => ({
      reference: question.reference,
      label: question.label,
      type: question.type,
      required: question.required,
      answers:
        question.type === 'radio'
          ? question.answers
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean)
              .map((answer, index) => ({ id: answerId(answer, index), answer }))
          : [],
    })),
  };
}

/** `/admin/operator/waivers/new` and `/admin/operator/waivers/:id`. */
export function WaiverScreen() {
  const { id } = useParams();
  if (!id || id === 'new') return <WaiverFormScreen />;
  return <ExistingWaiver id={id} />;
}

function ExistingWaiver({ id }: { id: string }) {
  const waiver = useWaiver(id);
  if (waiver.isError) return <p role="alert">This waiver could not be loaded.</p>;
  if (!waiver.data) return null;
  return <WaiverFormScreen key={waiver.data.data.id} waiver={waiver.data.data} />;
}

function WaiverFormScreen({ waiver }: { waiver?: AdminWaiver }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useAdminForm(zWaiverForm, {
    slug: waiver?.slug ?? '',
    title: waiver?.title ?? '',
    html: waiver?.html ?? '',
    active: waiver?.active ?? true,
    validity_days: waiver?.validity_days === null || waiver === undefined ? '' : String(waiver.validity_days),
    restriction_name: waiver?.restriction_name ?? 'Activity waivers',
    restriction_type: waiver?.restriction_type ?? 'pre-waiver',
    questions: (waiver?.questions ?? []).map((question) => ({
      ...question,
      answers: question.answers.map((answer) => answer.answer).join('\n'),
    })),
  });
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  const save = useSaveForm(
    form,
    (values) =>
      waiver
        ? updateWaiver(waiver.id, toWire(values))
        : createWaiver({ slug: values.slug, ...toWire(values) }),
    {
      savedMessage: 'Waiver saved.',
      onSaved: (saved) => {
        void queryClient.invalidateQueries({ queryKey: adminKey(waiversPath) });
        if (!waiver) void navigate(`../${saved.data.id}`, { relative: 'path', replace: true });
      },
    },
  );
  return (
    <>
      <PageHeader
        title={waiver ? `Waiver: ${waiver.title}` : 'Add waiver'}
        back={
          <Link to=".." relative="path">
            ← Waivers
          </Link>
        }
        actions={waiver ? <AuditHistoryLink entityType="waiver" entityId={waiver.id} /> : null}
      />
      <form onSubmit={save.onSubmit} noValidate className="admin-form">
        <TextField
          label="Slug"
          disabled={Boolean(waiver)}
          {...form.register('slug')}
          errors={fieldErrors(form, 'slug')}
        />
        <TextField label="Title" {...form.register('title')} errors={fieldErrors(form, 'title')} />
        <HtmlField
          label="Waiver text (HTML)"
          rows={10}
          {...form.register('html')}
          errors={fieldErrors(form, 'html')}
        />
        <TextField
          label="Signature valid for (days)"
          inputMode="numeric"
          hint="Empty: a signature never runs out."
          {...form.register('validity_days')}
          errors={fieldErrors(form, 'validity_days')}
        />
        <TextField
          label="Waiver group"
          {...form.register('restriction_name')}
          errors={fieldErrors(form, 'restriction_name')}
        />
        <SelectField
          label="Restriction type"
          placeholder=""
          options={waiverRestrictionTypes.map((type) => ({ value: type, label: restrictionLabels[type] }))}
          {...form.register('restriction_type')}
          errors={fieldErrors(form, 'restriction_type')}
        />
        <CheckboxField label="Active" {...form.register('active')} errors={fieldErrors(form, 'active')} />
        <fieldset>
          <legend>Questions</legend>
          {questions.fields.map((field, index) => (
            <fieldset key={field.id}>
              <legend>Question {index + 1}</legend>
              <TextField
                label="Reference"
                {...form.register(`questions.${index}.reference`)}
                errors={fieldErrors(form, `questions.${index}.reference`)}
              />
              <TextField
                label="Question"
                {...form.register(`questions.${index}.label`)}
                errors={fieldErrors(form, `questions.${index}.label`)}
              />
              <SelectField
                label="Answer type"
                placeholder=""
                options={[
                  { value: 'radio', label: 'Choice' },
                  { value: 'text', label: 'Text' },
                ]}
                {...form.register(`questions.${index}.type`)}
              />
              <CheckboxField label="Required" {...form.register(`questions.${index}.required`)} />
              <HtmlField
                label="Answers (one per line)"
                rows={3}
                {...form.register(`questions.${index}.answers`)}
                errors={fieldErrors(form, `questions.${index}.answers`)}
              />
              <Button type="button" variant="secondary" onClick={() => questions.remove(index)}>
                Remove question {index + 1}
              </Button>
            </fieldset>
          ))}
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              questions.append({
                reference: '',
                label: '',
                type: 'radio',
                required: true,
                answers: 'Yes\nNo',
              })
            }
          >
            Add question
          </Button>
        </fieldset>
        <SaveBar status={save.status} message={save.message} busy={save.busy} label="Save waiver" />
      </form>
    </>
  );
}
