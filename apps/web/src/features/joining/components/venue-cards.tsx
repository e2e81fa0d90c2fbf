import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import type { JoiningVenue } from '../api/types';

export interface VenueCardsProps {
  venues: JoiningVenue[];
  selectedId: number | null;
  onChoose: (venue: JoiningVenue) => void;
}

/** The home-centre cards (about 257 px minimum width) shown when the map is off. */
export function VenueCards({ venues, selectedId, onChoose }: VenueCardsProps) {
  const { t } = useTranslation('flow');
  if (venues.length === 0) {
    return (
      <p className="notice" role="status">
        {t('centre.noVenues')}
      </p>
    );
  }
  return (
    <ul className="venue-cards" aria-label={t('centre.listLabel')}>
      {venues.map((venue) => (
        <li
          key={venue.id}
          className={['card', venue.id === selectedId ? 'card-selected' : ''].join(' ').trim()}
        >
          <h3>{venue.name}</h3>
          <address>
            {[venue.address1, venue.address2, venue.town, venue.postcode].filter(Boolean).join(', ')}
          </address>
          <Button onClick={() => onChoose(venue)} aria-label={t('centre.chooseNamed', { name: venue.name })}>
            {t('centre.choose')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
