import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '../app/lazy';
import { SiteLink } from '../links/site-link';
import { useClient } from '../operator/use-client';
import { LoginModal } from '../session/login-modal-slot';
import { useSession } from '../session/session';
import { useBasketItemCount } from './use-basket-item-count';
import { useKioskHomeUrl } from './use-kiosk-home';
import { useNavigation } from './use-navigation';
import { useThemeLogo } from './use-theme-logo';

const NavDrawer = lazyWithTimeout(() => import('./nav-drawer'), 'NavDrawer');

/**
 * The site header (shell-session-basket.md 2): logo to the bookings home, Back to Kiosk Home in
 * kiosk mode, Book an activity, Buy a membership (when online joining is on), Log in or My account,
 * and the basket with its item count (no badge while it loads, '!' when it cannot: never a 0 that
 * is not known). Under 576 px the links move into a side drawer.
 */
export function SiteHeader() {
  const { t } = useTranslation('common');
  const { data: client } = useClient();
  const { isLoggedIn } = useSession();
  const nav = useNavigation();
  const kioskHome = useKioskHomeUrl();
  const count = useBasketItemCount();
  const logo = useThemeLogo();
  const [loginOpen, setLoginOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const appName = client?.appName ?? '';

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <SiteLink site="bookings" to="/" className="site-logo">
          {logo ? (
            <img src={logo} alt={t('header.logoAlt', { app: appName })} />
          ) : (
            <span>
              {appName}
              <span className="visually-hidden"> {t('header.home')}</span>
            </span>
          )}
        </SiteLink>
        <nav className="site-nav" aria-label={t('header.navLabel')}>
          <ul className="site-nav-list">
            {nav.kiosk ? (
              <li>
                <a href={kioskHome}>{t('nav.kioskHome')}</a>
              </li>
            ) : null}
            <li className="wide-only">
              <SiteLink site="bookings" to="/redirect-to-selected-venue">
                {t('nav.bookActivity')}
              </SiteLink>
            </li>
            {nav.showJoining ? (
              <li className="wide-only">
                <SiteLink site="joining" to={nav.joiningPath}>
                  {t('nav.buyMembership')}
                </SiteLink>
              </li>
            ) : null}
            <li className="wide-only">
              {isLoggedIn ? (
                <SiteLink site="account" to="/" data-testid="my-account">
                  {t('nav.myAccount')}
                </SiteLink>
              ) : nav.loginInModal ? (
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  data-testid="login"
                  onClick={() => setLoginOpen(true)}
                >
                  {t('nav.logIn')}
                </button>
              ) : (
                <SiteLink
                  site="account"
                  to="/login"
                  className="btn btn-primary btn-small"
                  data-testid="login"
                >
                  {t('nav.logIn')}
                </SiteLink>
              )}
            </li>
            <li>
              <SiteLink site="bookings" to="/basket" className="basket-link">
                <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
                  <path
                    fill="currentColor"
                    d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.4 2H21l-2.3 8.1a2 2 0 0 1-1.9 1.4H8.4a2 2 0 0 1-2-1.6L4 2H1V0h4.6z"
                    transform="translate(0 1)"
                  />
                </svg>
                {/* The count's words start with a space: the link is named 'Basket 2 items'. */}
                <span className="visually-hidden">{t('nav.basket')}</span>
                {count.status === 'known' ? (
                  <>
                    <span className="basket-badge" aria-hidden="true">
                      {count.count}
                    </span>
                    <span className="visually-hidden">{` ${t('nav.basketCount', { count: count.count })}`}</span>
                  </>
                ) : count.status === 'failed' ? (
                  <>
                    <span className="basket-badge" aria-hidden="true">
                      !
                    </span>
                    <span className="visually-hidden">{` ${t('nav.basketCountFailed')}`}</span>
                  </>
                ) : null}
              </SiteLink>
            </li>
            <li className="narrow-only">
              <button
                ref={menuButton}
                type="button"
                className="menu-button"
                aria-haspopup="dialog"
                aria-expanded={drawerOpen}
                onClick={() => setDrawerOpen(true)}
              >
                <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
                  <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
                </svg>
                <span className="visually-hidden">{t('nav.menu')}</span>
              </button>
            </li>
          </ul>
        </nav>
      </div>
      {drawerOpen ? (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            onLogIn={() => {
              setDrawerOpen(false);
              setLoginOpen(true);
            }}
            returnFocusTo={menuButton}
          />
        </Suspense>
      ) : null}
      <LoginModal open={loginOpen} onOpenChange={setLoginOpen} />
    </header>
  );
}
