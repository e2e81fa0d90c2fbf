import { randomInt } from 'node:crypto';
import {
  type CreateGuestPassFields,
  type GuestPass,
  type GuestPassAllowance,
  type GuestPassListResponse,
  guestPassMessages,
  guestPassValidDays,
  type MemberPackage,
} from '@leisure/contract/guest-passes';
import QRCode from 'qrcode';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { addDays, fullDate, localDateOf, weekdayOf, zonedTimeToUtc } from '../../lib/dates';
import type { Mailer } from '../mail/mail.service';
import { renderEmail } from '../mail/templates';
import { getCurrentClient } from '../operator/operator.service';
import { getBrand } from '../operator/theme.service';
import { requireSelf } from '../session/access';
import type { Auth } from '../session/session';
import {
  type BenefitAllowanceRow,
  countBenefitUses,
  countGuestPassesOfUser,
  expireGuestPassesBefore,
  findGuestPassOfUser,
  type GuestPassRow,
  insertGuestPass,
  insertMemberPackage,
  listGuestPassBenefits,
  listGuestPassesOfUser,
  listPackagesOfUser,
  listTypeVenues,
  listVenuesOfClient,
  lockActiveMembership,
  lockGuestPassByCode,
  type MemberPackageRow,
  markGuestPassRedeemed,
  type NewGuestPassRow,
  type NewMemberPackageRow,
  takePackageGuestPassUse,
  type VenueSummary,
} from './guest-passes.repository';

export interface GuestPassDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
}

// ---- Access ------------------------------------------------------------------------------------------

/** The `{userId}` of the path must be the signed-in customer: nobody reads or sends for another. */
export function assertOwnUser(auth: Auth, userId: number): void {
  requireSelf(auth, userId);
}

/** The operator's `online_guest_passes_enabled` setting gates every member call (my-account.md 6). */
export async function assertGuestPassesEnabled(db: Database, config: Config): Promise<void> {
  const client = await getCurrentClient(db, config);
  if (!client.onlineGuestPassesEnabled) throw new AppError('forbidden', guestPassMessages.disabled);
}

// ---- Allowances --------------------------------------------------------------------------------------

/** The local calendar period of a benefit that `today` falls in; null end: until the membership ends. */
export function benefitPeriod(
  frequency: string | null,
  today: string,
  membership: { startDate: string; endDate: string | null },
): { start: string; end: string | null } {
  const [year, month] = today.split('-');
  switch (frequency) {
    case 'days':
      return { start: today, end: today };
    case 'weeks': {
      const start = addDays(today, -weekdayOf(today));
      return { start, end: addDays(start, 6) };
    }
    case 'months': {
      const start = `${year}-${month}-01`;
      const nextMonth = addDays(start, 31).slice(0, 7);
      return { start, end: addDays(`${nextMonth}-01`, -1) };
    }
    case 'years':
      return { start: `${year}-01-01`, end: `${year}-12-31` };
    default:
      // No period: the uses last as long as the membership.
      return { start: membership.startDate, end: membership.endDate };
  }
}

/**
 * The first day of the benefit's next period after `today` (when its uses renew); null when the uses
 * never renew (no period) or the membership ends before then.
 */
export function nextBenefitPeriodStart(
  frequency: string | null,
  today: string,
  membership: { startDate: string; endDate: string | null },
): string | null {
  const { end } = benefitPeriod(frequency, today, membership);
  const next = frequency && end ? addDays(end, 1) : null;
  return next && (membership.endDate === null || next <= membership.endDate) ? next : null;
}

/** An allowance as the send works with it: which row to lock, and the venues it covers. */
interface Allowance {
  wire: GuestPassAllowance;
  venueIds: Set<number>;
  source:
    | { type: 'benefit'; membershipId: number; benefitId: number; periodStart: string }
    | { type: 'package'; packageId: number };
}

function endOfDay(date: string, timeZone: string): Date {
  return new Date(zonedTimeToUtc(addDays(date, 1), '00:00', timeZone).getTime() - 1000);
}

