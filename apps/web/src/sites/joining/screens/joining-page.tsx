import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useJoiningVenues } from '../../../features/joining/api/get-joining-venues';
import type { JoiningVenue, MembershipType, PaymentOption } from '../../../features/joining/api/types';
import { JoiningFlow } from '../../../features/joining/components/joining-flow';
import { KioskStartOver } from '../../../features/joining/components/kiosk-start-over';
import type { RenderRegistration } from '../../../features/joining/components/your-details';
import { pushProgress } from '../../../features/joining/lib/analytics';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { usePageTitle } from '../../../shared/layout/page-title';
import { SiteLink } from '../../../shared/links/site-link';
import { useModes } from '../../../shared/modes/modes';
import { useClient } from '../../../shared/operator/use-client';
import { useSession } from '../../../shared/session/session';
import { notify } from '../../../shared/ui/toast';
import { isVenueSlug, useSelectVenueFromPath } from '../../../shared/venue/selected-venue';
import { CentreStep } from './centre-step';

/**
 * The registration form and the login modal are a chunk of their own, loaded when Your details
 * opens, so the centre and membership steps do not wait for them (issue 16, phones).
 */
const JoiningRegistration = lazyWithTimeout(() => import('./joining-registration'), 'JoiningRegistration');
const renderJoiningRegistration: RenderRegistration = (onRegistered) => (
  <JoiningRegistration onRegistered={onRegistered} />
);

/** The kiosk's message when the idle timer clears the form. */
export const kioskClearedMessage = 'Joining form cleared due to inactivity';

interface JoiningScreenProps {
  centreSlug: string | null;
  kioskRoute: boolean;
}

function JoiningScreen({ centreSlug, kioskRoute }: JoiningScreenProps) {
  const { t } = useTranslation('flow');
  usePageTitle(t('joining.title'));
  const params = useParams();
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const { data: client } = useClient();
  const { kiosk } = useModes();
  const { isLoggedIn, logout } = useSession();
  const venues = useJoiningVenues();
  const [resets, setResets] = useState(0);
  const [started, setStarted] = useState(false);
  useSelectVenueFromPath(centreSlug ?? undefined);

  const venue = centreSlug ? (venues.data?.find((candidate) => candidate.slug === centreSlug) ?? null) : null;
  const unknownCentre = Boolean(centreSlug && venues.data && !venue);
  const centrePath = useCallback(
    (slug: string) => (kioskRoute ? `/kiosk/?centre=${encodeURIComponent(slug)}` : `/centre/${slug}`),
    [kioskRoute],
  );

  const chooseCentre = (chosen: JoiningVenue) => {
    pushProgress('centre');
    if (kioskRoute) setSearch({ centre: chosen.slug });
    else navigate(centrePath(chosen.slug));
  };
  const changeCentre = () => {
    if (kioskRoute) setSearch({});
    else navigate('/');
  };
  const backToCentre = useCallback(() => {
    if (centreSlug) navigate(centrePath(centreSlug), { replace: true });
  }, [centreSlug, centrePath, navigate]);
  const membershipChosen = (membership: MembershipType, option: PaymentOption) => {
    if (kioskRoute || !centreSlug) return;
    navigate(`/centre/${centreSlug}/membership/${membership.slug}/${option.paymentType}`);
  };

  const clearForKiosk = async () => {
    // The fresh form mounts only once logout has finished, so it never reads the signed-in answers
    // logout is clearing.
    if (isLoggedIn) await logout().catch(() => undefined);
    setResets((count) => count + 1);
    setStarted(false);
    if (!kioskRoute) navigate('/kiosk/');
    notify.info(kioskClearedMessage);
  };

  const preselected =
    !kioskRoute && params.membershipSlug && params.paymentType
      ? { membershipSlug: params.membershipSlug, paymentType: params.paymentType }
      : null;
  const loading = Boolean(centreSlug) && venues.isPending;

  return (
    <main id="main" className="page joining-page" tabIndex={-1}>
      <h1>{t('joining.title')}</h1>
      {unknownCentre ? (
        <p role="alert" className="notice">
          {t('centre.notFound')}
        </p>
      ) : null}
      {loading ? null : (
        <JoiningFlow
          key={`${venue?.id ?? 'none'}-${resets}`}
          venue={venue}
          centreStep={
            <CentreStep
              venues={venues.data}
              isError={venues.isError}
              mapEnabled={client?.onlineJoiningMapEnabled ?? false}
              selectedId={venue?.id ?? null}
              onChoose={chooseCentre}
            />
          }
          onChangeCentre={changeCentre}
          preselected={preselected}
          onMembershipChosen={membershipChosen}
          onBackToCentre={backToCentre}
          renderRegistration={renderJoiningRegistration}
          onStartedChange={setStarted}
        />
      )}
      {/* Kiosk: once someone has started (chosen a membership or signed in), idling clears the form. */}
      {kiosk && (started || isLoggedIn) ? (
        <KioskStartOver idleMs={client?.kioskIdleMs} onClear={() => void clearForKiosk()} />
      ) : null}
      {kioskRoute ? (
        <nav aria-label={t('kiosk.moreLabel')} className="kiosk-more">
          <ul className="link-list">
            <li>
              <SiteLink site="bookings" to="/redirect-to-selected-venue">
                {t('kiosk.book')}
              </SiteLink>
            </li>
            <li>
              <SiteLink site="account" to="/">
                {t('kiosk.account')}
              </SiteLink>
            </li>
          </ul>
        </nav>
      ) : null}
    </main>
  );
}

/** '/', '/centre/{centreSlug}' and the deep link '/centre/{centreSlug}/membership/{membershipSlug}/{paymentType}'. */
export function JoiningPage() {
  const { centreSlug } = useParams();
  return <JoiningScreen centreSlug={centreSlug ?? null} kioskRoute={false} />;
}

/** Kiosk joining: '/kiosk/?kiosk=true[&centre={slug}]'. */
export function KioskJoiningPage() {
  const [search] = useSearchParams();
  const centre = search.get('centre');
  return <JoiningScreen centreSlug={isVenueSlug(centre) ? centre : null} kioskRoute />;
}
