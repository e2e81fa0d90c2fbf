import { useTranslation } from 'react-i18next';
import type { JoiningVenue } from '../../../features/joining/api/types';
import { VenueCards } from '../../../features/joining/components/venue-cards';
import { VenueMap } from '../../../features/venue-map/venue-map';
import { PageSpinner } from '../../../shared/ui/page-spinner';

export interface CentreStepProps {
  venues: JoiningVenue[] | undefined;
  isError: boolean;
  mapEnabled: boolean;
  selectedId: number | null;
  onChoose: (venue: JoiningVenue) => void;
}

/**
 * Choose your home centre: the venue cards, or the map when the online-joining map setting is on.
 * The map's controls, list and picture are rendered with the page (on the server too); Leaflet
 * loads only when the visitor reaches for the map (features/venue-map).
 */
export function CentreStep({ venues, isError, mapEnabled, selectedId, onChoose }: CentreStepProps) {
  const { t } = useTranslation('flow');
  if (isError) {
    return (
      <p role="alert" className="notice">
        {t('centre.loadFailed')}
      </p>
    );
  }
  if (!venues) {
    // While the centres load, the space the map will take is kept, so the steps below do not
    // jump down when it arrives (layout shift on a phone; issue 16).
    return (
      <div className={mapEnabled ? 'centre-step-loading' : undefined}>
        <PageSpinner />
      </div>
    );
  }
  if (!mapEnabled) return <VenueCards venues={venues} selectedId={selectedId} onChoose={onChoose} />;
  return (
    <VenueMap
      venues={venues}
      selectedId={selectedId}
      onChoose={(chosen) => {
        const venue = venues.find((candidate) => candidate.id === chosen.id);
        if (venue) onChoose(venue);
      }}
    />
  );
}
