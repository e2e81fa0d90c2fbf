import type { Database } from '../db/client';
import { createDataFieldForm, type NewDataFieldSection } from '../modules/data-fields/data-fields.service';
import { standardSections } from '../modules/data-fields/standard-forms';

/**
 * The demo operator's customer-details forms: the standard ones every operator starts with
 * (data-fields/standard-forms.ts) and a section of preferences. Between them they use every field
 * type the spec lists, required and optional fields, and a field the customer may see but not change.
 */

const interestOptions = [
  { value: 'swimming', label: 'Swimming' },
  { value: 'gym', label: 'Gym' },
  { value: 'classes', label: 'Fitness classes' },
  { value: 'racquet_sports', label: 'Racquet sports' },
];

const preferences: NewDataFieldSection = {
  name: 'Preferences',
  reference: 'preferences',
  fields: [
    {
      name: 'interests',
      path: 'extra.interests',
      label: 'What are you interested in?',
      type: 'multi_select',
      options: interestOptions,
    },
    {
      name: 'visits_per_week',
      path: 'extra.visits_per_week',
      label: 'How many times a week do you plan to visit?',
      type: 'number',
      htmlAttributes: { min: 0, max: 14, step: 1 },
    },
    {
      name: 'marketing_opt_in',
      path: 'extra.marketing_opt_in',
      label: 'Send me news and offers by email',
      type: 'checkbox',
      description: 'You can change your mind at any time.',
    },
    {
      name: 'membership_card_number',
      path: 'extra.membership_card_number',
      label: 'Membership card number',
      type: 'text',
      // Reception issues cards; customers see the number but cannot change it.
      isAuthorised: false,
      description: 'Issued at reception. Ask a member of staff to change it.',
    },
  ],
};

export async function seedDataFieldForms(db: Database, clientId: number): Promise<void> {
  for (const onboardingType of ['customer_account_online', 'membership_purchase'] as const) {
    await createDataFieldForm(db, clientId, onboardingType, [
      ...standardSections(onboardingType),
      preferences,
    ]);
  }
}
