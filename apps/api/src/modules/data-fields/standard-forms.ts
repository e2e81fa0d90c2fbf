import type { OnboardingType } from '@leisure/contract/auth';
import type { Database } from '../../db/client';
import { createDataFieldForm, type NewDataField, type NewDataFieldSection } from './data-fields.service';

/**
 * The customer-details forms every operator starts with (issue 47): creating an account online
 * asks for who the customer is and how to reach them; buying a membership asks for an address, an
 * emergency contact and health notes too. The bootstrap command gives a new operator these, so its
 * customers can register before anyone edits a form; the demo adds its own sections to them.
 */

const titleOptions = ['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr'].map((value) => ({ value, label: value }));
const genderOptions = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non_binary', label: 'Non-binary' },
  { value: 'prefer_not_to_say', label: 'Prefer not to say' },
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

/** The standard sections of an onboarding type's form, in order. */
export function standardSections(onboardingType: OnboardingType): NewDataFieldSection[] {
  return onboardingType === 'membership_purchase'
    ? [personal(true), contact(true), emergency(true), health]
    : [personal(false), contact(false), emergency(false)];
}

/** Gives a new operator the standard form of each onboarding type. */
export async function createStandardDataFieldForms(db: Database, clientId: number): Promise<void> {
  for (const onboardingType of ['customer_account_online', 'membership_purchase'] as const) {
    await createDataFieldForm(db, clientId, onboardingType, standardSections(onboardingType));
  }
}