function packageVenues(pkg: MemberPackageRow, all: VenueSummary[]): VenueSummary[] {
  return pkg.venueIds.length === 0 ? all : all.filter((venue) => pkg.venueIds.includes(venue.id));
}

/** What a guest-pass benefit's standing is worked out from: the benefit and its membership. */
export interface GuestPassBenefitOf {
  membershipId: number;
  benefitId: number;
  totalUses: number;
  frequency: string | null;
  startDate: string;
  endDate: string | null;
  /** The home venue's time zone: the benefit's periods are its local calendar. */
  timezone: string;
}

/** A guest-pass benefit in the period `now` falls in. */
export interface GuestPassBenefitStanding {
  period: { start: string; end: string | null };
  usesRemaining: number;
  /** The last instant of the period (the allowance's `expires_at`); null: no end. */
  expiresAt: Date | null;
  /** The first day of the next period (the memberships list's `renews_at`); null: the uses never renew. */
  renewsOn: string | null;
}

/**
 * The one count of a guest-pass benefit: the passes sent against it in its current calendar period
 * (`benefitPeriod`, the home venue's zone), the uses left, when the period ends and when the uses
 * renew. The allowances (`uses_remaining`, `expires_at`) and the memberships list
 * (`remaining_uses`, `renews_at`) both answer from it, so they always agree.
 */
export async function guestPassBenefitStanding(
  db: Database,
  benefit: GuestPassBenefitOf,
  now: Date,
): Promise<GuestPassBenefitStanding> {
  const today = localDateOf(now, benefit.timezone);
  const period = benefitPeriod(benefit.frequency, today, benefit);
  const used = await countBenefitUses(db, benefit.membershipId, benefit.benefitId, period.start);
  return {
    period,
    usesRemaining: Math.max(0, benefit.totalUses - used),
    expiresAt: period.end ? endOfDay(period.end, benefit.timezone) : null,
    renewsOn: nextBenefitPeriodStart(benefit.frequency, today, benefit),
  };
}

function benefitAllowance(
  row: BenefitAllowanceRow,
  standing: GuestPassBenefitStanding,
  venues: { id: number; name: string }[],
): Allowance {
  return {
    wire: {
      id: `benefit-${row.membershipId}-${row.benefitId}`,
      pricing_option_id: row.paymentOptionId,
      type: 'benefit',
      name: row.typeName,
      uses_remaining: standing.usesRemaining,
      total_uses: row.totalUses,
      expires_at: standing.expiresAt?.toISOString() ?? null,
      venues: venues.map(({ id, name }) => ({ id, name })),
    },
    venueIds: new Set(venues.map((venue) => venue.id)),
    source: {
      type: 'benefit',
      membershipId: row.membershipId,
      benefitId: row.benefitId,
      periodStart: standing.period.start,
    },
  };
}

/**
 * Every allowance of a member: the guest-pass benefits of their active memberships (uses left in
 * the current period) then their unexpired packages with guest passes, each soonest-lapsing first.
 * A send uses the first one that covers the venue and has a use left.
 */
async function loadAllowances(
  db: Database,
  clientId: number,
  userId: number,
  now: Date,
): Promise<Allowance[]> {
  const benefits = await listGuestPassBenefits(db, userId);
  const typeVenues = await listTypeVenues(db, [...new Set(benefits.map((row) => row.membershipTypeId))]);
  const fromBenefits: Allowance[] = [];
  for (const row of benefits) {
    const standing = await guestPassBenefitStanding(db, row, now);
    // A benefit with no period on a membership that has ended gives nothing.
    const { end } = standing.period;
    if (end !== null && end < localDateOf(now, row.timezone)) continue;
    const venues = typeVenues.filter((venue) => venue.typeId === row.membershipTypeId);
    fromBenefits.push(benefitAllowance(row, standing, venues));
  }
  const clientVenues = await listVenuesOfClient(db, clientId);
  const fromPackages: Allowance[] = (await listPackagesOfUser(db, userId))
    .filter(
      (pkg) =>
        pkg.guestPassUsesTotal !== null &&
        pkg.guestPassUsesRemaining !== null &&
        (pkg.expiresAt === null || pkg.expiresAt > now),
    )
    .map((pkg) => {
      const venues = packageVenues(pkg, clientVenues);
      return {
        wire: {
          id: `package-${pkg.id}`,
          pricing_option_id: pkg.id,
          type: 'package' as const,
          name: pkg.name,
          uses_remaining: pkg.guestPassUsesRemaining ?? 0,
          total_uses: pkg.guestPassUsesTotal ?? 0,
          expires_at: pkg.expiresAt?.toISOString() ?? null,
          venues: venues.map(({ id, name }) => ({ id, name })),
        },
        venueIds: new Set(venues.map((venue) => venue.id)),
        source: { type: 'package' as const, packageId: pkg.id },
      };
    });
  const byExpiry = (a: Allowance, b: Allowance) =>
    (a.wire.expires_at ?? '9999').localeCompare(b.wire.expires_at ?? '9999');
  return [...fromBenefits.sort(byExpiry), ...fromPackages.sort(byExpiry)];
}

