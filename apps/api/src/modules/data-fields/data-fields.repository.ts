import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dataFieldForms, dataFieldSections, dataFields } from '../../db/schema';

export type DataFieldRow = typeof dataFields.$inferSelect;
export type NewDataFieldRow = typeof dataFields.$inferInsert;
export type SectionRow = typeof dataFieldSections.$inferSelect;

export interface FormRows {
  formId: number;
  sections: { section: SectionRow; fields: DataFieldRow[] }[];
}

/** The client's form for an onboarding type, sections and fields in order; undefined when none. */
export async function findForm(
  db: Database,
  clientId: number,
  onboardingType: string,
): Promise<FormRows | undefined> {
  const [form] = await db
    .select({ id: dataFieldForms.id })
    .from(dataFieldForms)
    .where(and(eq(dataFieldForms.clientId, clientId), eq(dataFieldForms.onboardingType, onboardingType)));
  if (!form) return undefined;
  const rows = await db
    .select({ section: dataFieldSections, field: dataFields })
    .from(dataFieldSections)
    .leftJoin(dataFields, eq(dataFields.sectionId, dataFieldSections.id))
    .where(eq(dataFieldSections.formId, form.id))
    .orderBy(asc(dataFieldSections.position), asc(dataFields.position));
  const sections = new Map<number, { section: SectionRow; fields: DataFieldRow[] }>();
  for (const row of rows) {
    let entry = sections.get(row.section.id);
    if (!entry) {
      entry = { section: row.section, fields: [] };
      sections.set(row.section.id, entry);
    }
    if (row.field) entry.fields.push(row.field);
  }
  return { formId: form.id, sections: [...sections.values()] };
}

export async function insertForm(db: Database, clientId: number, onboardingType: string): Promise<number> {
  const [row] = await db
    .insert(dataFieldForms)
    .values({ clientId, onboardingType })
    .returning({ id: dataFieldForms.id });
  if (!row) throw new Error('insert into data_field_forms returned nothing');
  return row.id;
}

export async function insertSection(
  db: Database,
  values: { formId: number; name: string; reference: string; position: number },
): Promise<number> {
  const [row] = await db.insert(dataFieldSections).values(values).returning({ id: dataFieldSections.id });
  if (!row) throw new Error('insert into data_field_sections returned nothing');
  return row.id;
}

export async function insertFields(db: Database, values: NewDataFieldRow[]): Promise<void> {
  if (values.length > 0) await db.insert(dataFields).values(values);
}
