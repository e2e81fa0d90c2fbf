import { useSearchParams } from 'react-router';
import { useTimetableChoices } from '../../../../features/admin-timetables/api';
import { SelectField } from '../../../../shared/ui/select-field';

export const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const dayShort = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The venue the area's lists show (`?venue=`), the operator's first by default. */
export function useChosenVenue() {
  const [params, setParams] = useSearchParams();
  const choices = useTimetableChoices();
  const fromUrl = Number(params.get('venue'));
  const venues = choices.data?.venues ?? [];
  const venueId = venues.some((venue) => venue.id === fromUrl) ? fromUrl : venues[0]?.id;
  const choose = (id: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('venue', String(id));
      copy.delete('page');
      return copy;
    });
  return { venueId, venues, choose, choices };
}

export function VenuePicker({
  venueId,
  venues,
  choose,
}: {
  venueId: number | undefined;
  venues: { id: number; name: string }[];
  choose: (id: number) => void;
}) {
  return (
    <SelectField
      label="Venue"
      placeholder=""
      options={venues.map((venue) => ({ value: String(venue.id), label: venue.name }))}
      value={venueId === undefined ? '' : String(venueId)}
      onChange={(event) => choose(Number(event.target.value))}
    />
  );
}

/** Today's local date 'YYYY-MM-DD' in the browser (the lists' default range). */
export function todayIso(offsetDays = 0): string {
  const now = new Date();
  now.setDate(now.getDate() + offsetDays);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
