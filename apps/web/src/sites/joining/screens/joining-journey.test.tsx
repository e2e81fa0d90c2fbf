import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { beforeEach, expect, it, vi } from 'vitest';
import type { JoiningVenue } from '../../../features/joining/api/types';
import { JoiningFlow } from '../../../features/joining/components/joining-flow';
import { mockDataFields, mockUser } from '../../../mocks/fixtures';
import { mockJoiningVenues } from '../../../mocks/joining-handlers';
import { camelizeKeys } from '../../../shared/api/keys';
import { findDialog } from '../../../test/dialogs';
import { installMockApi, startMockSession } from '../../../test/mock-api';
import { renderElement } from '../../../test/render';
import { findToast } from '../../../test/toasts';
import { renderJoiningRegistration } from './joining-registration';

const server = installMockApi();
const leeds = camelizeKeys<JoiningVenue>(mockJoiningVenues[0]);

beforeEach(() => {
  toast.dismiss();
  window.dataLayer = [];
});

const section = (name: RegExp) => screen.getByRole('button', { name });
const expectOpen = (name: RegExp) =>
  waitFor(() => expect(section(name)).toHaveAttribute('aria-expanded', 'true'));

it('a visitor registers, answers, reviews, sets up a direct debit, confirms and goes to checkout', async () => {
  // The new member has no direct debit instruction and no billing date yet.
  server.use(
    http.get('*/api/auth/user', () =>
      HttpResponse.json({ data: { ...mockUser, has_instruction: false, has_billing_date: false } }),
    ),
  );
  let submitted: Record<string, unknown> | null = null;
  server.use(
    http.post('*/api/online-joining/memberships', async ({ request }) => {
      submitted = (await request.clone().json()) as Record<string, unknown>;
      return undefined;
    }),
  );
  const user = userEvent.setup();
  const leave = vi.fn();
  renderElement(
    <JoiningFlow
      venue={leeds}
      preselected={{ membershipSlug: 'gold', paymentType: 'recurring' }}
      onBackToCentre={vi.fn()}
      leave={leave}
      renderRegistration={renderJoiningRegistration}
    />,
    { site: 'joining' },
  );

  // 3. Your details: registration with a password and the terms.
  await expectOpen(/Your details/);
  await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Morgan');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Reed');
  await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'member@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Member-Pass-1');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Member-Pass-1');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
  const dialog = await findDialog();
  await user.click(await within(dialog).findByRole('button', { name: 'I Agree' }));
  await user.click(screen.getByRole('button', { name: 'Create account and continue' }));

  // Still Your details: the new joiner is asked for the purchase data a member gives (the mock's
  // membership_purchase answers are empty), with no 'can't be edited' notice on editable fields.
  expect(
    await screen.findByText('Your account is ready. We need a few more details before you buy a membership.'),
  ).toBeVisible();
  expect(screen.queryByText("These details can't be edited right now")).not.toBeInTheDocument();
  await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Morgan');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Reed');
  await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'member@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  // 4. Additional details: Continue waits for the required answer.
  await expectOpen(/Additional details/);
  const continueQuestions = await screen.findByRole('button', { name: 'Continue' });
  expect(continueQuestions).toBeDisabled();
  await user.selectOptions(screen.getByRole('combobox', { name: /How did you hear about us/ }), 'friend');
  await user.click(continueQuestions);

  // 5. Review & select dates.
  await expectOpen(/Review & select dates/);
  await user.selectOptions(await screen.findByRole('combobox', { name: /Billing day/ }), '1');
  await user.click(await screen.findByRole('checkbox', { name: /Health commitment/ }));
  await user.click(screen.getByRole('checkbox', { name: /Membership terms/ }));
  await user.type(screen.getByRole('textbox', { name: 'Promo code' }), 'WELCOME10');
  await user.click(screen.getByRole('button', { name: 'Apply' }));
  await screen.findByRole('button', { name: 'Remove promo code WELCOME10' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  // 6. Monthly payment.
  await expectOpen(/Monthly payment/);
  const holder = await screen.findByRole('textbox', { name: /Account holder name/ });
  expect(holder).toHaveValue('Morgan Reed');
  await user.type(screen.getByRole('textbox', { name: /Account number/ }), '55779911');
  await user.type(screen.getByRole('textbox', { name: /Sort code/ }), '200000');
  await user.type(screen.getByRole('textbox', { name: /Address line 1/ }), '1 High Street');
  await user.type(screen.getByRole('textbox', { name: /City/ }), 'Leeds');
  await user.type(screen.getByRole('textbox', { name: /Postcode/ }), 'LS1 4AP');
  await user.click(await screen.findByRole('checkbox', { name: /Direct Debit Guarantee/ }));
  await user.click(screen.getByRole('checkbox', { name: /I am the account holder/ }));
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));

  // 7. Confirm your details, then the basket's checkout on the bookings site.
  await expectOpen(/Confirm your details/);
  expect(await screen.findByText('******11')).toBeVisible();
  expect(screen.getByText('WELCOME10')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await findToast('Membership added to basket.')).toBeVisible();
  await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
  expect(leave.mock.calls[0]?.[0]).toMatch(/\/basket\/checkout$/);
  expect(submitted).toMatchObject({
    membership_type_id: 10,
    payment_option_id: 101,
    home_venue_id: 1,
    billing_day: 1,
    promotion_code_id: 7,
    answers: [
      { question_id: 501, answer: 'friend' },
      { question_id: 502, answer: null },
    ],
    terms: [21, 22],
    direct_debit: { token: 'mock-details-token' },
  });

  const steps = (window.dataLayer ?? []).map((event) => (event as { stepNumber: number }).stepNumber);
  expect(steps).toEqual([2, 3, 4, 5, 6, 7]);
}, 20_000);

