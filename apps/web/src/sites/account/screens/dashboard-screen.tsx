import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NextBooking } from '../../../features/bookings/components/next-booking';
import { PhotoReminder } from '../../../features/profile-photo/components/photo-reminder';
import { ProfilePhoto } from '../../../features/profile-photo/components/profile-photo';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useClient } from '../../../shared/operator/use-client';
import { type SessionUser, useSession } from '../../../shared/session/session';

interface DashboardNotice {
  key: string;
  text: string;
  link: { to: string; label: string };
}

/** Unpaid fees (-> /payments) and eligibility documents (-> /memberships), from the auth user. */
function noticesOf(
  user: SessionUser,
  t: (key: string, values?: Record<string, unknown>) => string,
): DashboardNotice[] {
  const notices: DashboardNotice[] = [];
  if (user.hasOutstandingPenalties) {
    notices.push({
      key: 'fees',
      text: t('dashboardCards.unpaidFees'),
      link: { to: '/payments', label: t('dashboardCards.payFees') },
    });
  }
  const upload = { to: '/memberships', label: t('dashboardCards.uploadDocument') };
  if (user.membershipDocumentUploadRequired) {
    // The same deadline as the membership card's (the earliest, with several); past it says so.
    // Without one, a document was made and is wanted again (rejected, expiring or expired).
    const due = user.eligibilityDocumentDue;
    notices.push({
      key: 'document-required',
      text: due
        ? t(due.overdue ? 'dashboardCards.documentOverdue' : 'dashboardCards.documentRequiredBy', {
            date: due.fullDate,
          })
        : t('dashboardCards.documentRequiredAgain'),
      link: upload,
    });
  }
  for (const expiry of user.documentExpiry) {
    if (expiry.expired) {
      notices.push({
        key: `expired-${expiry.membershipId}`,
        text: t('dashboardCards.documentExpired'),
        link: upload,
      });
    } else if (expiry.documentExpiringSoon) {
      notices.push({
        key: `expiring-${expiry.membershipId}`,
        text: t('dashboardCards.documentExpiring', { count: expiry.daysToExpiry }),
        link: upload,
      });
    }
  }
  return notices;
}

/**
 * The dashboard (my-account.md 2.2): title and customer number, notifications, the profile photo
 * with the welcome, 'My next booking' with 'view all', and the guest passes card when enabled.
 */
export function DashboardScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('nav.dashboard'));
  const { user } = useSession();
  const client = useClient();
  const noticesId = useId();
  const guestPassesId = useId();
  const notices = user ? noticesOf(user, t) : [];

  return (
    <main id="main" className="page dashboard">
      <h1>{t('nav.dashboard')}</h1>
      {user?.reference ? (
        <p className="welcome-reference">{t('dashboard.customerNumber', { reference: user.reference })}</p>
      ) : null}

      {notices.length > 0 ? (
        <section className="dashboard-notices" aria-labelledby={noticesId}>
          <h2 id={noticesId} className="visually-hidden">
            {t('dashboardCards.notifications')}
          </h2>
          <ul>
            {notices.map((notice) => (
              <li key={notice.key} className="notice dashboard-notice">
                <span>{notice.text}</span> <Link to={notice.link.to}>{notice.link.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {user ? (
        <>
          <section className="welcome dashboard-welcome" aria-label={t('dashboard.welcomeLabel')}>
            <ProfilePhoto user={user} />
            <p className="welcome-name">
              {t('dashboard.welcome', { name: `${user.firstName} ${user.lastName}` })}
            </p>
          </section>
          <PhotoReminder user={user} />
        </>
      ) : null}

      <NextBooking />

      {client.data?.onlineGuestPassesEnabled ? (
        <section className="dashboard-card" aria-labelledby={guestPassesId}>
          <h2 id={guestPassesId}>{t('dashboardCards.guestPassesTitle')}</h2>
          <p>{t('dashboardCards.guestPassesText')}</p>
          <Link to="/guest-passes" className="btn btn-secondary">
            {t('dashboardCards.guestPassesLink')}
          </Link>
        </section>
      ) : null}
    </main>
  );
}
