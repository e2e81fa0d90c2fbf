import { formatMoney } from '@leisure/contract/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { addDays, fullDate, localDateOf } from '../../lib/dates';
import { emailSiteUrls } from '../../lib/public-urls';
import type { DirectDebitProvider } from '../../providers/direct-debit/direct-debit-provider';
import { grantCredit } from '../credit/credit.service';
import { cancelCollections, createMandate, scheduleCollections } from '../direct-debit/direct-debit.service';
import type { Mailer } from '../mail/mail.service';
import { membershipWelcomeEmail } from '../mail/templates';
import { oldMembershipEnd } from '../membership-catalogue/change-pricing';
import { pricedOption } from '../membership-catalogue/membership-catalogue.presenters';
import {
  findPaymentOption,
  findTypeById,
  findVenueOfClient,
} from '../membership-catalogue/membership-catalogue.service';
import { discountedCollections, prettyDate } from '../membership-catalogue/pricing';
import { getCurrentClient } from '../operator/operator.service';
import { getBrand } from '../operator/theme.service';
import { pricedPromotionById } from '../promotions/promotions.service';
import {
  findMembershipDetail,
  findMembershipOrDraftById,
  findUserById,
  type MembershipRow,
  markMembershipPaid,
  updateMembership,
} from './membership-lifecycle.repository';

export interface ActivationDeps {
  db: Database;
  config: Config;
  directDebitProvider: DirectDebitProvider;
  mailer: Mailer;
}

/**
 * Called when the order holding a membership's first payment completes: the draft becomes the
 * membership, active (or pending while an eligibility document is still needed), a monthly membership's
 * collections are set up (a new mandate from the validated bank details, or a schedule on the
 * customer's existing instruction), and the welcome email goes out. Runs once per membership; a
 * repeated call does nothing. `db` may be the checkout's transaction.
 */
export async function activateMembershipAfterCheckout(
  deps: ActivationDeps,
  membershipId: number,
  orderId: number | null,
  now = new Date(),
): Promise<MembershipRow | undefined> {
  const activated = await deps.db.transaction(async (tx) => {
    const before = await findMembershipOrDraftById(tx, membershipId);
    if (!before || before.activatedAt !== null) return undefined;
    const row = await markMembershipPaid(tx, membershipId, {
      status: before.requiresDocument ? 'pending' : 'active',
      orderId,
      activatedAt: now,
    });
    if (!row) return undefined;
    if (row.replacesMembershipId !== null) await endReplacedMembership(tx, row, now);
    const option = await findPaymentOption(tx, row.paymentOptionId);
    if (!option) throw new Error(`membership ${row.id} has no payment option`);
    if (option.paymentType === 'recurring' && row.billingDay !== null && row.firstBillingDate !== null) {
      const promotion = row.promotionId === null ? undefined : await pricedPromotionById(tx, row.promotionId);
      // The price the membership was bought at (`costs`), not the option's today: a price changed in
      // the console after the member chose it applies to new purchases only (issue 47).
      const bought = { ...option, baseFee: row.costs.baseFee, joiningFee: row.costs.joiningFee };
      const intro = discountedCollections(pricedOption(bought), promotion);
      const collections = {
        amount: bought.baseFee,
        currency: row.currency,
        billingDay: row.billingDay,
        firstBillingDate: row.firstBillingDate,
        ...(intro.count > 0 ? { introAmount: intro.amount, introCollections: intro.count } : {}),
      };
      if (before.directDebitToken) {
        await createMandate({
          db: tx,
          config: deps.config,
          provider: deps.directDebitProvider,
          userId: row.userId,
          membershipId: row.id,
          detailsToken: before.directDebitToken,
          collections,
          now,
        });
      } else {
        await scheduleCollections({ db: tx, userId: row.userId, membershipId: row.id, collections });
      }
    }
    return row;
  });
  if (activated) await sendMembershipWelcome(deps, activated);
  return activated;
}

