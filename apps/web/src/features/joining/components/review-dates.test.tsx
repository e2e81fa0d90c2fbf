import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';
import { mockMembershipTypes } from '../../../mocks/joining-handlers';
import { camelizeKeys } from '../../../shared/api/keys';
import { calendarDateOf } from '../../../shared/format/dates';
import { installMockApi } from '../../../test/mock-api';
import { renderElement } from '../../../test/render';
import type { MembershipType } from '../api/types';
import type { Promotion } from '../api/validate-promotion';
import { ReviewDates } from './review-dates';

const server = installMockApi();

const gold = camelizeKeys<MembershipType>(mockMembershipTypes[0]);
const monthly = gold.paymentOptions[0] as MembershipType['paymentOptions'][number];

function Harness({
  needsBillingDay = true,
  onContinue,
}: {
  needsBillingDay?: boolean;
  onContinue: () => void;
}) {
  const [dates, setDates] = useState<{ startDate: string; billingDay: number | null }>({
    startDate: calendarDateOf(new Date()),
    billingDay: null,
  });
  const [promotion, setPromotion] = useState<Promotion | null>(null);
  const [terms, setTerms] = useState<number[]>([]);
  return (
    <ReviewDates
      membership={gold}
      option={monthly}
      venueId={1}
      startDate={dates.startDate}
      billingDay={dates.billingDay}
      needsBillingDay={needsBillingDay}
      promotion={promotion}
      termsAccepted={terms}
      busy={false}
      onDatesChange={(startDate, billingDay) => setDates({ startDate, billingDay })}
      onPromotionChange={setPromotion}
      onTermsChange={setTerms}
      onContinue={onContinue}
    />
  );
}

it('applies a promo code, locks it, and removes it; a bad code is not recognised', async () => {
  const user = userEvent.setup();
  renderElement(<Harness onContinue={vi.fn()} />, { site: 'joining' });
  const code = await screen.findByRole('textbox', { name: 'Promo code' });

  // An empty code does nothing.
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(screen.queryByText('Code not recognised')).not.toBeInTheDocument();

  await user.type(code, 'NOPE');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText('Code not recognised')).toBeVisible();
  expect(code).toHaveAttribute('aria-invalid', 'true');

  await user.clear(code);
  expect(screen.queryByText('Code not recognised')).not.toBeInTheDocument();
  await user.type(code, 'welcome10');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  const remove = await screen.findByRole('button', { name: 'Remove promo code WELCOME10' });
  expect(code).toHaveAttribute('readonly');
  expect(code).toHaveValue('WELCOME10');
  expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  // The breakdown is asked again with the promotion: the discount shows.
  expect(await screen.findByText('Discount (WELCOME10)')).toBeVisible();
  expect(screen.getByText('-£5.00')).toBeVisible();

  await user.click(remove);
  expect(code).not.toHaveAttribute('readonly');
  expect(code).toHaveValue('');
  await waitFor(() => expect(screen.queryByText(/^Discount/)).not.toBeInTheDocument());
});

it('shows the cost breakdown with the pro-rata days and the first billing date', async () => {
  renderElement(<Harness onContinue={vi.fn()} />, { site: 'joining' });
  expect(await screen.findByText('Total to pay now')).toBeVisible();
  expect(screen.getByText('Joining fee')).toBeVisible();
  expect(screen.getByText(/^Pro-rata \(\d+ days?\)$/)).toBeVisible();
  expect(screen.getByText('First billing date')).toBeVisible();
});

it('keeps Continue disabled until the billing day is chosen and both terms are ticked', async () => {
  const user = userEvent.setup();
  const onContinue = vi.fn();
  renderElement(<Harness onContinue={onContinue} />, { site: 'joining' });
  const health = await screen.findByRole('checkbox', { name: /I agree to the Health commitment/ });
  const membershipTerms = screen.getByRole('checkbox', { name: /I agree to the Membership terms/ });
  const continueButton = screen.getByRole('button', { name: 'Continue' });
  expect(continueButton).toBeDisabled();

  await user.click(health);
  await user.click(membershipTerms);
  expect(continueButton).toBeDisabled();

  await user.selectOptions(screen.getByRole('combobox', { name: /Billing day/ }), '15');
  await waitFor(() => expect(continueButton).toBeEnabled());
  await user.click(membershipTerms);
  expect(continueButton).toBeDisabled();
  await user.click(membershipTerms);
  await user.click(continueButton);
  expect(onContinue).toHaveBeenCalledTimes(1);
});

it('limits the start date to today until one month ahead', async () => {
  renderElement(<Harness needsBillingDay={false} onContinue={vi.fn()} />, { site: 'joining' });
  const start = await screen.findByLabelText(/Start date/);
  const today = new Date();
  expect(start).toHaveAttribute('min', calendarDateOf(today));
  expect(start).toHaveAttribute(
    'max',
    calendarDateOf(new Date(today.getFullYear(), today.getMonth() + 1, today.getDate())),
  );
  expect(screen.queryByRole('combobox', { name: /Billing day/ })).not.toBeInTheDocument();
});

it('says why a real code that takes nothing off the option is refused', async () => {
  const nothingOff = 'This code does not reduce the price of the membership you chose.';
  server.use(
    http.get('*/api/v1/membership-promotions/validate/:code/:paymentOptionId', () =>
      HttpResponse.json({ message: nothingOff, errors: { code: [nothingOff] } }, { status: 422 }),
    ),
  );
  const user = userEvent.setup();
  renderElement(<Harness onContinue={vi.fn()} />, { site: 'joining' });
  const code = await screen.findByRole('textbox', { name: 'Promo code' });
  await user.type(code, 'WELCOME10');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  expect(await screen.findByText(nothingOff)).toBeVisible();
  expect(screen.queryByText('Code applied')).not.toBeInTheDocument();
  expect(code).not.toHaveAttribute('readonly');
});
