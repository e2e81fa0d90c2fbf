import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useOperatorVenues, useStaffRoles } from '../../../../features/admin-staff/api';
import { CheckboxGroup } from '../../../../shared/ui/checkbox-group';
import { SelectField } from '../../../../shared/ui/select-field';
import { fieldErrors } from '../../kit/form';

interface RoleValues extends FieldValues {
  role: string;
  venue_ids: number[];
}

/**
 * The role select (from `GET api/admin/roles`) and, for a venue-scoped role, the venues it may change
 * (the operator's venues from the customer API).
 */
/** `form` holds `role` and `venue_ids` (any console form with them, loosely typed). */
export function RoleAndVenuesFields({ form }: { form: UseFormReturn<FieldValues, unknown, FieldValues> }) {
  const roles = useStaffRoles();
  const venues = useOperatorVenues();
  const typed = form as unknown as UseFormReturn<RoleValues, unknown, FieldValues>;
  const role = typed.watch('role');
  const scoped = roles.data?.data.find((item) => item.name === role)?.venue_scoped ?? false;
  return (
    <>
      <SelectField
        label="Role"
        required
        options={(roles.data?.data ?? []).map((item) => ({ value: item.name, label: item.label }))}
        placeholder={roles.isPending ? 'Loading roles…' : 'Choose a role'}
        errors={fieldErrors(typed, 'role')}
        {...typed.register('role')}
      />
      {scoped ? (
        <Controller
          control={typed.control}
          name="venue_ids"
          render={({ field }) => (
            <CheckboxGroup
              label="Venues"
              hint="A venue manager changes only these venues."
              name={field.name}
              required
              options={(venues.data?.data ?? []).map((venue) => ({
                value: String(venue.id),
                label: venue.name,
              }))}
              value={(field.value ?? []).map(String)}
              onChange={(value) => field.onChange(value.map(Number))}
              onBlur={field.onBlur}
              errors={fieldErrors(typed, 'venue_ids')}
            />
          )}
        />
      ) : null}
    </>
  );
}

/** A role's venues only count for a venue-scoped role. */
export function venuesForRole(
  roles: { name: string; venue_scoped: boolean }[] | undefined,
  role: string | undefined,
  venueIds: number[] | undefined,
): number[] {
  return roles?.find((item) => item.name === role)?.venue_scoped ? (venueIds ?? []) : [];
}
