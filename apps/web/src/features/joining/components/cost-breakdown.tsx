import { MembershipCostList } from '../../../shared/membership/membership-costs';
import type { CostBreakdown as Costs } from '../api/types';

/** The cost breakdown of the pricing call: fees, pro-rata days, discount, total and first billing date. */
export function CostBreakdown({ costs }: { costs: Costs }) {
  return <MembershipCostList costs={costs} />;
}
