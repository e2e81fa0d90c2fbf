import type { Database } from '../db/client';
import { addDays, localDateOf } from '../lib/dates';
import { createTerm, type VenueRow } from '../modules/operator/operator.service';
import { createPromotion, type PromotionInput } from '../modules/promotions/promotion-setup.service';
import { takePromotionUse } from '../modules/promotions/promotions.service';
import {
  findActivityForBenefit,
  membershipFactory,
  type NewMembershipTypeSpec,
} from '../test/factories/membership-factory';

/** Promotion codes the README and the e2e journeys use. */
export const demoPromotionCodes = {
  welcome: 'WELCOME50',
  firstMonth: 'FIRSTMONTH',
  expired: 'SPRING10',
  exhausted: 'LAUNCH100',
} as const;

const para = (text: string) => `<p>${text}</p>`;

/** The joining flow's terms: health commitment, membership terms and the direct debit guarantee. */
const joiningTerms = [
  {
    context: 'health_commitment' as const,
    title: 'Health Commitment Statement',
    html:
      para(
        'By joining you confirm that, to the best of your knowledge, you are in good health and able to exercise.',
      ) +
      para(
        'If you have a medical condition, are pregnant or are unsure, please speak to your GP before you start.',
      ),
    position: 1,
  },
  {
    context: 'membership' as const,
    title: 'Membership Terms and Conditions',
    html:
      para('Monthly memberships run until you cancel with one full month of notice.') +
      para(
        'Single-payment memberships end on the date shown and are not refundable after the first 14 days.',
      ) +
      para('Your membership card is personal to you and may not be lent to anyone else.'),
    position: 1,
  },
  {
    context: 'direct_debit' as const,
    title: 'The Direct Debit Guarantee',
    html:
      para(
        'The Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.',
      ) +
      para(
        'If there are any changes to the amount, date or frequency of your Direct Debit, you will be notified 10 working days in advance of your account being debited.',
      ) +
      para(
        'If an error is made in the payment of your Direct Debit you are entitled to a full and immediate refund of the amount paid from your bank or building society.',
      ) +
      para('You can cancel a Direct Debit at any time by simply contacting your bank or building society.'),
    position: 1,
  },
];

const gymQuestions: NonNullable<NewMembershipTypeSpec['questions']> = [
  {
    reference: 'heard_about_us',
    label: 'How did you hear about us?',
    type: 'select',
    options: [
      { value: 'friend', label: 'A friend' },
      { value: 'social', label: 'Social media' },
      { value: 'leaflet', label: 'A leaflet' },
      { value: 'other', label: 'Other' },
    ],
    isRequired: true,
  },
  {
    reference: 'visits_per_week',
    label: 'How many times a week do you plan to visit?',
    type: 'number',
    placeholder: 'e.g. 3',
  },
  {
    reference: 'goals',
    label: 'What are your goals?',
    type: 'multi_select',
    options: [
      { value: 'fitness', label: 'Get fitter' },
      { value: 'weight', label: 'Lose weight' },
      { value: 'strength', label: 'Build strength' },
      { value: 'social', label: 'Meet people' },
    ],
  },
  { reference: 'last_health_check', label: 'Date of your last health check', type: 'date' },
  {
    reference: 'induction',
    label: 'I would like a free gym induction',
    type: 'checkbox',
    defaultValue: 'true',
  },
  {
    reference: 'notes',
    label: 'Anything we should know?',
    type: 'text',
    placeholder: 'Injuries, access needs...',
  },
];

/**
 * Membership types at every demo venue (local types give access to the venues they are sold at; 'All
 * Clubs' to every venue), promotion codes (two live, one expired, one used up) and the joining terms.
 */
