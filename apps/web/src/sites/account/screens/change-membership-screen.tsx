import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { JoiningVenue, MembershipType } from '../../../features/joining/api/types';
import { JoiningFlow } from '../../../features/joining/components/joining-flow';
import { changeMembership } from '../../../features/membership-lifecycle/api/change-membership';
import { changeOptionsQueryOptions } from '../../../features/membership-lifecycle/api/get-change-options';
import { renewalQueryOptions } from '../../../features/membership-lifecycle/api/get-renewal';
import { renewMembership } from '../../../features/membership-lifecycle/api/renew-membership';
import type { MyMembership } from '../../../features/membership-lifecycle/api/types';
import { ChangeCostsPanel } from '../../../features/membership-lifecycle/components/change-costs';
import { ApiError } from '../../../shared/api/client';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSiteUrl } from '../../../shared/links/use-site-url';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import '../../../features/membership-lifecycle/membership-lifecycle.css';
import { Redirect } from '../../../shared/app/server-rendered';

function venueOf(home: {
  id: number;
  name: string;
  slug?: string;
  canDisplayIneligibleMemberships?: boolean;
}): JoiningVenue {
  return {
    id: home.id,
    name: home.name,
    slug: home.slug ?? '',
    address1: '',
    address2: null,
    town: '',
    postcode: '',
    lat: 0,
    lng: 0,
    venueType: '',
    canDisplayIneligibleMemberships: home.canDisplayIneligibleMemberships ?? false,
    distance: null,
  };
}

/**
 * Change and renew pages (my-account.md 2.6): the joining flow's sections with the account's own
 * submit. They need the membership in router state; without it the member goes back to /memberships.
 */
export function ChangeMembershipScreen() {
  const { t } = useTranslation('account');
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const siteUrl = useSiteUrl();
  const renewing = params.selectedMembershipSlug !== undefined;
  const heading = renewing
    ? t('membershipChange.change.renewHeading')
    : t('membershipChange.change.changeHeading');
  usePageTitle(heading);
  const membership = (location.state as { membership?: MyMembership } | null)?.membership;
  const membershipId = Number(params.membershipId);
  const change = useQuery({ ...changeOptionsQueryOptions(membershipId), enabled: !!membership && !renewing });
  const renewal = useQuery({ ...renewalQueryOptions(membershipId), enabled: !!membership && renewing });

  if (!membership || membership.id !== membershipId) return <Redirect to="/memberships" />;
  const loading = renewing ? renewal.isPending : change.isPending;
  const failure = renewing ? renewal.error : change.error;
  const notFound = failure instanceof ApiError && (failure.status === 404 || failure.status === 403);

  let body: React.ReactNode;
  if (loading) body = <PageSpinner />;
  else if (notFound || failure) {
    body = (
      <div className="not-found" role="alert">
        <h2>{t('membershipChange.change.notFoundTitle')}</h2>
        <p>
          {failure instanceof ApiError && failure.status === 403
            ? failure.message
            : t('membershipChange.change.notFoundText')}
        </p>
      </div>
    );
  } else {
    const home = renewing ? renewal.data?.homeVenue : change.data?.homeVenue;
    const venue = home ? venueOf(home) : null;
    const offered = renewing
      ? renewal.data?.membershipType
        ? [renewal.data.membershipType]
        : []
      : (change.data?.membershipTypes ?? []);
    body = (
      <>
        {!renewing && change.data ? (
          <p className="change-current">
            {t('membershipChange.change.current', { name: change.data.current.name })}
          </p>
        ) : null}
        {renewing && renewal.data ? (
          <p className="change-current">
            {t('membershipChange.change.renewDetails', {
              name: renewal.data.name,
              start: renewal.data.startDate.fullDatePretty,
              end: renewal.data.endDate.fullDatePretty,
              total: renewal.data.totalCost.formatted,
            })}
          </p>
        ) : null}
        <JoiningFlow
          mode={renewing ? 'renew' : 'change'}
          venue={venue}
          preselected={
            renewing
              ? {
                  membershipSlug: params.selectedMembershipSlug ?? '',
                  paymentType: params.selectedPaymentType ?? '',
                }
              : null
          }
          membershipTypes={offered as MembershipType[]}
          onBackToCentre={() => navigate('/memberships')}
          {...(renewing
            ? {}
            : {
                reviewCosts: ({
                  option,
                  startDate,
                  billingDay,
                }: {
                  option: { id: number; paymentType: 'recurring' | 'fixed' };
                  startDate: string;
                  billingDay: number | null;
                }) => (
                  <ChangeCostsPanel
                    membershipId={membershipId}
                    paymentOptionId={option.id}
                    startsAt={startDate}
                    billingDay={billingDay}
                    paymentType={option.paymentType}
                  />
                ),
                ...(change.data ? { startBounds: change.data.startsAt } : {}),
              })}
          submitOverride={async (details) => {
            if (renewing) {
              await renewMembership(membershipId);
              return;
            }
            const result = await changeMembership({
              membershipId,
              startsAt: details.startDate,
              paymentOptionId: details.paymentOptionId,
              billingDay: details.billingDay,
              ...(details.directDebit ? { directDebit: details.directDebit } : {}),
            });
            if (result.orderId !== null) {
              // Nothing was due: the order confirms the change. The flow never goes on to the basket.
              window.location.assign(siteUrl('bookings', `/booking-confirmed/${result.orderId}`));
              await new Promise(() => undefined);
            }
          }}
        />
      </>
    );
  }

  return (
    <main id="main" className="page change-membership">
      <Link to="/memberships" className="back-link">
        {t('membershipChange.change.back')}
      </Link>
      <h1>{heading}</h1>
      {body}
    </main>
  );
}

export default ChangeMembershipScreen;
