import {
  type AdminQuestion,
  questionTypes,
  zAdminQuestionRequest,
} from '@leisure/contract/admin/memberships';
import {
  paths,
  useQuestions,
  useRemoveQuestion,
} from '../../../../features/admin-memberships/api/memberships-api';
import { adminApi, useAdminMutation } from '../../../../shared/api/admin-api';
import { Button } from '../../../../shared/ui/button';
import { CheckboxField } from '../../../../shared/ui/checkbox-field';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';

const typeLabels: Record<(typeof questionTypes)[number], string> = {
  text: 'Text',
  number: 'Number',
  select: 'One choice',
  multi_select: 'Several choices',
  date: 'Date',
  checkbox: 'Tick box',
};

/** The additional questions asked when joining this type. */
export function Questions({ typeId }: { typeId: string }) {
  const questions = useQuestions(typeId);
  const remove = useRemoveQuestion(typeId);
  const add = useAdminMutation({
    call: (body: unknown) => adminApi.post<AdminQuestion>(paths.questions(typeId), body),
    invalidates: [paths.questions(typeId)],
  });
  const form = useAdminForm(zAdminQuestionRequest, {
    reference: '',
    label: '',
    type: 'text',
    options: [],
    placeholder: null,
    default_value: null,
    is_required: false,
  });
  const save = useSaveForm(
    form,
    (values) => add.mutateAsync({ ...values, position: questions.data?.data.length ?? 0 }),
    { savedMessage: 'Question added.', onSaved: () => form.reset() },
  );
  const type = form.watch('type');
  const choice = type === 'select' || type === 'multi_select';

  return (
    <section aria-labelledby="questions-heading">
      <h2 id="questions-heading">Additional questions</h2>
      {questions.data?.data.length ? (
        <ul className="admin-items">
          {questions.data.data.map((q) => (
            <li key={q.id}>
              {q.label} ({typeLabels[q.type]}
              {q.is_required ? ', required' : ''}){' '}
              <Button variant="secondary" onClick={() => remove.mutate(q.id)}>
                Remove question {q.reference}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">{questions.isPending ? 'Loading…' : 'No additional questions.'}</p>
      )}
      <form onSubmit={save.onSubmit} noValidate className="admin-form" aria-labelledby="add-question-heading">
        <h3 id="add-question-heading">Add a question</h3>
        <TextField
          label="Question"
          required
          {...form.register('label')}
          errors={fieldErrors(form, 'label')}
        />
        <TextField
          label="Reference"
          hint="Lower-case letters, numbers and underscores, e.g. heard_about_us"
          required
          {...form.register('reference')}
          errors={fieldErrors(form, 'reference')}
        />
        <SelectField
          label="Answer type"
          options={questionTypes.map((t) => ({ value: t, label: typeLabels[t] }))}
          {...form.register('type')}
        />
        {choice ? (
          <TextField
            label="Choices"
            hint="Separated by commas"
            {...form.register('options', {
              setValueAs: (v: unknown) =>
                typeof v === 'string'
                  ? v
                      .split(',')
                      .map((label) => label.trim())
                      .filter(Boolean)
                      .map((label) => ({ value: label.toLowerCase().replace(/[^a-z0-9]+/g, '_'), label }))
                  : v,
            })}
            errors={fieldErrors(form, 'options')}
          />
        ) : null}
        <CheckboxField label="An answer is required" {...form.register('is_required')} />
        <SaveBar status={save.status} message={save.message} busy={save.busy} label="Add question" />
      </form>
    </section>
  );
}