/**
 * A change is paid (docs/decisions/019): the membership it replaces ends the day before the new one
 * starts (expired at once when that day is past), or, when the change starts on or before its own
 * start day, is replaced outright (cancelled, ending on its start day: never before it); its
 * collections stop, the new one's go on the same instruction at the new price, and what the change
 * credits goes to the member's membership credit.
 */
async function endReplacedMembership(tx: Database, successor: MembershipRow, now: Date): Promise<void> {
  if (successor.replacesMembershipId === null) return;
  const replacedDetail = await findMembershipDetail(tx, successor.replacesMembershipId);
  const replaced = replacedDetail?.membership;
  if (!replacedDetail || !replaced || replaced.userId !== successor.userId) return;
  const ending = oldMembershipEnd(replaced.startDate, successor.startDate);
  const ended = ending.endDate < localDateOf(now, replacedDetail.timezone);
  await updateMembership(tx, replaced.id, {
    endDate: ending.endDate,
    ...(ending.replacedOutright
      ? { status: 'cancelled' as const, cancelledAt: now }
      : ended
        ? { status: 'expired' as const }
        : {}),
  });
  await cancelCollections(tx, replaced.id, now);
  const credit = successor.costs.change?.credit ?? 0;
  if (credit > 0) {
    const period = successor.costs.change?.paidPeriod;
    await grantCredit(
      tx,
      successor.userId,
      credit,
      period
        ? `Membership change: the difference for ${fullDate(period.from)} to ${fullDate(addDays(period.until, -1))}, already paid`
        : 'Membership change',
      'membership',
    );
  }
}

async function sendMembershipWelcome(deps: ActivationDeps, membership: MembershipRow): Promise<void> {
  // One after another: `deps.db` may be the checkout's transaction, which runs one query at a time.
  const user = await findUserById(deps.db, membership.userId);
  const type = await findTypeById(deps.db, membership.membershipTypeId);
  const option = await findPaymentOption(deps.db, membership.paymentOptionId);
  const client = await getCurrentClient(deps.db, deps.config);
  const venue = await findVenueOfClient(deps.db, client.id, membership.homeVenueId);
  if (!user || !type || !option || !venue) return;
  const currency = membership.currency;
  const paymentLine =
    option.paymentType === 'recurring'
      ? `${formatMoney(membership.costs.baseFee, currency)} a month by direct debit, from ${prettyDate(membership.firstBillingDate ?? membership.startDate)} (billing day ${membership.billingDay ?? ''}).`
      : `Single payment: your membership runs until ${prettyDate(membership.endDate ?? membership.startDate)}.`;
  const documentTypes = type.eligibility?.documentTypes ?? [];
  const email = membershipWelcomeEmail(
    await getBrand(deps.db, deps.config),
    {
      firstName: user.firstName,
      typeName: type.name,
      homeVenueName: venue.name,
      startDate: prettyDate(membership.startDate),
      paymentLine,
      paidToday: formatMoney(membership.costs.totalToPayNow, currency),
      ...(membership.requiresDocument
        ? {
            documentNote: `Your membership starts once we have checked your proof of eligibility (${documentTypes.join(' or ')}). Please upload it from your account within ${client.eligibilityDaysAllowance} days.`,
          }
        : {}),
    },
    emailSiteUrls(deps.config.publicUrls).account,
  );
  await deps.mailer.send({ to: user.email, ...email, template: 'membership_welcome' });
}

/**
 * Memberships whose first payment an order holds become active (docs/decisions/010), after the
 * order is committed (the `order.completed` event): their direct debit is set up at the provider
 * and the welcome email sent. A failure is logged and left for support, never answered: the
 * customer has paid. One membership's failure does not stop the next.
 */
export async function activateOrderedMemberships(
  deps: ActivationDeps & { log: Pick<FastifyBaseLogger, 'error'> },
  orderId: number,
  /** The memberships whose first payment the order holds, as its writer knew them. */
  membershipIds: number[],
): Promise<void> {
  for (const membershipId of membershipIds) {
    try {
      await activateMembershipAfterCheckout(deps, membershipId, orderId);
    } catch (error) {
      deps.log.error({ err: error, orderId, membershipId }, 'could not activate a membership after checkout');
    }
  }
}
