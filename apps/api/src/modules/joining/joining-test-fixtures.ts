import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clients, membershipPromotions, terms, users, venues } from '../../db/schema';
import { localDateOf } from '../../lib/dates';
import { seedIfEmpty } from '../../seed/seed';
import { api, createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

export interface TypeAnswer {
  id: number;
  slug: string;
  name: string;
  coverage: string;
  eligibility: { name: string; requires_document: boolean } | null;
  benefits: { name: string }[];
  provides_access_to: { id: number }[];
  categories: { name: string }[];
  payment_options: { id: number; payment_type: string; total_to_pay_now: { raw: number } }[];
  is_purchasable: { can_purchase: boolean; has_prices: boolean; message: string | null };
}

export type JoiningWorld = Awaited<ReturnType<typeof openJoiningWorld>>;

/**
 * One seeded database for a joining test file: the app, its client and Leeds venue, the membership
 * types the Leeds venue answers anonymously, and helpers to find a type or option and to make an
 * adult customer, the joining terms and a promotion's id.
 */
export async function openJoiningWorld(start: () => Promise<TestApp> = () => startTestApp()) {
  const t = await start();
  const today = localDateOf(new Date(), 'Europe/London');
  await seedIfEmpty(t.db, t.config);
  const http = api(t.app);
  const clientId = (await t.db.select().from(clients))[0]?.id ?? 0;
  const leedsId = (await t.db.select().from(venues).where(eq(venues.slug, 'leeds-riverside')))[0]?.id ?? 0;
  const res = await http.get(`/api/memberships/types?venue_id=${leedsId}`, {});
  expect(res.statusCode, res.body).toBe(200);
  const types: TypeAnswer[] = res.json().data;

  const byslug = (slug: string) => {
    const found = types.find((type) => type.slug === slug);
    if (!found) throw new Error(`no type ${slug}`);
    return found;
  };
  const option = (slug: string, paymentType: 'recurring' | 'fixed') => {
    const found = byslug(slug).payment_options.find((o) => o.payment_type === paymentType);
    if (!found) throw new Error(`no ${paymentType} option of ${slug}`);
    return found;
  };
  const adult = async () => {
    const customer = await createUser(t.db, clientId);
    await t.db.update(users).set({ dateOfBirth: '1990-05-01' }).where(eq(users.id, customer.user.id));
    return customer;
  };
  const termIds = async () =>
    (await t.db.select({ id: terms.id, context: terms.context }).from(terms))
      .filter((term) => term.context === 'health_commitment' || term.context === 'membership')
      .map((term) => term.id);
  const promotionId = async (code: string) => {
    const rows = await t.db.select().from(membershipPromotions).where(eq(membershipPromotions.code, code));
    return rows[0]?.id ?? 0;
  };
  return { t, http, clientId, leedsId, types, today, byslug, option, adult, termIds, promotionId };
}
