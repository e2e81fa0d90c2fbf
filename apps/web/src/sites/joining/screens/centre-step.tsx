import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { JoiningVenue } from '../../../features/joining/api/types';
import { VenueCards } from '../../../features/joining/components/venue-cards';
import { loadVenueMap } from '../../../features/venue-map/load-venue-map';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { useInBrowser } from '../../../shared/app/server-rendered';
import { PageSpinner } from '../../../shared/ui/page-spinner';

/** The map (Leaflet and its plugin) is its own chunk, loaded only when the map setting is on. */
const VenueMap = lazyWithTimeout(loadVenueMap, 'VenueMap');

export interface CentreStepProps {
  venues: JoiningVenue[] | undefined;
  isError: boolean;
  mapEnabled: boolean;
  selectedId: number | null;
  onChoose: (venue: JoiningVenue) => void;
}

/** Choose your home centre: the venue cards, or the map when the online-joining map setting is on. */
export function CentreStep({ venues, isError, mapEnabled, selectedId, onChoose }: CentreStepProps) {
  const { t } = useTranslation('flow');
  const inBrowser = useInBrowser();
  if (isError) {
    return (
      <p role="alert" className="notice">
        {t('centre.loadFailed')}
      </p>
    );
  }
  // While the centres or the map load, the space the map will take is kept, so the steps below do
  // not jump down when it arrives (layout shift on a phone; issue 16).
  const loading = (
    <div className={mapEnabled ? 'centre-step-loading' : undefined}>
      <PageSpinner />
    </div>
  );
  if (!venues) return loading;
  if (!mapEnabled) return <VenueCards venues={venues} selectedId={selectedId} onChoose={onChoose} />;
  if (!inBrowser) return loading;
  return (
    <Suspense fallback={loading}>
      <VenueMap
        venues={venues}
        selectedId={selectedId}
        onChoose={(chosen) => {
          const venue = venues.find((candidate) => candidate.id === chosen.id);
          if (venue) onChoose(venue);
        }}
      />
    </Suspense>
  );
}
