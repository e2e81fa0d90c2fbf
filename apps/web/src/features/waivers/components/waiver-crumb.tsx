import { useQuery } from '@tanstack/react-query';
import { waiverQueryOptions } from '../api/get-waiver';

/** The waiver view's breadcrumb: its title once loaded (from the page's own query), else the slug. */
export function WaiverCrumb({ slug }: { slug: string }) {
  const waiver = useQuery({ ...waiverQueryOptions(slug), retry: false });
  return <>{waiver.data?.title ?? slug}</>;
}