/** `GET api/v1/users/{userId}/guestPasses/allowances`. */
export async function listGuestPassAllowances(
  deps: Pick<GuestPassDeps, 'db' | 'config'>,
  auth: Auth,
  userId: number,
  now = new Date(),
): Promise<GuestPassAllowance[]> {
  assertOwnUser(auth, userId);
  await assertGuestPassesEnabled(deps.db, deps.config);
  return (await loadAllowances(deps.db, auth.user.clientId, userId, now)).map((allowance) => allowance.wire);
}

// ---- Passes ------------------------------------------------------------------------------------------

function toWire({ pass, venueName }: { pass: GuestPassRow; venueName: string }): GuestPass {
  return {
    id: pass.id,
    guest_name: pass.guestName,
    guest_email: pass.guestEmail,
    status: pass.status,
    valid_from: pass.validFrom,
    valid_to: pass.validTo,
    redeemed_at: pass.redeemedAt?.toISOString() ?? null,
    venue: { id: pass.venueId, name: venueName },
    created_at: pass.createdAt.toISOString(),
  };
}

/** `GET api/v1/users/{userId}/guestPasses`: newest first, `perPage` a page. */
export async function listGuestPasses(
  deps: Pick<GuestPassDeps, 'db' | 'config'>,
  auth: Auth,
  userId: number,
  page: number,
  perPage: number,
): Promise<GuestPassListResponse> {
  assertOwnUser(auth, userId);
  await assertGuestPassesEnabled(deps.db, deps.config);
  const total = await countGuestPassesOfUser(deps.db, userId);
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const rows = await listGuestPassesOfUser(deps.db, userId, perPage, (page - 1) * perPage);
  const first = rows.length === 0 ? 0 : (page - 1) * perPage + 1;
  return {
    data: rows.map(toWire),
    meta: {
      pagination: {
        current_page: page,
        total_pages: totalPages,
        total_records: total,
        first_record_on_current_page: first,
        last_record_on_current_page: rows.length === 0 ? 0 : first + rows.length - 1,
      },
    },
  };
}

