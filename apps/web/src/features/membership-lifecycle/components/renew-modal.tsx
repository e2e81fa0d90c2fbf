import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { sanitizeHtml } from '../../../shared/layout/sanitize-html';
import { useSiteUrl } from '../../../shared/links/use-site-url';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { useRenewal } from '../api/get-renewal';
import { useRenewMembership } from '../api/renew-membership';
import type { MembershipModalProps } from './freeze-modal';

export interface RenewModalProps extends MembershipModalProps {
  /** Opens the checkout (another sub-site); a full page load by default. */
  leave?: (url: string) => void;
}

/** The Renew modal (my-account.md 2.6, 4 "Renewal"). */
export function RenewModal({
  membership,
  onClose,
  leave = (url) => window.location.assign(url),
}: RenewModalProps) {
  const { t } = useTranslation('account');
  const siteUrl = useSiteUrl();
  const renewal = useRenewal(membership.id);
  const renew = useRenewMembership();

  function close() {
    renew.reset();
    onClose();
  }

  async function addToBasket() {
    try {
      await renew.mutateAsync(membership.id);
    } catch {
      return;
    }
    renew.reset();
    close();
    leave(siteUrl('bookings', '/basket/checkout'));
  }

  const loadError = renewal.error instanceof ApiError ? renewal.error : null;
  const addError = renew.error instanceof ApiError ? renew.error : null;
  const details = renewal.data;

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('membershipChange.renew.title')}
    >
      {renewal.isPending ? (
        <PageSpinner />
      ) : loadError && loadError.status >= 400 && loadError.status < 500 && loadError.status !== 404 ? (
        <ul role="alert" className="form-error">
          {(loadError.errors.membership ?? [loadError.message]).map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : renewal.isError && !(loadError?.status === 404) ? (
        // A 5xx, or no answer at all (offline): a failure, never 'No membership found'.
        <p role="alert" className="notice notice-error">
          {t('membershipChange.renew.serverError')}
        </p>
      ) : !details ? (
        <p className="notice">{t('membershipChange.renew.notFound')}</p>
      ) : (
        <div className="renew-details">
          <dl className="details-list">
            <dt>{t('membershipChange.renew.accessLevel')}</dt>
            <dd>{details.access}</dd>
            <dt>{t('membershipChange.renew.benefits')}</dt>
            <dd>{details.benefits.join(', ') || '-'}</dd>
            <dt>{t('membershipChange.renew.length')}</dt>
            <dd>{details.duration}</dd>
            <dt>{t('membershipChange.renew.startDate')}</dt>
            <dd>{details.startDate.fullDatePretty}</dd>
            <dt>{t('membershipChange.renew.endDate')}</dt>
            <dd>{details.endDate.fullDatePretty}</dd>
            <dt>{t('membershipChange.renew.description')}</dt>
            {/* Operator HTML, sanitised before it is rendered. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeHtml */}
            <dd dangerouslySetInnerHTML={{ __html: sanitizeHtml(details.description) }} />
            <dt>{t('membershipChange.renew.price')}</dt>
            <dd>{details.price.formatted}</dd>
            {details.joiningFee ? (
              <>
                <dt>{t('membershipChange.renew.joiningFee')}</dt>
                <dd>{details.joiningFee.formatted}</dd>
              </>
            ) : null}
          </dl>
          <p className="renew-total">
            <strong>{t('membershipChange.renew.total', { amount: details.totalCost.formatted })}</strong>
          </p>
          {!details.canRenew && details.renewForbidReason ? (
            <p role="alert" className="notice">
              {details.renewForbidReason}
            </p>
          ) : null}
          {addError ? (
            <div role="alert" className="form-error">
              <p>{t('membershipChange.renew.addFailed')}</p>
              {addError.status === 422
                ? (addError.errors.membership ?? []).map((message) => <p key={message}>{message}</p>)
                : null}
            </div>
          ) : null}
          <div className="modal-actions">
            <Button
              onClick={() => void addToBasket()}
              disabled={!details.canRenew}
              busy={renew.isPending}
              busyText={t('membershipChange.renew.submitting')}
            >
              {t('membershipChange.renew.submit')}
            </Button>
            <Button variant="secondary" onClick={close}>
              {t('membershipChange.renew.cancel')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
