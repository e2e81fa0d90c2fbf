import { NavLink } from 'react-router';

/** The Operator area's screens, as a row of links under each screen's heading. */
export function OperatorNav() {
  const links = [
    ['/operator', 'Settings'],
    ['/operator/theme', 'Theme'],
    ['/operator/footers', 'Venue footers'],
    ['/operator/terms', 'Terms'],
    ['/operator/waivers', 'Waivers'],
  ] as const;
  return (
    <nav aria-label="Operator" className="admin-subnav">
      <ul>
        {links.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} end>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
