import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Additional details: the membership's questions; Continue is disabled while a required one is unanswered. */
export function AdditionalDetails({ questions, answers: saved, onSave }: AdditionalDetailsProps) {
  const { t } = useTranslation('flow');
  const [answers, setAnswers] = useState<Answers>(saved);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const set = (id: number, value: QuestionAnswer) => {
    setAnswers((current) => ({ ...current, [id]: value }));
    setErrors((current) => {
      const { [id]: _removed, ...rest } = current;
      return rest;
    });
  };

  function submit() {
    const found = questionErrors(questions, answers);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(answers);
  }

  return (
    <form
      className="form joining-questions"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {questions.map((question) => {
        const value = answers[question.id];
        const fieldErrors = errors[question.id] ? [errors[question.id] as string] : undefined;
        switch (question.type) {
          case 'select':
            return (
              <SelectField
                key={question.id}
                label={question.label}
                options={question.options}
                required={question.isRequired}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(question.id, event.target.value)}
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
                onChange={(next) => set(question.id, next)}
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
                onChange={(event) => set(question.id, event.target.checked)}
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
                onChange={(event) => set(question.id, event.target.value)}
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
