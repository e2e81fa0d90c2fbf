import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteLink } from '../links/site-link';
import { useSession } from '../session/session';
import { useNavigation } from './use-navigation';

export interface NavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the login modal (bookings and joining sites). */
  onLogIn: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * The side drawer of narrow screens (shell-session-basket.md 2), 306 px wide: Book an activity, Buy
 * a membership, Shopping basket, then My account and Log out when logged in, or a notice with Log
 * in and Create an account when anonymous.
 */
export function NavDrawer({ open, onOpenChange, onLogIn, returnFocusTo }: NavDrawerProps) {
  const { t } = useTranslation('common');
  const { isLoggedIn, logout } = useSession();
  const nav = useNavigation();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content
          className="drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="drawer-header">
            <Dialog.Title className="drawer-title">{t('nav.menu')}</Dialog.Title>
            <Dialog.Close className="modal-close" aria-label={t('nav.close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <nav aria-label={t('header.navLabel')}>
            <ul className="drawer-list">
              <li>
                <SiteLink site="bookings" to="/redirect-to-selected-venue" onClick={close}>
                  {t('nav.bookActivity')}
                </SiteLink>
              </li>
              {nav.showJoining ? (
                <li>
                  <SiteLink site="joining" to={nav.joiningPath} onClick={close}>
                    {t('nav.buyMembership')}
                  </SiteLink>
                </li>
              ) : null}
              <li>
                <SiteLink site="bookings" to="/basket" onClick={close}>
                  {t('nav.shoppingBasket')}
                </SiteLink>
              </li>
              {isLoggedIn ? (
                <>
                  <li>
                    <SiteLink site="account" to="/" onClick={close}>
                      {t('nav.myAccount')}
                    </SiteLink>
                  </li>
                  <li>
                    <button
                      type="button"
                      className="btn btn-link"
                      onClick={() => {
                        close();
                        void logout();
                      }}
                    >
                      {t('nav.logOut')}
                    </button>
                  </li>
                </>
              ) : null}
            </ul>
          </nav>
          {isLoggedIn ? null : (
            <div className="drawer-notice">
              <p>{t('nav.loginNotice')}</p>
              {nav.loginInModal ? (
                <button type="button" className="btn btn-primary" onClick={onLogIn}>
                  {t('nav.logIn')}
                </button>
              ) : (
                <SiteLink site="account" to="/login" className="btn btn-primary" onClick={close}>
                  {t('nav.logIn')}
                </SiteLink>
              )}
              <SiteLink site="account" to="/register" className="btn btn-secondary" onClick={close}>
                {t('nav.createAccount')}
              </SiteLink>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
