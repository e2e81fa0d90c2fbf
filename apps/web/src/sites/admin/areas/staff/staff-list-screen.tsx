import type { StaffUser } from '@leisure/contract/admin/staff';
import { Link } from 'react-router';
import { staffUsersPath } from '../../../../features/admin-staff/api';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';
import { statusLabel } from './staff-labels';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** `/admin/staff`: the staff users, searched and paged on the server. */
export function StaffListScreen() {
  return (
    <>
      <PageHeader
        title="Staff users"
        actions={
          <Link to="invite" className="btn btn-primary">
            Invite staff user
          </Link>
        }
      />
      <ListPage<StaffUser>
        path={staffUsersPath}
        caption="Staff users"
        searchLabel="Search staff users"
        emptyText="No staff users yet."
        rowKey={(user) => user.id}
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            cell: (user) => (
              <Link to={String(user.id)}>
                {user.first_name} {user.last_name}
              </Link>
            ),
          },
          { header: 'Email', cell: (user) => user.email },
          { header: 'Role', cell: (user) => user.role_label },
          { header: 'Status', cell: (user) => statusLabel[user.status] },
          { header: 'Two-step verification', cell: (user) => (user.mfa_enrolled ? 'Set up' : 'Not set up') },
          {
            header: 'Last signed in',
            cell: (user) =>
              user.last_signed_in_at ? dateTime.format(new Date(user.last_signed_in_at)) : 'Never',
          },
        ]}
      />
    </>
  );
}
