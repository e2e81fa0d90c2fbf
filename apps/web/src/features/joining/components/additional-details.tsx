import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addIssues, messagesOf } from '../../../shared/forms/field-errors';
import { Button } from '../../../shared/ui/button';
import { CheckboxField } from '../../../shared/ui/checkbox-field';
import { CheckboxGroup } from '../../../shared/ui/checkbox-group';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import type { AdditionalQuestion, QuestionAnswer } from '../api/types';
import { type Answers, hasUnansweredRequired, questionErrors } from '../lib/questions';

export interface AdditionalDetailsProps {
  questions: AdditionalQuestion[];
  answers: Answers;
  onSave: (answers: Answers) => void;
}

/** The form keys answers by 'q{id}': a number alone would make react-hook-form build an array. */
type QuestionValues = Record<string, QuestionAnswer | undefined>;
const fieldOf = (id: number) => `q${id}`;

function toValues(answers: Answers): QuestionValues {
  return Object.fromEntries(Object.entries(answers).map(([id, answer]) => [fieldOf(Number(id)), answer]));
}

function toAnswers(questions: AdditionalQuestion[], values: QuestionValues, saved: Answers): Answers {
  const answers: Answers = { ...saved };
  for (const question of questions) {
    const value = values[fieldOf(question.id)];
    if (value !== undefined) answers[question.id] = value;
  }
  return answers;
}

/** The spec's question rules (lib/questions.ts) as the form's schema, each message under its question. */
function questionsSchema(questions: AdditionalQuestion[], saved: Answers) {
  return z
    .custom<QuestionValues>(() => true)
    .superRefine((values, ctx) => {
      const found = questionErrors(questions, toAnswers(questions, values, saved));
      for (const [id, message] of Object.entries(found)) addIssues(ctx, [fieldOf(Number(id))], [message]);
    });
}

/**
 * Additional details: the membership's questions; Continue is disabled while a required one is
 * unanswered. The rules run on Continue; a question's message goes once it is edited.
 */
export function AdditionalDetails({ questions, answers: saved, onSave }: AdditionalDetailsProps) {
  const { t } = useTranslation('flow');
  const form = useForm<QuestionValues>({
    defaultValues: toValues(saved),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    resolver: zodResolver(questionsSchema(questions, saved)),
  });
  const values = useWatch({ control: form.control });
  const answers = toAnswers(questions, values, saved);
  const submit = form.handleSubmit((submitted) => onSave(toAnswers(questions, submitted, saved)));

  return (
    <form className="form joining-questions" noValidate onSubmit={submit}>
      {questions.map((question) => {
        const name = fieldOf(question.id);
        const value = answers[question.id];
        const fieldErrors = messagesOf(form.formState.errors[name]);
        const set = (next: QuestionAnswer) => {
          form.setValue(name, next);
          form.clearErrors(name);
        };
        switch (question.type) {
          case 'select':
            return (
              <SelectField
                key={question.id}
                label={question.label}
                options={question.options}
                required={question.isRequired}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(event.target.value)}
                errors={fieldErrors}
                {...(question.placeholder ? { placeholder: question.placeholder } : {})}
              />
            );
          case 'multi_select':
            return (
              <CheckboxGroup
                key={question.id}
                name={`question-${question.id}`}
                label={question.label}
                options={question.options}
                required={question.isRequired}
                value={Array.isArray(value) ? value : []}
                onChange={(next) => set(next)}
                errors={fieldErrors}
              />
            );
          case 'checkbox':
            return (
              <CheckboxField
                key={question.id}
                label={question.label}
                required={question.isRequired}
                checked={value === true}
                onChange={(event) => set(event.target.checked)}
                errors={fieldErrors}
              />
            );
          default:
            return (
              <TextField
                key={question.id}
                label={question.label}
                required={question.isRequired}
                type={question.type === 'number' ? 'number' : 'text'}
                inputMode={question.type === 'date' ? 'numeric' : undefined}
                placeholder={question.type === 'date' ? 'DD/MM/YYYY' : (question.placeholder ?? undefined)}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(event.target.value)}
                errors={fieldErrors}
                {...(question.type === 'date' ? { hint: t('questions.dateHint') } : {})}
              />
            );
        }
      })}
      <div className="form-actions">
        <Button type="submit" disabled={hasUnansweredRequired(questions, answers)}>
          {t('joining.continue')}
        </Button>
      </div>
    </form>
  );
}
