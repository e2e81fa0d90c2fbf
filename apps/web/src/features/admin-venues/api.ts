import type { AdminVenue, VenueCreate, VenueUpdate } from '@leisure/contract/admin/venues';
import type { Place } from '@leisure/contract/geocoding';
import { adminApi, useAdminQuery } from '../../shared/api/admin-api';
import { api } from '../../shared/api/client';

/** The console's venue calls (packages/contract/src/admin/venues.ts). */

export const venuesPath = 'venues';

export function useAdminVenue(id: string | undefined) {
  return useAdminQuery<AdminVenue>(`${venuesPath}/${id ?? ''}`, undefined, { enabled: id !== undefined });
}

/** Every venue of the operator (up to 100), for choosing among them. */
export function useAllVenues() {
  return useAdminQuery<{ data: AdminVenue[] }>(venuesPath, { per_page: 100 }, { staleTime: 60_000 });
}

export const createVenue = (body: VenueCreate) => adminApi.post<AdminVenue>(venuesPath, body);
export const updateVenue = (id: number, body: VenueUpdate) =>
  adminApi.patch<AdminVenue>(`${venuesPath}/${id}`, body);

/**
 * A place's position from the geocoder the joining map uses (`GET api/online-joining/geocode`): a
 * postcode where the provider finds postcodes, else the town. Null when it knows neither.
 */
export async function findPosition(postcode: string, town: string): Promise<Place | null> {
  for (const q of [postcode, town].map((term) => term.trim()).filter((term) => term.length >= 2)) {
    const answer = await api.get<{ data: Place[] }>('api/online-joining/geocode', {
      query: { q },
      wireKeys: true,
    });
    const place = answer.data[0];
    if (place) return place;
  }
  return null;
}
