import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../shared/ui/toast';
import { readSelectedVenue } from '../../../shared/venue/selected-venue';
import { venueHref } from '../lib/links';

/**
 * `/redirect-to-selected-venue` (the header's 'Book an activity'): the selected venue's page, or
 * the venue finder with the toast 'Please select a venue before booking an activity'.
 */
export function RedirectToSelectedVenue() {
  const { t } = useTranslation('bookings');
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    // Once, even when StrictMode runs effects twice.
    if (done.current) return;
    done.current = true;
    const venue = readSelectedVenue();
    if (venue) {
      navigate(venueHref(venue), { replace: true });
    } else {
      notify.error(t('redirect.selectVenue'));
      navigate('/', { replace: true });
    }
  }, [navigate, t]);
  return null;
}
