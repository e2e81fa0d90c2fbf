import { type StaffUser, zStaffUserUpdate } from '@leisure/contract/admin/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router';
import { z } from 'zod';
import {
  type StaffUserAction,
  staffUsersPath,
  updateStaffUser,
  useStaffRoles,
  useStaffUser,
  useStaffUserAction,
} from '../../../../features/admin-staff/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { ApiError } from '../../../../shared/api/client';
import { Button } from '../../../../shared/ui/button';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistory, AuditHistoryLink } from '../../kit/audit-history';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { PageHeader } from '../../kit/page-header';
import { RoleAndVenuesFields, venuesForRole } from './role-and-venues';
import { statusLabel } from './staff-labels';

/** `/admin/staff/:id`: a staff user: their name, role and venues; disable, enable, reset their MFA; history. */
export function StaffUserScreen() {
  const { id = '' } = useParams();
  const user = useStaffUser(id);
  if (user.isPending) return <p role="status">Loading…</p>;
  if (user.isError) {
    return (
      <>
        <PageHeader title="Staff user" back={<Link to="..">Staff users</Link>} />
        <p role="alert" className="form-error">
          {user.error instanceof ApiError
            ? user.error.message
            : 'Something has gone wrong, please try again.'}
        </p>
      </>
    );
  }
  return <StaffUserDetails key={user.data.id} user={user.data} />;
}

const zEditForm = zStaffUserUpdate.extend({
  first_name: z.string().trim().min(1, 'Required').max(100),
  last_name: z.string().trim().min(1, 'Required').max(100),
  role: z.string().min(1, 'Choose a role.'),
  venue_ids: z.array(z.coerce.number().int().positive()).max(500),
});

interface PendingAction {
  action: StaffUserAction;
  title: string;
  description: string;
  confirmLabel: string;
  done: string;
}

function actionsFor(user: StaffUser): PendingAction[] {
  const name = `${user.first_name} ${user.last_name}`;
  const toggle: PendingAction =
    user.status === 'disabled'
      ? {
          action: 'enable',
          title: `Enable ${name}?`,
          description: `${name} will be able to sign in to the console again.`,
          confirmLabel: 'Enable user',
          done: `${name} is enabled.`,
        }
      : {
          action: 'disable',
          title: `Disable ${name}?`,
          description: `${name} is signed out everywhere now and can no longer sign in to the console.`,
          confirmLabel: 'Disable user',
          done: `${name} is disabled.`,
        };
  return [
    toggle,
    {
      action: 'reset-mfa',
      title: `Reset two-step verification for ${name}?`,
      description: `${name} is signed out and sets up their authenticator app again at their next sign-in. Their recovery codes stop working.`,
      confirmLabel: 'Reset two-step verification',
      done: `${name} sets up two-step verification at their next sign-in.`,
    },
  ];
}

function StaffUserDetails({ user }: { user: StaffUser }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const roles = useStaffRoles();
  const form = useAdminForm(zEditForm, {
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    venue_ids: user.venue_ids,
  });
  const save = useSaveForm(
    form,
    (values) =>
      updateStaffUser(user.id, {
        ...values,
        venue_ids: venuesForRole(roles.data?.data, values.role, values.venue_ids),
      }),
    {
      savedMessage: 'Changes saved.',
      onSaved: (saved) => {
        queryClient.setQueryData(adminKey(`${staffUsersPath}/${user.id}`, {}), saved);
        void queryClient.invalidateQueries({ queryKey: adminKey(staffUsersPath) });
        void queryClient.invalidateQueries({ queryKey: adminKey('audit-events') });
      },
    },
  );
  const act = useStaffUserAction(user.id);
  const [pending, setPending] = useState<PendingAction | undefined>();
  const [done, setDone] = useState<string | undefined>(
    (location.state as { invited?: boolean } | null)?.invited
      ? `Invitation sent to ${user.email}.`
      : undefined,
  );
  const loose = form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>;
  const name = `${user.first_name} ${user.last_name}`;

  return (
    <>
      <PageHeader title={name} back={<Link to="..">Staff users</Link>} />
      <p role="status" className="admin-notice" hidden={!done}>
        {done}
      </p>
      <dl className="admin-facts">
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Status</dt>
        <dd>{statusLabel[user.status]}</dd>
        <dt>Two-step verification</dt>
        <dd>{user.mfa_enrolled ? 'Set up' : 'Not set up'}</dd>
      </dl>

      <section aria-labelledby="staff-edit-heading">
        <h2 id="staff-edit-heading">Details and role</h2>
        <form onSubmit={save.onSubmit} noValidate className="admin-form">
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
          <SaveBar status={save.status} message={save.message} busy={save.busy} label="Save changes" />
        </form>
      </section>

      <section aria-labelledby="staff-access-heading">
        <h2 id="staff-access-heading">Sign-in</h2>
        <div className="admin-actions">
          {actionsFor(user).map((item) => (
            <Button
              key={item.action}
              variant="secondary"
              onClick={() => {
                act.reset();
                setPending(item);
              }}
            >
              {item.confirmLabel}
            </Button>
          ))}
        </div>
      </section>

      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(open) => {
          if (!open) setPending(undefined);
        }}
        title={pending?.title ?? ''}
        description={pending?.description}
        confirmLabel={pending?.confirmLabel ?? ''}
        busy={act.isPending}
        error={act.error ? act.error.message : undefined}
        onConfirm={() => {
          if (!pending) return;
          act.mutate(pending.action, {
            onSuccess: (saved) => {
              queryClient.setQueryData(adminKey(`${staffUsersPath}/${user.id}`, {}), saved);
              setDone(pending.done);
              setPending(undefined);
            },
          });
        }}
      />

      <AuditHistory entityType="staff_user" entityId={user.id} />
      <p>
        <AuditHistoryLink entityType="staff_user" entityId={user.id}>
          Open in the audit log
        </AuditHistoryLink>
      </p>
    </>
  );
}