/** `GET api/v1/users/{userId}/guestPasses/{guestPassId}`: one of the member's own passes, else 404. */
export async function getGuestPass(
  deps: Pick<GuestPassDeps, 'db' | 'config'>,
  auth: Auth,
  userId: number,
  guestPassId: number,
): Promise<GuestPass> {
  assertOwnUser(auth, userId);
  await assertGuestPassesEnabled(deps.db, deps.config);
  const found = await findGuestPassOfUser(deps.db, userId, guestPassId);
  if (!found) throw AppError.notFound();
  return toWire(found);
}

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code read out at reception: no 0/O or 1/I; 50 random bits ('GP-7KQ2M-XH4RD'). */
export function newGuestPassCode(): string {
  const part = () => Array.from({ length: 5 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');
  return `GP-${part()}-${part()}`;
}

/** Validity dates of a pass sent today at a venue: `guestPassValidDays` days, today included. */
export function validityFrom(now: Date, timeZone: string): { validFrom: string; validTo: string } {
  const validFrom = localDateOf(now, timeZone);
  return { validFrom, validTo: addDays(validFrom, guestPassValidDays - 1) };
}

/**
 * `POST api/v1/users/{userId}/guestPasses`: sends a pass to a guest, using the first allowance that
 * covers the venue and has a use left. The use is taken in the transaction that records the pass,
 * under a lock of the membership (a benefit) or a conditional update of the package, so two quick
 * sends can never use one allowance beyond its total. The guest's email goes out after commit.
 */
export async function sendGuestPass(
  deps: GuestPassDeps,
  auth: Auth,
  userId: number,
  input: CreateGuestPassFields,
  now = new Date(),
): Promise<GuestPass> {
  assertOwnUser(auth, userId);
  await assertGuestPassesEnabled(deps.db, deps.config);
  const clientId = auth.user.clientId;
  const venue = (await listVenuesOfClient(deps.db, clientId)).find((v) => v.id === input.venue_id);
  if (!venue) throw AppError.validation({ venue_id: [guestPassMessages.unknownVenue] });

  const pass = await deps.db.transaction(async (tx) => {
    const covering = (await loadAllowances(tx, clientId, userId, now)).filter((allowance) =>
      allowance.venueIds.has(venue.id),
    );
    if (covering.length === 0) throw AppError.validation({ venue_id: [guestPassMessages.notCovered] });
    const dates = validityFrom(now, venue.timezone);
    const base = {
      clientId,
      userId,
      venueId: venue.id,
      guestName: input.guest_name,
      guestEmail: input.guest_email.toLowerCase(),
      code: newGuestPassCode(),
      ...dates,
    };
    // Locks are taken in the same order by every send of this member, so two sends cannot deadlock.
    for (const allowance of covering) {
      const source = allowance.source;
      if (source.type === 'benefit') {
        if (!(await lockActiveMembership(tx, source.membershipId))) continue;
        // Counted again under the lock: a send that committed meanwhile is seen.
        const used = await countBenefitUses(tx, source.membershipId, source.benefitId, source.periodStart);
        if (used >= allowance.wire.total_uses) continue;
        return insertGuestPass(tx, {
          ...base,
          source: 'benefit',
          membershipId: source.membershipId,
          membershipBenefitId: source.benefitId,
          allowancePeriodStart: source.periodStart,
        });
      }
      if (await takePackageGuestPassUse(tx, source.packageId, now)) {
        return insertGuestPass(tx, { ...base, source: 'package', memberPackageId: source.packageId });
      }
    }
    throw AppError.validation({ venue_id: [guestPassMessages.noneLeft] });
  });

  await emailGuestPass(deps, pass, venue.name, auth.user);
  return toWire({ pass, venueName: venue.name });
}

const guestPassQrCid = 'guest-pass-qr';

/** The guest's email: who sent it, the venue, the dates, the code and its QR code (an inline PNG). */
async function emailGuestPass(
  deps: Pick<GuestPassDeps, 'db' | 'config' | 'mailer'>,
  pass: GuestPassRow,
  venueName: string,
  member: { firstName: string; lastName: string },
): Promise<void> {
  const brand = await getBrand(deps.db, deps.config);
  const qr = await QRCode.toBuffer(pass.code, {
    type: 'png',
    width: 240,
    margin: 2,
    errorCorrectionLevel: 'M',
  });
  const from = fullDate(pass.validFrom);
  const to = fullDate(pass.validTo);
  const email = renderEmail(brand, {
    subject: `Your guest pass for ${venueName}`,
    heading: `Hello ${pass.guestName}, you have a guest pass`,
    paragraphs: [
      `${member.firstName} ${member.lastName} has sent you a guest pass for ${venueName}.`,
      `It is valid from ${from} to ${to} and can be used once.`,
      `Your guest pass code: ${pass.code}`,
      'Show this QR code (or tell us the code) at reception when you arrive.',
    ],
    image: { cid: guestPassQrCid, alt: `QR code of guest pass ${pass.code}`, size: 240 },
  });
  await deps.mailer.send({
    to: pass.guestEmail,
    ...email,
    template: 'guest_pass',
    attachments: [
      {
        filename: 'guest-pass-qr.png',
        contentType: 'image/png',
        content: qr.toString('base64'),
        encoding: 'base64',
        cid: guestPassQrCid,
      },
    ],
  });
}

// ---- Redemption (staff) -------------------------------------------------------------------------------

/**
 * `POST api/staff/guest-passes/redeem` (and the command-line tool): redeems a pass once, at its
 * venue, within its dates. The pass row is locked and moved from `issued` by a conditional update,
 * so two redemptions at once redeem it once; the second is refused.
 */
export async function redeemGuestPass(
  db: Database,
  staff: { id: number; clientId: number },
  input: { code: string; venue_id: number },
  now = new Date(),
): Promise<GuestPass & { code: string }> {
  const code = input.code.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const found = await lockGuestPassByCode(tx, staff.clientId, code);
    if (!found) throw new AppError('not_found', guestPassMessages.notFound);
    const { pass } = found;
    if (pass.status === 'redeemed') throw AppError.validation({ code: [guestPassMessages.alreadyRedeemed] });
    if (pass.venueId !== input.venue_id)
      throw AppError.validation({ venue_id: [guestPassMessages.wrongVenue] });
    const today = localDateOf(now, found.venueTimezone);
    if (pass.status === 'expired' || today > pass.validTo) {
      throw AppError.validation({ code: [guestPassMessages.expired] });
    }
    if (today < pass.validFrom) throw AppError.validation({ code: [guestPassMessages.notYetValid] });
    const redeemed = await markGuestPassRedeemed(tx, pass.id, staff.id, now);
    if (!redeemed) throw AppError.validation({ code: [guestPassMessages.alreadyRedeemed] });
    return { ...toWire({ pass: redeemed, venueName: found.venueName }), code: redeemed.code };
  });
}

