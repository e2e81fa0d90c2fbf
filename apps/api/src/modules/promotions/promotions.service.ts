import { membershipMessages } from '@leisure/contract/memberships';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { localDateOf } from '../../lib/dates';
import { getCurrentClient } from '../operator/operator.service';
import { type PricedPromotion, promotionFitsOption, promotionTakesSomethingOff } from './promotion-discounts';
import {
  findActiveOptionOfClient,
  findPromotion,
  findPromotionByCode,
  findPromotionById,
  listPromotionsOfClient,
  type PromotionRow,
} from './promotions.repository';

/** Taking a use of a code goes with the membership that uses it (joining's transaction). */
export { type PromotionRow, returnPromotionUse, takePromotionUse } from './promotions.repository';

export interface PromotionDeps {
  db: Database;
  config: Config;
}

/** The payment option a code is checked against. */
interface PromotedOption {
  id: number;
  paymentType: 'recurring' | 'fixed';
}

export function pricedPromotion(row: PromotionRow): PricedPromotion {
  return {
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    appliesTo: row.appliesTo,
    months: row.months,
  };
}

/** Why a promotion cannot be used for an option on a date (null: usable). */
function promotionProblem(promotion: PromotionRow, option: PromotedOption, today: string): string | null {
  if (promotion.endedAt) return 'ended';
  if (promotion.validFrom && today < promotion.validFrom) return 'not started';
  if (promotion.validTo && today > promotion.validTo) return 'expired';
  if (promotion.usageLimit !== null && promotion.usedCount >= promotion.usageLimit) return 'exhausted';
  if (promotion.paymentOptionIds.length > 0 && !promotion.paymentOptionIds.includes(option.id))
    return 'other option';
  if (!promotionFitsOption(pricedPromotion(promotion), option)) return 'other payment type';
  return null;
}

/** The operator's promotion if it can be used for the option today (undefined: unknown or unusable). */
export async function findUsablePromotion(
  db: Database,
  clientId: number,
  promotionId: number,
  option: PromotedOption,
  today: string,
): Promise<PromotionRow | undefined> {
  const promotion = await findPromotion(db, clientId, promotionId);
  return promotion && promotionProblem(promotion, option, today) === null ? promotion : undefined;
}

/** Whether any of the operator's promotions can be used for the option today (the code field shows). */
export async function hasUsablePromotion(
  db: Database,
  clientId: number,
  option: PromotedOption,
  today: string,
): Promise<boolean> {
  const promotions = await listPromotionsOfClient(db, clientId);
  return promotions.some((p) => promotionProblem(p, option, today) === null);
}

/** A membership's promotion as pricing reads it (the direct-debit schedule's discounted months). */
export async function pricedPromotionById(db: Database, id: number): Promise<PricedPromotion | undefined> {
  const promotion = await findPromotionById(db, id);
  return promotion ? pricedPromotion(promotion) : undefined;
}

/** `GET api/v1/membership-promotions/validate/{code}/{paymentOptionId}` */
export async function validatePromotionCode(
  deps: PromotionDeps,
  code: string,
  paymentOptionId: number,
): Promise<{ code: string; id: number }> {
  const client = await getCurrentClient(deps.db, deps.config);
  const today = localDateOf(new Date(), client.timezone);
  const option = await findActiveOptionOfClient(deps.db, client.id, paymentOptionId);
  const promotion = await findPromotionByCode(deps.db, client.id, code.trim());
  if (!option || !promotion || promotionProblem(promotion, option, today)) {
    throw AppError.validation(
      { code: [membershipMessages.codeNotRecognised] },
      membershipMessages.codeNotRecognised,
    );
  }
  // A real code that would take nothing off this option is refused, not 'applied' for nothing.
  if (!promotionTakesSomethingOff(pricedPromotion(promotion), option)) {
    throw AppError.validation(
      { code: [membershipMessages.codeTakesNothingOff] },
      membershipMessages.codeTakesNothingOff,
    );
  }
  return { code: promotion.code, id: promotion.id };
}
