import { Link } from 'react-router';
import { PageHeader } from '../kit/page-header';
import { navigationFor } from '../shell/navigation';
import { useStaff } from '../shell/staff-context';

/** The console's home: the parts of the console the staff user's role gives. */
export function HomeScreen() {
  const staff = useStaff();
  const entries = navigationFor(staff.permissions);
  return (
    <>
      <PageHeader
        title="Console"
        description={`Signed in as ${staff.first_name} ${staff.last_name}, ${staff.role_label}.`}
      />
      {entries.length === 0 ? (
        <p>Your role gives no part of the console yet.</p>
      ) : (
        <ul className="admin-home-list">
          {entries.map((entry) => (
            <li key={entry.to}>
              <Link to={entry.to}>{entry.label}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
