import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { renderElement } from '../../../test/render';
import type { AdditionalQuestion } from '../api/types';
import { AdditionalDetails } from './additional-details';

const question = (id: number, label: string, type: AdditionalQuestion['type'], isRequired: boolean) =>
  ({
    id,
    reference: `q${id}`,
    label,
    type,
    options: [],
    placeholder: null,
    default: null,
    isRequired,
    answer: null,
  }) satisfies AdditionalQuestion;

const questions = [
  question(7, 'Date of last visit', 'date', false),
  question(9, 'Emergency contact', 'text', true),
];

it('keeps Continue disabled while a required question is unanswered', async () => {
  const user = userEvent.setup();
  renderElement(<AdditionalDetails questions={questions} answers={{}} onSave={vi.fn()} />, {
    site: 'joining',
  });
  const next = screen.getByRole('button', { name: 'Continue' });
  expect(next).toBeDisabled();
  await user.type(screen.getByRole('textbox', { name: /Emergency contact/ }), 'Sam Morgan');
  expect(next).toBeEnabled();
});

it('checks dates on Continue, clears the message once the answer is edited, and saves by question id', async () => {
  const user = userEvent.setup();
  const onSave = vi.fn();
  renderElement(<AdditionalDetails questions={questions} answers={{ 9: 'Sam Morgan' }} onSave={onSave} />, {
    site: 'joining',
  });
  const date = screen.getByRole('textbox', { name: /Date of last visit/ });
  await user.type(date, '31/02/2026');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Date must be valid.')).toBeVisible();
  expect(onSave).not.toHaveBeenCalled();

  await user.clear(date);
  expect(screen.queryByText('Date must be valid.')).not.toBeInTheDocument();
  await user.type(date, '01/02/2026');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(onSave).toHaveBeenCalledWith({ 7: '01/02/2026', 9: 'Sam Morgan' });
});
