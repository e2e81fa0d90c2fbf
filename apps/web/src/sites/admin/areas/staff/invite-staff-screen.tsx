import { zStaffInviteRequest } from '@leisure/contract/admin/staff';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { inviteStaffUser, staffUsersPath, useStaffRoles } from '../../../../features/admin-staff/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { TextField } from '../../../../shared/ui/text-field';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { PageHeader } from '../../kit/page-header';
import { RoleAndVenuesFields, venuesForRole } from './role-and-venues';

/** `/admin/staff/invite`: invites a staff user by email; they set their password from the link. */
export function InviteStaffScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const roles = useStaffRoles();
  const form = useAdminForm(zStaffInviteRequest, {
    email: '',
    first_name: '',
    last_name: '',
    role: '',
    venue_ids: [],
  });
  const save = useSaveForm(
    form,
    (values) =>
      inviteStaffUser({
        ...values,
        venue_ids: venuesForRole(roles.data?.data, values.role, values.venue_ids),
      }),
    {
      savedMessage: 'Invitation sent.',
      onSaved: (user) => {
        void queryClient.invalidateQueries({ queryKey: adminKey(staffUsersPath) });
        void navigate(`../${user.id}`, { state: { invited: true } });
      },
    },
  );
  const loose = form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>;
  return (
    <>
      <PageHeader title="Invite a staff user" back={<Link to="..">Staff users</Link>} />
      <form onSubmit={save.onSubmit} noValidate className="admin-form">
        <TextField
          label="Email"
          type="email"
          required
          errors={fieldErrors(loose, 'email')}
          {...form.register('email')}
        />
        <TextField
          label="First name"
          required
          maxLength={100}
          length={form.watch('first_name')?.length}
          errors={fieldErrors(loose, 'first_name')}
          {...form.register('first_name')}
        />
        <TextField
          label="Last name"
          required
          maxLength={100}
          length={form.watch('last_name')?.length}
          errors={fieldErrors(loose, 'last_name')}
          {...form.register('last_name')}
        />
        <RoleAndVenuesFields form={loose} />
        <SaveBar status={save.status} message={save.message} busy={save.busy} label="Send invitation" />
      </form>
    </>
  );
}
