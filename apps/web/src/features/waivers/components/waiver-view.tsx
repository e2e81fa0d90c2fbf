import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import { addIssues, messagesOf } from '../../../shared/forms/field-errors';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { sanitizeHtml } from '../../../shared/layout/sanitize-html';
import { Button } from '../../../shared/ui/button';
import { describedBy, FieldErrors } from '../../../shared/ui/field-messages';
import { TextField } from '../../../shared/ui/text-field';
import { notify } from '../../../shared/ui/toast';
import type { WaiverView as Waiver } from '../api/get-waiver';
import { useSignWaiver } from '../api/sign-waiver';
import '../waivers.css';

type Question = Waiver['questions'][number];

const textAnswerMax = 500;

function answerText(question: Question): string {
  if (question.givenAnswer === null) return '—';
  if (question.type !== 'radio') return question.givenAnswer;
  return (
    question.answers.find((answer) => answer.id === question.givenAnswer)?.answer ?? question.givenAnswer
  );
}

function RadioQuestion({
  question,
  value,
  errors,
  disabled,
  onChange,
}: {
  question: Question;
  value: string;
  errors: string[];
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = errors.length ? `${id}-error` : undefined;
  return (
    <fieldset
      className={['waiver-question', errors.length ? 'field-invalid' : ''].filter(Boolean).join(' ')}
      aria-describedby={describedBy(errorId)}
    >
      <legend>
        {question.label}
        {question.required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {question.answers.map((answer) => (
        <label className="waiver-choice" key={answer.id}>
          <input
            type="radio"
            name={`${id}-${question.reference}`}
            value={answer.id}
            checked={value === answer.id}
            required={question.required}
            disabled={disabled}
            aria-invalid={errors.length ? true : undefined}
            onChange={() => onChange(answer.id)}
          />
          {answer.answer}
        </label>
      ))}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}

/** Answers by question reference; a question not answered yet has none. */
interface WaiverAnswers {
  answers: Record<string, string | undefined>;
}

/** Every required question needs an answer. */
function waiverAnswersSchema(questions: Question[], requiredMessage: string) {
  return z
    .object({ answers: z.record(z.string(), z.string().optional()) })
    .superRefine(({ answers }, ctx) => {
      for (const question of questions) {
        if (question.required && !(answers[question.reference] ?? '').trim()) {
          addIssues(ctx, ['answers', question.reference], [requiredMessage]);
        }
      }
    });
}

/**
 * One waiver (my-account.md 2.8, 4): its terms (sanitised), questions and attendee; a live
 * signature shows the signed-on date and the answers given; unsigned or expired offers 'I agree'.
 */
export function WaiverDetails({ waiver }: { waiver: Waiver }) {
  const { t } = useTranslation('account');
  const ids = useId();
  const sign = useSignWaiver();
  const live = waiver.signed !== null && !waiver.expired;
  const references = new Set(waiver.questions.map((question) => question.reference));
  const form = useForm<WaiverAnswers>({
    defaultValues: { answers: {} },
    // A question's message stays until it is answered again or the form is sent again.
    reValidateMode: 'onSubmit',
    resolver: zodResolver(waiverAnswersSchema(waiver.questions, t('documents.waivers.answerRequired'))),
  });
  const errors = form.formState.errors;
  const formError = errors.root?.server?.message;

  const submit = form.handleSubmit(async ({ answers }) => {
    const given: Record<string, string> = {};
    for (const [reference, answer] of Object.entries(answers)) {
      if (answer !== undefined) given[reference] = answer;
    }
    try {
      await sign.mutateAsync({ slug: waiver.slug, answers: given });
      notify.success(t('documents.waivers.signedToast'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        // The server names answers 'answers.<reference>', as the form does.
        showServerErrors(error, form.setError, (wireName) =>
          references.has(wireName.replace(/^answers\./, '')) ? (wireName as `answers.${string}`) : undefined,
        );
      }
      form.setError('root.server', {
        message: error instanceof ApiError ? error.message : t('common.genericError'),
      });
    }
  });

  return (
    <>
      {waiver.expired ? (
        <p className="notice waiver-expired" role="status">
          {t('documents.waivers.expired')}
        </p>
      ) : null}

      <section className="waiver-section" aria-labelledby={`${ids}-terms`}>
        <h2 id={`${ids}-terms`}>{t('documents.waivers.terms')}</h2>
        <div
          className="waiver-terms"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: operator HTML, sanitised first (DESIGN.md).
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(waiver.terms) }}
        />
      </section>

      <section className="waiver-section" aria-labelledby={`${ids}-attendee`}>
        <h2 id={`${ids}-attendee`}>{t('documents.waivers.attendee')}</h2>
        <p>{waiver.attendee.name}</p>
      </section>

      {live ? (
        <>
          {waiver.questions.length > 0 ? (
            <section className="waiver-section" aria-labelledby={`${ids}-questions`}>
              <h2 id={`${ids}-questions`}>{t('documents.waivers.questions')}</h2>
              <dl className="waiver-answers">
                {waiver.questions.map((question) => (
                  <div key={question.reference}>
                    <dt>{question.label}</dt>
                    <dd>{answerText(question)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          <p className="notice" role="status">
            {t('documents.waivers.signedOnFull', { datetime: waiver.signed?.datetimeString })}
            {waiver.expires ? (
              <>
                <br />
                {t('documents.waivers.expiresOnFull', { datetime: waiver.expires.datetimeString })}
              </>
            ) : null}
          </p>
        </>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          {waiver.questions.length > 0 ? (
            <section className="waiver-section" aria-labelledby={`${ids}-questions`}>
              <h2 id={`${ids}-questions`}>{t('documents.waivers.questions')}</h2>
              {waiver.questions.map((question) => (
                <Controller
                  key={question.reference}
                  control={form.control}
                  name={`answers.${question.reference}`}
                  render={({ field, fieldState }) => {
                    const value = field.value ?? '';
                    const onChange = (next: string) => {
                      field.onChange(next);
                      form.clearErrors(field.name);
                    };
                    const fieldErrors = messagesOf(fieldState.error) ?? [];
                    return question.type === 'radio' ? (
                      <RadioQuestion
                        question={question}
                        value={value}
                        errors={fieldErrors}
                        disabled={sign.isPending}
                        onChange={onChange}
                      />
                    ) : (
                      <TextField
                        label={question.label}
                        required={question.required}
                        maxLength={textAnswerMax}
                        length={value.length}
                        value={value}
                        errors={fieldErrors}
                        disabled={sign.isPending}
                        onChange={(event) => onChange(event.target.value)}
                        onBlur={field.onBlur}
                      />
                    );
                  }}
                />
              ))}
            </section>
          ) : null}
          {formError ? (
            <p role="alert" className="form-error">
              {formError}
            </p>
          ) : null}
          <Button type="submit" busy={sign.isPending} busyText={t('documents.waivers.signing')}>
            {t('documents.waivers.agree')}
          </Button>
        </form>
      )}
    </>
  );
}