// ---- Packages ----------------------------------------------------------------------------------------

/** `GET api/my-account/user/packages`: the member's packages, live ones first. */
export async function listMemberPackages(
  db: Database,
  auth: Auth,
  now = new Date(),
): Promise<MemberPackage[]> {
  const clientVenues = await listVenuesOfClient(db, auth.user.clientId);
  const packages = (await listPackagesOfUser(db, auth.user.id)).map((pkg): MemberPackage => {
    const expired = pkg.expiresAt !== null && pkg.expiresAt <= now;
    const usedUp = pkg.usesRemaining === 0 && (pkg.guestPassUsesRemaining ?? 0) === 0;
    return {
      id: pkg.id,
      name: pkg.name,
      description: pkg.description,
      uses_total: pkg.usesTotal,
      uses_remaining: pkg.usesRemaining,
      guest_pass_uses_total: pkg.guestPassUsesTotal,
      guest_pass_uses_remaining: pkg.guestPassUsesRemaining,
      venues:
        pkg.venueIds.length === 0
          ? []
          : packageVenues(pkg, clientVenues).map(({ id, name }) => ({ id, name })),
      expires_at: pkg.expiresAt?.toISOString() ?? null,
      status: expired ? 'expired' : usedUp ? 'used_up' : 'active',
      order_id: pkg.orderId,
      purchased_at: pkg.createdAt.toISOString(),
    };
  });
  const rank = { active: 0, used_up: 1, expired: 2 } as const;
  return packages.sort((a, b) => rank[a.status] - rank[b.status]);
}

// ---- Packages and passes made outside the API (the seed's demo member) -----------------------------------

export type { MemberPackageRow, NewGuestPassRow, NewMemberPackageRow };

/** A package a member holds (bought at the front desk, say): uses and/or guest passes to send. */
export async function createMemberPackage(
  db: Database,
  values: NewMemberPackageRow,
): Promise<MemberPackageRow> {
  return insertMemberPackage(db, values);
}

/** Passes sent in the past, as they stand now (issued, redeemed or expired), written in the given order. */
export async function recordSentGuestPasses(db: Database, rows: NewGuestPassRow[]): Promise<void> {
  for (const row of rows) await insertGuestPass(db, row);
}

// ---- Expiry job --------------------------------------------------------------------------------------

/** Marks passes past their last valid day (at their venue) as expired; answers how many. */
export async function runGuestPassExpiry(db: Database, now: Date): Promise<number> {
  return expireGuestPassesBefore(db, now);
}
