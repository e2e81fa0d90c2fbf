import type { Database } from '../../db/client';
import {
  insertSignatureRow,
  insertWaiver,
  insertWaiverRow,
  insertWaiverSignatures,
  listActivityWaivers,
  listSignedWaivers,
  upsertSignature,
  type WaiverRow,
} from './waivers.repository';

/**
 * Waivers an attendee agrees to before their first session of an activity that needs one. The
 * basket shows the ones still to sign for its lines; checkout requires them and records the
 * signatures with the order.
 */

/** A basket line as waivers see it: its activity, its attendee and whether the activity needs one. */
export interface WaiverLine {
  needsWaiver: boolean;
  item: { id: number; activityId: number | null; purchasedForUserId: number };
}

/** A waiver an attendee has still to agree to, with the basket lines that need it. */
export interface RequiredWaiver {
  waiverId: number;
  title: string;
  html: string;
  userId: number;
  cartItemIds: number[];
}

/** The waivers attendees of these lines still have to agree to (a signature that ran out counts as none). */
export async function waiversToSign(db: Database, lines: WaiverLine[]): Promise<RequiredWaiver[]> {
  const needing = lines.filter((line) => line.needsWaiver);
  if (needing.length === 0) return [];
  const waivers = await listActivityWaivers(db, [
    ...new Set(needing.flatMap((d) => (d.item.activityId === null ? [] : [d.item.activityId]))),
  ]);
  const attendees = [...new Set(needing.map((d) => d.item.purchasedForUserId))];
  const signed = await listSignedWaivers(
    db,
    attendees,
    waivers.map((w) => w.id),
  );
  const required = new Map<string, RequiredWaiver>();
  for (const line of needing) {
    for (const waiver of waivers.filter((w) => w.activityId === line.item.activityId)) {
      const userId = line.item.purchasedForUserId;
      if (signed.some((s) => s.waiverId === waiver.id && s.userId === userId)) continue;
      const key = `${waiver.id}|${userId}`;
      const entry = required.get(key) ?? {
        waiverId: waiver.id,
        title: waiver.title,
        html: waiver.html,
        userId,
        cartItemIds: [],
      };
      entry.cartItemIds.push(line.item.id);
      required.set(key, entry);
    }
  }
  return [...required.values()];
}

/** Checkout's signatures, inside the order's transaction: each lasts its waiver's validity from now. */
export async function recordSignatures(
  tx: Database,
  signatures: { waiverId: number; userId: number }[],
): Promise<void> {
  await insertWaiverSignatures(tx, signatures);
}

// ---- Factories: the seed and tests create waivers through this -----------------------------------------

/** A waiver attendees of an activity must agree to before checkout. */
export async function createWaiver(
  db: Database,
  clientId: number,
  waiver: { activityId: number; slug: string; title: string; html: string },
): Promise<WaiverRow> {
  return insertWaiver(db, { clientId, ...waiver });
}

// ---- For documents/ (my-account waivers) and the seed: waivers owns both tables (decision 061) --------

/** A signature made in my-account, or one that had run out renewed (a live one is left as it is). */
export async function signWaiverRow(
  db: Database,
  values: Parameters<typeof upsertSignature>[1],
): Promise<void> {
  await upsertSignature(db, values);
}

/** A waiver with its questions (the seed and tests). */
export async function createWaiverRow(db: Database, values: Parameters<typeof insertWaiverRow>[1]) {
  return insertWaiverRow(db, values);
}

/** A signature as if made at `values.signedAt` (the seed's history, tests of expiry). */
export async function insertSignatureAt(db: Database, values: Parameters<typeof insertSignatureRow>[1]) {
  await insertSignatureRow(db, values);
}
