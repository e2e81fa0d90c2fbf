import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { useSiteUrl } from '../../../shared/links/use-site-url';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { useCancelMembership } from '../api/cancel-membership';
import { useCancelInfo } from '../api/get-cancel-info';
import type { CancelInfo, CancelMembershipResult, MyMembership } from '../api/types';

export interface MembershipModalProps {
  membership: MyMembership;
  onClose(): void;
  onDone?(): void;
  /** Leaves for another sub-site (tests replace it). */
  leave?: (url: string) => void;
}

type View = 'info' | 'debt';

/** The Cancel modal (my-account.md 2.6 "Cancel modal", 4 "Cancel membership"). */
export function CancelMembershipModal({
  membership,
  onClose,
  onDone,
  leave = (url) => window.location.assign(url),
}: MembershipModalProps) {
  const { t } = useTranslation('account');
  const info = useCancelInfo(membership.id);
  const cancel = useCancelMembership();
  const siteUrl = useSiteUrl();
  const [view, setView] = useState<View>('info');
  const [done, setDone] = useState<CancelMembershipResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = (thenCheckout: boolean) => {
    setErrors([]);
    cancel.mutate(membership.id, {
      onSuccess: (result) => {
        if (thenCheckout || result.checkoutRequired) {
          // The debts are in the basket: pay them on the bookings site's checkout.
          leave(siteUrl('bookings', '/basket/checkout'));
          return;
        }
        setDone(result);
        onDone?.();
      },
      onError: (error) => {
        const messages =
          error instanceof ApiError
            ? (error.wireErrors.membership ?? [error.message])
            : [t('common.genericError')];
        setErrors(messages);
      },
    });
  };

  const title = done ? t('membershipsArea.cancel.doneTitle') : t('membershipsArea.cancel.title');
  // Cancel buttons stay disabled once done or after an error (my-account.md 4).
  const locked = cancel.isPending || errors.length > 0 || done !== null;

  let body = <PageSpinner />;
  if (done) {
    body = <Done result={done} onClose={onClose} />;
  } else if (info.isError) {
    body = (
      <div role="alert">
        <p>{t('membershipsArea.cancel.loadError')}</p>
        <Button variant="secondary" onClick={onClose}>
          {t('membershipsArea.cancel.close')}
        </Button>
      </div>
    );
  } else if (info.data && !info.data.allowOnlineMembershipCancellation) {
    body = (
      <div>
        <p className="mm-note mm-note-danger">
          <strong>{t('membershipsArea.cancel.refusedTitle')}</strong>
        </p>
        {info.data.membershipCancellationRefusalMessage ? (
          <p>{info.data.membershipCancellationRefusalMessage}</p>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          {t('membershipsArea.cancel.close')}
        </Button>
      </div>
    );
  } else if (info.data && view === 'debt') {
    body = (
      <Debts
        info={info.data}
        busy={cancel.isPending}
        disabled={locked}
        onPay={() => submit(true)}
        onBack={() => setView('info')}
      />
    );
  } else if (info.data) {
    const data = info.data;
    const fixed = data.paymentType === 'fixed';
    body = (
      <div>
        <p>
          <strong>{membership.membershipType.name}</strong>
        </p>
        <p>{t('membershipsArea.cancel.number', { reference: membership.reference })}</p>
        {fixed ? <p>{t('membershipsArea.cancel.fixed')}</p> : null}
        {!fixed && data.recurring?.cancellationNoticeRequired ? (
          <>
            <p>{t('membershipsArea.cancel.notice', { count: data.recurring.cancellationNoticePeriod })}</p>
            <p>{t('membershipsArea.cancel.noticeExplained')}</p>
          </>
        ) : null}
        {!fixed && data.recurring ? (
          <dl className="mm-dates">
            <dt>{t('membershipsArea.cancel.finalPaymentDate')}</dt>
            <dd>{data.recurring.earliestFinalPaymentDate?.fullDate ?? '-'}</dd>
            <dt>{t('membershipsArea.cancel.finalDay')}</dt>
            <dd>{data.recurring.earliestFinalDayOfMembership.fullDate}</dd>
          </dl>
        ) : null}
        <Errors messages={errors} />
        <div className="mm-actions">
          {data.hasOutstandingPenaltiesDue ? (
            <Button onClick={() => setView('debt')} disabled={locked}>
              {t('membershipsArea.cancel.continue')}
            </Button>
          ) : (
            <Button
              onClick={() => submit(false)}
              disabled={locked}
              busy={cancel.isPending}
              busyText={t('membershipsArea.cancel.submitting')}
            >
              {t('membershipsArea.cancel.submit')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('membershipsArea.cancel.goBack')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
    >
      {done ? (
        <p>
          <span className="mm-badge mm-badge-danger">{t('membershipsArea.cancel.cancelledBadge')}</span>
        </p>
      ) : null}
      {body}
    </Modal>
  );
}

function Errors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="mm-errors" role="alert">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

function Debts({
  info,
  busy,
  disabled,
  onPay,
  onBack,
}: {
  info: CancelInfo;
  busy: boolean;
  disabled: boolean;
  onPay(): void;
  onBack(): void;
}) {
  const { t } = useTranslation('account');
  const columns = {
    type: t('membershipsArea.cancel.feeType'),
    amount: t('membershipsArea.cancel.feeAmount'),
    centre: t('membershipsArea.cancel.feeCentre'),
    session: t('membershipsArea.cancel.feeSession'),
    date: t('membershipsArea.cancel.feeDate'),
  };
  return (
    <div>
      <p>
        <strong>{t('membershipsArea.cancel.debtTitle')}</strong>
      </p>
      <p>{t('membershipsArea.cancel.debtIntro')}</p>
      <table className="mm-fees">
        <thead>
          <tr>
            {Object.values(columns).map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {info.outstandingPenaltiesDue.map((fee) => (
            <tr key={fee.id}>
              <td data-label={columns.type}>{fee.type}</td>
              <td data-label={columns.amount}>{fee.feeAmount.formatted}</td>
              <td data-label={columns.centre}>{fee.venue}</td>
              <td data-label={columns.session}>{fee.session}</td>
              <td data-label={columns.date}>{fee.createdAt}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mm-total">
        {t('membershipsArea.cancel.totalOwed', { amount: info.totalOwed.formatted })}
      </p>
      <p>{t('membershipsArea.cancel.automatic')}</p>
      <div className="mm-actions">
        <Button onClick={onPay} disabled={disabled} busy={busy} busyText={t('common.processing')}>
          {t('membershipsArea.cancel.payDebt')}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {t('membershipsArea.cancel.goBack')}
        </Button>
      </div>
    </div>
  );
}

function Done({ result, onClose }: { result: CancelMembershipResult; onClose(): void }) {
  const { t } = useTranslation('account');
  return (
    <div>
      <p role="status">
        {result.state === 'scheduled' && result.finalDay
          ? t('membershipsArea.cancel.doneScheduled', {
              date: result.finalDay.fullDate,
              payment: result.finalPaymentDate?.fullDate ?? result.finalDay.fullDate,
            })
          : t('membershipsArea.cancel.doneImmediate')}
      </p>
      <Button variant="secondary" onClick={onClose}>
        {t('membershipsArea.cancel.close')}
      </Button>
    </div>
  );
}
