import type { Database } from '../../db/client';
import type { MembershipEligibility, membershipPromotions } from '../../db/schema';
import type { QuestionRow } from '../../modules/joining/joining.repository';
import { insertQuestions } from '../../modules/joining/joining.repository';
import {
  findActivityIdBySlug,
  insertBenefits,
  insertCategory,
  insertOptions,
  insertType,
  insertTypeLinks,
  type MembershipTypeRow,
  type PaymentOptionRow,
} from '../../modules/membership-catalogue/membership-catalogue.repository';
import { insertPromotion, type PromotionRow } from '../../modules/promotions/promotions.repository';

// How membership data is created, by the seed and by tests alike.

export interface NewMembershipTypeSpec {
  slug: string;
  name: string;
  description: string;
  coverage: string;
  eligibility?: MembershipEligibility | null;
  position?: number;
  categories: string[];
  /** Venues where it is sold (home centres). */
  soldAt: number[];
  /** Further venues it gives access to (national types: every venue). */
  accessOnly?: number[];
  benefits?: {
    name: string;
    kind?: 'guest_pass' | 'activity' | 'other';
    totalUses?: number | null;
    frequency?: string | null;
    description?: string | null;
    activityId?: number | null;
    discountPercent?: number | null;
  }[];
  options: {
    name: string;
    paymentType: 'recurring' | 'fixed';
    baseFee: number;
    joiningFee?: number;
    monthInHand?: boolean;
    fixedDuration?: number | null;
    fixedPeriod?: 'day' | 'week' | 'month' | 'year' | null;
  }[];
  questions?: {
    reference: string;
    label: string;
    type: QuestionRow['type'];
    options?: { value: string; label: string }[];
    placeholder?: string | null;
    defaultValue?: string | null;
    isRequired?: boolean;
  }[];
}

/** Finds or creates the operator's categories by name. */
async function categoryIds(db: Database, clientId: number, names: string[], known: Map<string, number>) {
  const ids: number[] = [];
  for (const name of names) {
    let id = known.get(name);
    if (id === undefined) {
      id = (await insertCategory(db, { clientId, name, position: known.size })).id;
      known.set(name, id);
    }
    ids.push(id);
  }
  return ids;
}

export interface MembershipFactory {
  createType(spec: NewMembershipTypeSpec): Promise<{ type: MembershipTypeRow; options: PaymentOptionRow[] }>;
  createPromotion(values: Omit<typeof membershipPromotions.$inferInsert, 'clientId'>): Promise<PromotionRow>;
}

/** An activity's id by slug, for benefits (undefined when the operator has no such activity). */
export async function findActivityForBenefit(
  db: Database,
  clientId: number,
  slug: string,
): Promise<number | undefined> {
  return findActivityIdBySlug(db, clientId, slug);
}

export function membershipFactory(db: Database, clientId: number): MembershipFactory {
  const known = new Map<string, number>();
  return {
    async createType(spec) {
      const type = await insertType(db, {
        clientId,
        slug: spec.slug,
        name: spec.name,
        description: spec.description,
        coverage: spec.coverage,
        eligibility: spec.eligibility ?? null,
        position: spec.position ?? 0,
      });
      const categories = await categoryIds(db, clientId, spec.categories, known);
      await insertTypeLinks(
        db,
        categories.map((categoryId) => ({ membershipTypeId: type.id, categoryId })),
        [
          ...spec.soldAt.map((venueId) => ({ membershipTypeId: type.id, venueId, soldHere: true })),
          ...(spec.accessOnly ?? [])
            .filter((venueId) => !spec.soldAt.includes(venueId))
            .map((venueId) => ({ membershipTypeId: type.id, venueId, soldHere: false })),
        ],
      );
      await insertBenefits(
        db,
        (spec.benefits ?? []).map((b, position) => ({
          membershipTypeId: type.id,
          name: b.name,
          kind: b.kind ?? 'other',
          totalUses: b.totalUses ?? null,
          frequency: b.frequency ?? null,
          description: b.description ?? null,
          activityId: b.activityId ?? null,
          discountPercent: b.discountPercent ?? null,
          position,
        })),
      );
      const options = await insertOptions(
        db,
        spec.options.map((o, position) => ({
          membershipTypeId: type.id,
          name: o.name,
          paymentType: o.paymentType,
          baseFee: o.baseFee,
          joiningFee: o.joiningFee ?? 0,
          monthInHand: o.monthInHand ?? o.paymentType === 'recurring',
          fixedDuration: o.fixedDuration ?? null,
          fixedPeriod: o.fixedPeriod ?? null,
          position,
        })),
      );
      await insertQuestions(
        db,
        (spec.questions ?? []).map((q, position) => ({
          membershipTypeId: type.id,
          reference: q.reference,
          label: q.label,
          type: q.type,
          options: q.options ?? [],
          placeholder: q.placeholder ?? null,
          defaultValue: q.defaultValue ?? null,
          isRequired: q.isRequired ?? false,
          position,
        })),
      );
      return { type, options };
    },
    async createPromotion(values) {
      return insertPromotion(db, { ...values, clientId });
    },
  };
}
