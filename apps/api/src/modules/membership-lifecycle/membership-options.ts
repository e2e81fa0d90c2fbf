import type { Database } from '../../db/client';
import { addDays, localDateOf } from '../../lib/dates';
import {
  type FreezeRow,
  listLiveSuccessorsOf,
  listMembershipFacts,
  listOpenFreezesOf,
  type MembershipRow,
} from './membership-lifecycle.repository';

/** What the member may do with a membership (the spec's Membership flags, my-account.md 3). */
export interface MembershipOptions {
  freezable: boolean;
  freezePending: boolean;
  /** 'freeze pending approval' while staff review it, 'freeze pending' once approved and not yet started. */
  freezeStatusLabel: 'freeze pending' | 'freeze pending approval' | null;
  /** The open freeze's first and last frozen days (waiting for approval, approved, or running). */
  freezeDates: { startDate: string; endDate: string } | null;
  renewable: boolean;
  canRenew: boolean;
  renewForbidReason: string | null;
  canChange: boolean;
  cannotChangeReason: string | null;
}

const renewalMessages = {
  notRenewable: 'This membership cannot be renewed.',
  notFixedTerm: 'Only single payment memberships can be renewed.',
  notYet: 'This membership can be renewed in the last month before it ends.',
  alreadyRenewed: 'This membership has already been renewed.',
  notLive: 'Only an active or ended membership can be renewed.',
} as const;

const changeMessages = {
  notChangeable: 'This membership cannot be changed.',
  notActive: 'Only an active membership can be changed.',
  alreadyChanging: 'A change to this membership is already in progress.',
  freezing: 'A frozen membership, or one with a freeze request, cannot be changed.',
  ending: 'This membership is ending and cannot be changed.',
} as const;

/** How many days before its end a fixed-term membership may be renewed. */
const renewalWindowDays = 31;

function freezeStatusLabelOf(freeze: FreezeRow | undefined): MembershipOptions['freezeStatusLabel'] {
  if (freeze?.status === 'pending_approval') return 'freeze pending approval';
  if (freeze?.status === 'approved') return 'freeze pending';
  return null;
}

/**
 * The freeze, renew and change flags of each membership, keyed by membership id. Three queries
 * whatever the number of memberships. `now` decides "near its end".
 */
export async function membershipOptionsFor(
  db: Database,
  rows: MembershipRow[],
  now: Date = new Date(),
): Promise<Map<number, MembershipOptions>> {
  const ids = rows.map((row) => row.id);
  // One after another: callers may pass a transaction, which runs one query at a time.
  const facts = await listMembershipFacts(db, ids);
  const freezes = await listOpenFreezesOf(db, ids);
  const successors = await listLiveSuccessorsOf(db, ids);
  const factsById = new Map(facts.map((fact) => [fact.membershipId, fact]));
  const freezeById = new Map(freezes.map((freeze) => [freeze.membershipId, freeze]));
  const result = new Map<number, MembershipOptions>();
  for (const row of rows) {
    const fact = factsById.get(row.id);
    if (!fact) continue;
    const freeze = freezeById.get(row.id);
    // Only a paid successor blocks: an unpaid one (its basket was left) is replaced by the next try.
    const renewal = successors.find((s) => s.renewsMembershipId === row.id && s.activatedAt !== null);
    const change = successors.find((s) => s.replacesMembershipId === row.id && s.activatedAt !== null);
    result.set(row.id, optionsOf(row, fact, freeze, { renewal, change }, localDateOf(now, fact.timezone)));
  }
  return result;
}

function optionsOf(
  row: MembershipRow,
  fact: { freezable: boolean; renewable: boolean; changeable: boolean; paymentType: 'recurring' | 'fixed' },
  freeze: FreezeRow | undefined,
  successors: { renewal: MembershipRow | undefined; change: MembershipRow | undefined },
  today: string,
): MembershipOptions {
  const live = row.activatedAt !== null && row.status === 'active';
  const freezePending = freeze !== undefined && freeze.status !== 'active';
  const renewable = fact.renewable && fact.paymentType === 'fixed';
  const renewForbidReason = ((): string | null => {
    if (!fact.renewable) return renewalMessages.notRenewable;
    if (fact.paymentType !== 'fixed') return renewalMessages.notFixedTerm;
    if (row.activatedAt === null || !['active', 'expired'].includes(row.status))
      return renewalMessages.notLive;
    if (successors.renewal) return renewalMessages.alreadyRenewed;
    if (row.endDate === null || addDays(today, renewalWindowDays) < row.endDate)
      return renewalMessages.notYet;
    return null;
  })();
  const cannotChangeReason = ((): string | null => {
    if (!fact.changeable) return changeMessages.notChangeable;
    if (!live) return row.status === 'frozen' ? changeMessages.freezing : changeMessages.notActive;
    if (successors.change) return changeMessages.alreadyChanging;
    if (freeze) return changeMessages.freezing;
    // A recurring membership with an end date is already on its way out (cancelled with notice).
    if (fact.paymentType === 'recurring' && row.endDate !== null) return changeMessages.ending;
    return null;
  })();
  return {
    freezable: fact.freezable && live,
    freezePending,
    freezeStatusLabel: freezeStatusLabelOf(freeze),
    freezeDates: freeze ? { startDate: freeze.startDate, endDate: freeze.endDate } : null,
    renewable,
    canRenew: renewForbidReason === null,
    renewForbidReason,
    canChange: cannotChangeReason === null,
    cannotChangeReason,
  };
}
