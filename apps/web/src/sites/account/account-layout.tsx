import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatch } from 'react-router';
import { useClient } from '../../shared/operator/use-client';
import { Button } from '../../shared/ui/button';
import './account.css';
import { useLogOut } from './log-out';

interface NavItem {
  to: string;
  label: string;
  /** The paths on which the item is the current page (Bookings covers every filter). */
  match: string;
}

/**
 * On a phone the row scrolls sideways: the current page's link is brought into it by scrolling the
 * row alone. scrollIntoView would scroll the page too, to the link: on a server-rendered page that
 * is as the app starts, under the finger of someone who has already scrolled to a button.
 */
function revealInRow(link: HTMLElement) {
  const row = link.closest('ul');
  if (!row || row.scrollWidth <= row.clientWidth) return;
  const rowBox = row.getBoundingClientRect();
  const box = link.getBoundingClientRect();
  if (box.left < rowBox.left) row.scrollLeft -= rowBox.left - box.left;
  else if (box.right > rowBox.right) row.scrollLeft += box.right - rowBox.right;
}

function AccountNavLink({ item }: { item: NavItem }) {
  const current = useMatch(item.match);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (current && link.current) revealInRow(link.current);
  }, [current]);
  return (
    <Link
      ref={link}
      to={item.to}
      className={current ? 'account-nav-link active' : 'account-nav-link'}
      aria-current={current ? 'page' : undefined}
    >
      {item.label}
    </Link>
  );
}

/** The account navigation (my-account.md 2.1), beside every signed-in screen. */
export function AccountNav() {
  const { t } = useTranslation('account');
  const logOut = useLogOut();
  const client = useClient();

  const items: NavItem[] = [
    { to: '/', label: t('nav.dashboard'), match: '/' },
    { to: '/user-details', label: t('nav.details'), match: '/user-details/*' },
    { to: '/memberships', label: t('nav.memberships'), match: '/memberships/*' },
    { to: '/packages', label: t('nav.packages'), match: '/packages/*' },
    { to: '/bookings/upcoming', label: t('nav.bookings'), match: '/bookings/*' },
    { to: '/payments', label: t('nav.payments'), match: '/payments/*' },
  ];
  if (client.data?.onlineGuestPassesEnabled) {
    items.push({ to: '/guest-passes', label: t('nav.guestPasses'), match: '/guest-passes/*' });
  }

  return (
    <nav className="account-nav" aria-label={t('nav.label')}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <AccountNavLink item={item} />
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="account-nav-logout" onClick={() => void logOut()}>
        {t('nav.logOut')}
      </Button>
    </nav>
  );
}

export function AccountLayout() {
  return (
    <div className="account-layout">
      <AccountNav />
      <div className="account-content">
        <Outlet />
      </div>
    </div>
  );
}
