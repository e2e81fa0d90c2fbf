import { Suspense, useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useOperatorName, useSignOut, useStaffMe } from '../../../features/admin-session/api';
import { ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { ConsoleLoading } from './console-loading';
import { navigationFor } from './navigation';
import { signInPath } from './sign-in-path';
import { StaffContext } from './staff-context';

/**
 * The console's frame for a signed-in staff user: skip link, header (the operator, who is signed in
 * and as what, Sign out), the navigation their role gives, and the screen in the main landmark.
 * Without a console session it sends the user to sign-in, and back here after.
 */
export function ConsoleLayout() {
  const me = useStaffMe();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const operatorName = useOperatorName();
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(location.pathname);

  // A new screen: focus goes to the main landmark (its heading is read next), as a page load would.
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    main.current?.focus();
  }, [location.pathname]);

  if (me.isPending) return <ConsoleLoading />;
  if (me.isError) {
    if (me.error instanceof ApiError && me.error.status === 401) {
      return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
    }
    return (
      <main id="main" className="admin-standalone">
        <h1>Console</h1>
        <div role="alert" className="form-error">
          <p>{me.error.message || 'Something has gone wrong, please try again.'}</p>
          <Button variant="secondary" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </div>
      </main>
    );
  }

  const staff = me.data;
  const entries = navigationFor(staff.permissions);
  const onSignOut = async () => {
    await signOut().catch(() => undefined);
    void navigate('/sign-in', { replace: true });
  };

  return (
    <StaffContext.Provider value={staff}>
      <div className="admin-shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="admin-header">
          <NavLink to="/" className="admin-brand" end>
            {operatorName ? `${operatorName} console` : 'Console'}
          </NavLink>
          <div className="admin-user">
            <span className="admin-user-name">
              {staff.first_name} {staff.last_name}
            </span>{' '}
            <span className="admin-user-role">{staff.role_label}</span>
            <Button variant="secondary" className="btn-small" onClick={() => void onSignOut()}>
              Sign out
            </Button>
          </div>
        </header>
        <div className="admin-body">
          <nav className="admin-nav" aria-label="Console">
            <ul>
              <li>
                <NavLink to="/" end>
                  Home
                </NavLink>
              </li>
              {entries.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to}>{entry.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" className="admin-main" tabIndex={-1} ref={main}>
            <Suspense fallback={<ConsoleLoading inLayout />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </StaffContext.Provider>
  );
}
