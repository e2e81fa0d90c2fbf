import type { Database } from '../../db/client';
import type { MembershipEligibility, membershipPromotions } from '../../db/schema';
import type { QuestionRow } from '../../modules/joining/joining.repository';
import { addMembershipQuestion } from '../../modules/joining/question-setup.service';
import {
  findActivityIdBySlug,
  type MembershipTypeRow,
  type PaymentOptionRow,
} from '../../modules/membership-catalogue/membership-catalogue.repository';
import {
  createMembershipCategory,
  createMembershipType,
  createPaymentOption,
} from '../../modules/membership-catalogue/membership-setup.service';
import { systemChanger } from '../../modules/membership-catalogue/setup-changer';
import { insertPromotion, type PromotionRow } from '../../modules/promotions/promotions.repository';

// How membership data is created, by the seed and by tests alike: through the console's service
// functions (issue 47), as the system (audited, no staff user).

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
      id = (await createMembershipCategory(db, systemChanger(clientId), { name, position: known.size })).id;
      known.set(name, id);
    }
    ids.push(id);
  }
  return ids;
}

function eligibilityOf(e: MembershipEligibility | null | undefined) {
  if (!e) return null;
  return {
    name: e.name,
    min_age: e.minAge,
    max_age: e.maxAge,
    requires_document: e.requiresDocument,
    document_types: e.documentTypes,
  };
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
      const changer = systemChanger(clientId);
      const categories = await categoryIds(db, clientId, spec.categories, known);
      const { type } = await createMembershipType(db, changer, {
        slug: spec.slug,
        name: spec.name,
        description: spec.description,
        coverage: spec.coverage,
        eligibility: eligibilityOf(spec.eligibility),
        position: spec.position ?? 0,
        category_ids: categories,
        sold_at_venue_ids: spec.soldAt,
        access_venue_ids: (spec.accessOnly ?? []).filter((venueId) => !spec.soldAt.includes(venueId)),
        benefits: (spec.benefits ?? []).map((b) => ({
          name: b.name,
          kind: b.kind ?? 'other',
          total_uses: b.totalUses ?? null,
          frequency: (b.frequency ?? null) as 'days' | 'weeks' | 'months' | 'years' | null,
          description: b.description ?? null,
          activity_id: b.activityId ?? null,
          discount_percent: b.discountPercent ?? null,
        })),
      });
      const options: PaymentOptionRow[] = [];
      for (const [position, o] of spec.options.entries()) {
        options.push(
          await createPaymentOption(db, changer, type.id, {
            name: o.name,
            payment_type: o.paymentType,
            base_fee: o.baseFee,
            joining_fee: o.joiningFee ?? 0,
            month_in_hand: o.monthInHand ?? o.paymentType === 'recurring',
            fixed_duration: o.fixedDuration ?? null,
            fixed_period: o.fixedPeriod ?? null,
            change_fee: 0,
            position,
            active: true,
          }),
        );
      }
      for (const [position, q] of (spec.questions ?? []).entries()) {
        await addMembershipQuestion(db, changer, type.id, {
          reference: q.reference,
          label: q.label,
          type: q.type,
          options: q.options ?? [],
          placeholder: q.placeholder ?? null,
          default_value: q.defaultValue ?? null,
          is_required: q.isRequired ?? false,
          position,
        });
      }
      return { type, options };
    },
    async createPromotion(values) {
      return insertPromotion(db, { ...values, clientId });
    },
  };
}
