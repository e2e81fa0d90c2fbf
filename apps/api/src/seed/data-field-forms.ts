import type { Database } from '../db/client';
import {
  createDataFieldForm,
  type NewDataField,
  type NewDataFieldSection,
} from '../modules/data-fields/data-fields.service';

/**
 * The demo operator's customer-details forms: one for creating an account online, one for buying a
 * membership (which asks for more). Between them they use every field type the spec lists, required
 * and optional fields, and a field the customer may see but not change.
 */

const titleOptions = ['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr'].map((value) => ({ value, label: value }));
const genderOptions = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non_binary', label: 'Non-binary' },
  { value: 'prefer_not_to_say', label: 'Prefer not to say' },
];
const interestOptions = [
  { value: 'swimming', label: 'Swimming' },
  { value: 'gym', label: 'Gym' },
  { value: 'classes', label: 'Fitness classes' },
  { value: 'racquet_sports', label: 'Racquet sports' },
];

function personal(requireDateOfBirth: boolean): NewDataFieldSection {
  const fields: NewDataField[] = [
    { name: 'title', path: 'title', label: 'Title', type: 'select', options: titleOptions },
    {
      name: 'first_name',
      path: 'first_name',
      label: 'First name',
      type: 'text',
      isRequired: true,
      htmlAttributes: { maxlength: 50, autocomplete: 'given-name' },
    },
    {
      name: 'last_name',
      path: 'last_name',
      label: 'Last name',
      type: 'text',
      isRequired: true,
      htmlAttributes: { maxlength: 50, autocomplete: 'family-name' },
    },
    {
      name: 'date_of_birth',
      path: 'date_of_birth',
      label: 'Date of birth',
      type: 'date',
      isRequired: requireDateOfBirth,
      htmlAttributes: { autocomplete: 'bday' },
    },
    { name: 'gender', path: 'gender', label: 'Gender', type: 'select', options: genderOptions },
  ];
  return { name: 'Personal details', reference: 'personal', fields };
}

function contact(requireAddress: boolean): NewDataFieldSection {
  return {
    name: 'Contact details',
    reference: 'contact',
    fields: [
      {
        name: 'email',
        path: 'email',
        label: 'Email address',
        type: 'text',
        isRequired: true,
        htmlAttributes: { type: 'email', maxlength: 254, autocomplete: 'email' },
      },
      {
        name: 'mobile_number',
        path: 'mobile_number',
        label: 'Mobile number',
        type: 'text',
        isRequired: true,
        placeholder: '07700 900123',
        htmlAttributes: { type: 'tel', minlength: 10, maxlength: 15, autocomplete: 'tel' },
      },
      {
        name: 'address_line_1',
        path: 'address_line_1',
        label: 'Address line 1',
        type: 'text',
        isRequired: requireAddress,
        htmlAttributes: { maxlength: 100, autocomplete: 'address-line1' },
      },
      {
        name: 'address_line_2',
        path: 'address_line_2',
        label: 'Address line 2',
        type: 'text',
        htmlAttributes: { maxlength: 100, autocomplete: 'address-line2' },
      },
      {
        name: 'town',
        path: 'town',
        label: 'Town/city',
        type: 'text',
        isRequired: requireAddress,
        htmlAttributes: { maxlength: 60, autocomplete: 'address-level2' },
      },
      {
        name: 'postcode',
        path: 'postcode',
        label: 'Postcode',
        type: 'text',
        isRequired: requireAddress,
        htmlAttributes: { maxlength: 8, autocomplete: 'postal-code' },
      },
    ],
  };
}

function emergency(required: boolean): NewDataFieldSection {
  return {
    name: 'Emergency contact',
    reference: 'emergency',
    fields: [
      {
        name: 'emergency_contact_name',
        path: 'emergency_contact_name',
        label: 'Emergency contact name',
        type: 'text',
        isRequired: required,
        htmlAttributes: { maxlength: 100 },
      },
      {
        name: 'emergency_contact_number',
        path: 'emergency_contact_number',
        label: 'Emergency contact number',
        type: 'text',
        isRequired: required,
        htmlAttributes: { type: 'tel', minlength: 10, maxlength: 15 },
      },
    ],
  };
}

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

const health: NewDataFieldSection = {
  name: 'Health',
  reference: 'health',
  fields: [
    {
      name: 'medical_conditions',
      path: 'extra.medical_conditions',
      label: 'Medical conditions our staff should know about',
      type: 'text',
      htmlAttributes: { maxlength: 500 },
    },
  ],
};

export async function seedDataFieldForms(db: Database, clientId: number): Promise<void> {
  await createDataFieldForm(db, clientId, 'customer_account_online', [
    personal(false),
    contact(false),
    emergency(false),
    preferences,
  ]);
  await createDataFieldForm(db, clientId, 'membership_purchase', [
    personal(true),
    contact(true),
    emergency(true),
    health,
    preferences,
  ]);
}