it('a submit without a required answer says so and reopens Additional details', async () => {
  server.use(
    http.post('*/api/online-joining/memberships', () =>
      HttpResponse.json(
        {
          message: 'How did you hear about us? is required.',
          errors: { 'answers.501': ['How did you hear about us? is required.'] },
        },
        { status: 422 },
      ),
    ),
  );
  // A signed-in member with an instruction and a billing date: no direct debit sections.
  startMockSession();
  const user = userEvent.setup();
  renderElement(
    <JoiningFlow
      venue={leeds}
      preselected={{ membershipSlug: 'gold', paymentType: 'fixed' }}
      onBackToCentre={vi.fn()}
      leave={vi.fn()}
    />,
    { site: 'joining' },
  );
  await expectOpen(/Your details/);
  // The fields are the member's to edit: no 'can't be edited' notice.
  await screen.findByRole('textbox', { name: /First name/ });
  expect(screen.queryByText("These details can't be edited right now")).not.toBeInTheDocument();
  // The mock's purchase fields hold no answers yet: the member saves the required ones first.
  await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Morgan');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Reed');
  await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'member@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await expectOpen(/Additional details/);
  await user.selectOptions(await screen.findByRole('combobox', { name: /How did you hear about us/ }), 'web');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await expectOpen(/Review & select dates/);
  expect(screen.queryByRole('combobox', { name: /Billing day/ })).not.toBeInTheDocument();
  await user.click(await screen.findByRole('checkbox', { name: /Health commitment/ }));
  await user.click(screen.getByRole('checkbox', { name: /Membership terms/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await findToast('Please fill in required questions')).toBeVisible();
  await expectOpen(/Additional details/);
  expect(screen.queryByRole('button', { name: /Monthly payment/ })).not.toBeInTheDocument();
}, 20_000);

/** A signed-in member (no direct debit sections) takes Gold (single payment) up to its submit. */
async function memberSubmitsGold(submitAnswer: () => Response) {
  server.use(http.post('*/api/online-joining/memberships', submitAnswer));
  startMockSession();
  const user = userEvent.setup();
  renderElement(
    <JoiningFlow
      venue={leeds}
      preselected={{ membershipSlug: 'gold', paymentType: 'fixed' }}
      onBackToCentre={vi.fn()}
      leave={vi.fn()}
    />,
    { site: 'joining' },
  );
  await expectOpen(/Your details/);
  await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Morgan');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Reed');
  await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'member@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await expectOpen(/Additional details/);
  await user.selectOptions(await screen.findByRole('combobox', { name: /How did you hear about us/ }), 'web');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await expectOpen(/Review & select dates/);
  await user.click(await screen.findByRole('checkbox', { name: /Health commitment/ }));
  await user.click(screen.getByRole('checkbox', { name: /Membership terms/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

it('answers the server refuses for another reason get the neutral toast and reopen Additional details', async () => {
  await memberSubmitsGold(() =>
    HttpResponse.json(
      { message: 'Choose one of the options.', errors: { 'answers.501': ['Choose one of the options.'] } },
      { status: 422 },
    ),
  );
  expect(await findToast('Error occurred while submitting your answers.')).toBeVisible();
  expect(screen.queryByText('Please fill in required questions')).not.toBeInTheDocument();
  await expectOpen(/Additional details/);
}, 20_000);

it('a selection the server finds ineligible on submit is reset, with the spec’s toast', async () => {
  await memberSubmitsGold(() =>
    HttpResponse.json(
      {
        message: 'You are ineligible for this membership',
        errors: { membership_type_id: ['This membership is for ages 11 to 17.'] },
      },
      { status: 422 },
    ),
  );
  expect(await findToast('You are ineligible for the membership you selected.')).toBeVisible();
  await expectOpen(/Membership selection/);
  // Nothing is selected any more: the sections that hung on Gold are gone and no card is chosen.
  expect(screen.queryByRole('button', { name: /Additional details/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Selected' })).not.toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('This membership is for ages 11 to 17.');
}, 20_000);

/** A visitor opens the Student Swim deep link (the mock's signed-in member is not a student). */
function renderStudentSwimAsVisitor() {
  renderElement(
    <JoiningFlow
      venue={leeds}
      preselected={{ membershipSlug: 'student-swim', paymentType: 'recurring' }}
      onBackToCentre={vi.fn()}
      leave={vi.fn()}
      renderRegistration={renderJoiningRegistration}
    />,
    { site: 'joining' },
  );
}

/** Said at once, the selection reset and Membership selection reopened; no purchase details asked. */
async function expectToldIneligibleAtOnce() {
  expect(await findToast('You are ineligible for the membership you selected.')).toBeVisible();
  await expectOpen(/Membership selection/);
  expect(screen.getByRole('alert')).toHaveTextContent('You are not eligible for this membership');
  expect(screen.queryByRole('button', { name: 'Selected' })).not.toBeInTheDocument();
  expect(
    screen.queryByText('Your account is ready. We need a few more details before you buy a membership.'),
  ).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
}

it('a visitor who registers for a membership they are not eligible for is told so as soon as the account exists', async () => {
  const user = userEvent.setup();
  renderStudentSwimAsVisitor();
  await expectOpen(/Your details/);
  await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Morgan');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Reed');
  await user.type(screen.getByRole('textbox', { name: /Email address/ }), 'member@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Member-Pass-1');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Member-Pass-1');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
  const dialog = await findDialog();
  await user.click(await within(dialog).findByRole('button', { name: 'I Agree' }));
  await user.click(screen.getByRole('button', { name: 'Create account and continue' }));
  await expectToldIneligibleAtOnce();
}, 20_000);

it('a visitor who logs in within Your details is told at once that the selection is not for them', async () => {
  const user = userEvent.setup();
  renderStudentSwimAsVisitor();
  await expectOpen(/Your details/);
  await user.click(await screen.findByRole('button', { name: 'Log in' }));
  const dialog = await findDialog('Log in');
  await user.type(within(dialog).getByLabelText(/^Email address or customer ID/), 'member@example.com');
  await user.type(within(dialog).getByLabelText(/^Password/), 'Member-Pass-1');
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
  await expectToldIneligibleAtOnce();
}, 20_000);

it("says 'These details can't be edited right now' only when nothing in Your details can be edited", async () => {
  const locked = structuredClone(mockDataFields);
  for (const section of locked.data.sections) {
    for (const field of section.section_fields) {
      field.is_authorised = false;
      field.answer = field.name === 'email' ? 'member@example.com' : 'Morgan';
    }
  }
  server.use(http.get('*/api/data-fields', () => HttpResponse.json(locked)));
  startMockSession();
  const user = userEvent.setup();
  renderElement(
    <JoiningFlow
      venue={leeds}
      preselected={{ membershipSlug: 'gold', paymentType: 'fixed' }}
      onBackToCentre={vi.fn()}
      leave={vi.fn()}
    />,
    { site: 'joining' },
  );
  await expectOpen(/Your details/);
  expect(await screen.findByText("These details can't be edited right now")).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await expectOpen(/Additional details/);
}, 20_000);
