import {
  formatNumericDate,
  isCalendarDate,
  parseNumericDate,
  todayInVenue,
} from '../../../shared/format/dates';
import type { AdditionalQuestion, QuestionAnswer } from '../api/types';

export type Answers = Record<number, QuestionAnswer>;

/** A required question with no answer (joining-and-payments.md 5). */
function isUnanswered(question: AdditionalQuestion, answer: QuestionAnswer | undefined): boolean {
  if (!question.isRequired) return false;
  if (answer === undefined || answer === false) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  return Array.isArray(answer) && answer.length === 0;
}

export function hasUnansweredRequired(questions: AdditionalQuestion[], answers: Answers): boolean {
  return questions.some((question) => isUnanswered(question, answers[question.id]));
}

/** The spec's messages: '{label} is required.', 'Date must be valid.' (and not after today). */
export function questionErrors(
  questions: AdditionalQuestion[],
  answers: Answers,
  today = todayInVenue(),
): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const question of questions) {
    const answer = answers[question.id];
    if (isUnanswered(question, answer)) {
      errors[question.id] = `${question.label} is required.`;
      continue;
    }
    if (question.type === 'date' && typeof answer === 'string' && answer.trim()) {
      const iso = parseNumericDate(answer);
      if (!iso || !isCalendarDate(iso)) errors[question.id] = 'Date must be valid.';
      else if (iso > today) errors[question.id] = 'Date cannot be after today.';
    }
  }
  return errors;
}

/** The saved answer (or the default) as the form shows it; dates as DD/MM/YYYY. */
export function initialAnswers(questions: AdditionalQuestion[]): Answers {
  const answers: Answers = {};
  for (const question of questions) {
    const saved = question.answer ?? question.default;
    if (saved === null || saved === undefined) {
      if (question.type === 'multi_select') answers[question.id] = [];
      else if (question.type === 'checkbox') answers[question.id] = false;
      continue;
    }
    if (question.type === 'date' && typeof saved === 'string')
      answers[question.id] = formatNumericDate(saved);
    else if (typeof saved === 'number') answers[question.id] = String(saved);
    else if (question.type === 'checkbox' && typeof saved === 'string')
      answers[question.id] = saved === 'true';
    else answers[question.id] = saved;
  }
  return answers;
}

/** The answers as the submit call takes them: `{ questionId, answer }`, dates as YYYY-MM-DD. */
export function answersToSubmit(
  questions: AdditionalQuestion[],
  answers: Answers,
): { questionId: number; answer: QuestionAnswer | null }[] {
  return questions.map((question) => {
    const answer = answers[question.id];
    if (answer === undefined) return { questionId: question.id, answer: null };
    if (question.type === 'date' && typeof answer === 'string') {
      return { questionId: question.id, answer: answer.trim() ? parseNumericDate(answer) : null };
    }
    return { questionId: question.id, answer };
  });
}