export async function seedMemberships(
  db: Database,
  clientId: number,
  venues: VenueRow[],
  now: Date = new Date(),
): Promise<void> {
  const factory = membershipFactory(db, clientId);
  const all = venues.map((v) => v.id);
  const swimId = await findActivityForBenefit(db, clientId, 'swim-for-fitness');
  const classesId = await findActivityForBenefit(db, clientId, 'fitness-classes-c');
  const swimBenefit = swimId
    ? [{ name: 'Free swimming', kind: 'activity' as const, activityId: swimId, discountPercent: 100 }]
    : [];
  const classesBenefit = classesId
    ? [
        {
          name: '50% off fitness classes',
          kind: 'activity' as const,
          activityId: classesId,
          discountPercent: 50,
        },
      ]
    : [];
  const guestPasses = (uses: number) => ({
    name: 'Guest passes',
    kind: 'guest_pass' as const,
    totalUses: uses,
    frequency: 'months',
    description: `Bring a friend ${uses} times a month.`,
  });

  const types: NewMembershipTypeSpec[] = [
    {
      slug: 'anytime-gym',
      name: 'Anytime Gym',
      description:
        '<p>Unlimited gym use at any time the centre is open, with a free induction and a personal programme.</p>',
      coverage: 'local',
      categories: ['Gym'],
      soldAt: all,
      benefits: [guestPasses(2), ...classesBenefit],
      options: [
        { name: 'Monthly', paymentType: 'recurring', baseFee: 3499, joiningFee: 2000 },
        { name: '12 months', paymentType: 'fixed', baseFee: 34900, fixedDuration: 12, fixedPeriod: 'month' },
      ],
      questions: gymQuestions,
    },
    {
      slug: 'off-peak',
      name: 'Off-Peak',
      description: '<p>Gym and swimming on weekdays before 4pm and all weekend.</p>',
      coverage: 'local',
      categories: ['Gym', 'Swim'],
      soldAt: all,
      benefits: swimBenefit,
      options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 2499, joiningFee: 1500 }],
    },
    {
      slug: 'student',
      name: 'Student',
      description:
        '<p>Anytime gym for students in full-time education. Proof of student status is needed.</p>',
      coverage: 'local',
      eligibility: {
        name: 'Student',
        minAge: 16,
        maxAge: null,
        requiresDocument: true,
        documentTypes: ['Student ID card', 'UCAS or university offer letter'],
      },
      categories: ['Gym', 'Concession'],
      soldAt: all,
      options: [
        { name: 'Monthly', paymentType: 'recurring', baseFee: 1999 },
        {
          name: 'Academic year',
          paymentType: 'fixed',
          baseFee: 17900,
          fixedDuration: 9,
          fixedPeriod: 'month',
        },
      ],
    },
    {
      slug: 'junior',
      name: 'Junior',
      description: '<p>Gym, swimming and junior classes for 11 to 17 year olds.</p>',
      coverage: 'local',
      eligibility: { name: 'Junior', minAge: 11, maxAge: 17, requiresDocument: false, documentTypes: [] },
      categories: ['Junior'],
      soldAt: all,
      benefits: swimBenefit,
      options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 1500 }],
      questions: [
        { reference: 'guardian_name', label: 'Parent or guardian name', type: 'text', isRequired: true },
        { reference: 'school_year', label: 'School year', type: 'number' },
      ],
    },
    {
      slug: 'swim-only',
      name: 'Swim Only',
      description: '<p>Unlimited public and lane swimming.</p>',
      coverage: 'local',
      categories: ['Swim'],
      soldAt: all,
      benefits: swimBenefit,
      options: [
        { name: 'Monthly', paymentType: 'recurring', baseFee: 2200, joiningFee: 1000 },
        { name: '3 months', paymentType: 'fixed', baseFee: 6000, fixedDuration: 3, fixedPeriod: 'month' },
      ],
    },
    {
      slug: 'family',
      name: 'Family',
      description: '<p>Two adults and up to three children: gym, swimming and classes.</p>',
      coverage: 'local',
      categories: ['Family'],
      soldAt: all,
      benefits: [guestPasses(4), ...swimBenefit, ...classesBenefit],
      options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 6999, joiningFee: 2500 }],
    },
    {
      slug: 'all-clubs',
      name: 'All Clubs',
      description: '<p>Everything at every Riverside Leisure centre in the country.</p>',
      coverage: 'national',
      categories: ['Gym', 'Swim'],
      soldAt: all,
      benefits: [guestPasses(2), ...swimBenefit, ...classesBenefit],
      options: [
        { name: 'Monthly', paymentType: 'recurring', baseFee: 4999, joiningFee: 2500 },
        { name: '12 months', paymentType: 'fixed', baseFee: 49900, fixedDuration: 12, fixedPeriod: 'month' },
      ],
      questions: gymQuestions.slice(0, 2),
    },
  ];
  for (const [position, spec] of types.entries()) await factory.createType({ ...spec, position });

  const today = localDateOf(now, 'Europe/London');
  // Through the console's service functions (issue 47), as the system.
  const system = { kind: 'system' as const, clientId };
  const promotion = (input: Omit<PromotionInput, 'months' | 'payment_option_ids'> & { months?: number }) =>
    createPromotion(db, system, { months: 1, payment_option_ids: [], ...input });
  await promotion({
    code: demoPromotionCodes.welcome,
    name: 'Half-price joining fee',
    discount_kind: 'percentage',
    discount_value: 50,
    applies_to: 'joining_fee',
    valid_from: addDays(today, -30),
    valid_to: addDays(today, 365),
  });
  await promotion({
    code: demoPromotionCodes.firstMonth,
    name: 'First month free',
    discount_kind: 'percentage',
    discount_value: 100,
    applies_to: 'first_months',
    months: 1,
    valid_from: addDays(today, -30),
    valid_to: addDays(today, 365),
  });
  await promotion({
    code: demoPromotionCodes.expired,
    name: 'Spring offer',
    discount_kind: 'fixed',
    discount_value: 1000,
    applies_to: 'joining_fee',
    valid_from: addDays(today, -120),
    valid_to: addDays(today, -30),
  });
  const launch = await promotion({
    code: demoPromotionCodes.exhausted,
    name: 'Launch offer',
    discount_kind: 'percentage',
    discount_value: 100,
    applies_to: 'joining_fee',
    usage_limit: 100,
  });
  // Its hundred uses, taken as joining takes each one.
  for (let use = 0; use < 100; use += 1) await takePromotionUse(db, launch.id);

  for (const term of joiningTerms) await createTerm(db, clientId, term);
}
