import type { SavedCard, zSavedCardUpdateRequest } from '@leisure/contract/payments';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Auth } from '../session/session';
import {
  deleteSavedCard,
  findSavedCardOf,
  type NewSavedCardRow,
  type SavedCardRow,
  updateSavedCardBilling,
  upsertSavedCard,
} from './saved-cards.repository';

export type { SavedCardRow };

/**
 * The customer's saved card (none or one): listed, its billing edited and removed in my-account;
 * read and saved by checkout. The one writer of saved_cards.
 */

// ---- Saved card ---------------------------------------------------------------------------------------

function describeCard(card: SavedCardRow, now: Date): SavedCard {
  // A card works to the end of its expiry month.
  const expired = Date.UTC(card.expiryYear, card.expiryMonth, 1) <= now.getTime();
  return {
    id: card.id,
    brand: card.brand,
    card_holder_name: `${card.billing.firstName} ${card.billing.lastName}`.trim(),
    last_four_digits: card.last4,
    expiry_date: `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`,
    recently_expired: expired,
    first_name: card.billing.firstName,
    last_name: card.billing.lastName,
    address_line_1: card.billing.addressLine1,
    address_line_2: card.billing.addressLine2 ?? '',
    city: card.billing.town,
    post_code: card.billing.postcode,
  };
}

/** `GET api/my-account/saved-cards`: the customer's saved card (none or one). */
export async function listSavedCards(deps: { db: Database }, auth: Auth): Promise<SavedCard[]> {
  const card = await findSavedCardOf(deps.db, auth.user.id);
  return card ? [describeCard(card, new Date())] : [];
}

/** `PUT api/my-account/saved-cards/{id}/update`: replaces the billing details only. */
export async function updateSavedCard(
  deps: { db: Database },
  auth: Auth,
  cardId: number,
  input: z.output<typeof zSavedCardUpdateRequest>,
): Promise<SavedCard> {
  const updated = await updateSavedCardBilling(deps.db, cardId, auth.user.id, {
    firstName: input.first_name,
    lastName: input.last_name,
    addressLine1: input.address_line_1,
    addressLine2: input.address_line_2 ?? '',
    town: input.city,
    postcode: input.post_code,
  });
  if (!updated) throw AppError.notFound();
  return describeCard(updated, new Date());
}

/** `DELETE api/my-account/saved-cards/{id}/remove`. */
export async function removeSavedCard(deps: { db: Database }, auth: Auth, cardId: number): Promise<void> {
  if (!(await deleteSavedCard(deps.db, cardId, auth.user.id))) throw AppError.notFound();
}

/** The customer's saved card, for checkout: its token pays, its billing is shown. */
export async function savedCardOf(db: Database, userId: number): Promise<SavedCardRow | undefined> {
  return findSavedCardOf(db, userId);
}

/** Saves the card a checkout paid with, inside the order's transaction, replacing the one saved before. */
export async function saveCard(tx: Database, card: NewSavedCardRow): Promise<void> {
  await upsertSavedCard(tx, card);
}
