import { Outlet } from 'react-router';
import { PageHeader } from '../kit/page-header';
import { useCan } from './staff-context';

/** An area's screens for staff whose role gives the permission; others are told they have no access. */
export function RequirePermission({ permission }: { permission: string }) {
  if (!useCan(permission)) {
    return (
      <>
        <PageHeader title="No access" />
        <p>Your role does not give access to this part of the console.</p>
      </>
    );
  }
  return <Outlet />;
}
