// The customer details forms an operator sets up (registration, joining): sections and fields.

import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './operator';

export const dataFieldForms = pgTable(
  'data_field_forms',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** `customer_account_online` or `membership_purchase`. */
    onboardingType: text('onboarding_type').notNull(),
  },
  (t) => [uniqueIndex('data_field_forms_type_idx').on(t.clientId, t.onboardingType)],
);

export const dataFieldSections = pgTable('data_field_sections', {
  id: serial('id').primaryKey(),
  formId: integer('form_id')
    .notNull()
    .references(() => dataFieldForms.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  reference: text('reference').notNull(),
  position: integer('position').notNull(),
});

export const dataFields = pgTable('data_fields', {
  id: serial('id').primaryKey(),
  sectionId: integer('section_id')
    .notNull()
    .references(() => dataFieldSections.id, { onDelete: 'cascade' }),
  /** Form key sent by the client. */
  name: text('name').notNull(),
  /** Which customer attribute the answer is stored in (a users column or `extra.<key>`). */
  path: text('path').notNull(),
  label: text('label').notNull(),
  /** text, number, select, multi_select, date or checkbox. */
  type: text('type').notNull(),
  isRequired: boolean('is_required').notNull().default(false),
  /** False: shown greyed and read-only; the server refuses a change. */
  isAuthorised: boolean('is_authorised').notNull().default(true),
  options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
  placeholder: text('placeholder'),
  description: text('description'),
  htmlAttributes: jsonb('html_attributes')
    .$type<Record<string, string | number | boolean>>()
    .notNull()
    .default({}),
  position: integer('position').notNull(),
});
