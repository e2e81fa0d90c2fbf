import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useGuestPassAllowances } from '../../../features/guest-passes/api/get-guest-pass-allowances';
import { useGuestPasses } from '../../../features/guest-passes/api/get-guest-passes';
import { AllowanceCards } from '../../../features/guest-passes/components/allowance-cards';
import { GuestPassList } from '../../../features/guest-passes/components/guest-pass-list';
import { GuestPassesGate } from '../../../features/guest-passes/components/guest-passes-gate';
import { SendGuestPassPanel } from '../../../features/guest-passes/components/send-guest-pass-panel';
import '../../../features/guest-passes/guest-passes.css';
import { compareNames } from '../../../shared/format/names';
import { FormLoadError } from '../../../shared/forms/form-status';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { PageSpinner } from '../../../shared/ui/page-spinner';

/** The allowance cards and the 'Send guest pass' button, shared by both guest pass screens. */
function Allowances({ userId }: { userId: number }) {
  const { t } = useTranslation('account');
  const allowances = useGuestPassAllowances(userId);
  const [sending, setSending] = useState(false);
  if (allowances.isError) return <FormLoadError onRetry={() => void allowances.refetch()} />;
  if (!allowances.data) return <PageSpinner />;
  const venues = new Map<number, { id: number; name: string }>();
  for (const allowance of allowances.data) for (const venue of allowance.venues) venues.set(venue.id, venue);
  const canSend = allowances.data.length > 0;
  return (
    <section className="gp-section" aria-labelledby="gp-allowances-heading">
      <div className="gp-header">
        <h2 id="gp-allowances-heading">{t('guestPasses.allowancesHeading')}</h2>
        {canSend ? <Button onClick={() => setSending(true)}>{t('guestPasses.send')}</Button> : null}
      </div>
      <AllowanceCards allowances={allowances.data} />
      <SendGuestPassPanel
        open={sending}
        onOpenChange={setSending}
        userId={userId}
        venues={[...venues.values()].sort((a, b) => compareNames(a.name, b.name))}
      />
    </section>
  );
}

function SentPasses({ userId }: { userId: number }) {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const passes = useGuestPasses(userId, page);
  let body = <PageSpinner />;
  if (passes.isError) body = <FormLoadError onRetry={() => void passes.refetch()} />;
  else if (passes.data) {
    body = (
      <GuestPassList
        page={passes.data}
        busy={passes.isPlaceholderData}
        onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
      />
    );
  }
  return (
    <section className="gp-section" aria-labelledby="gp-sent-heading">
      <h2 id="gp-sent-heading">{t('guestPasses.sentHeading')}</h2>
      {body}
    </section>
  );
}

/** /guest-passes: allowances, 'Send guest pass' and the sent passes (my-account.md 2.5). */
export function GuestPassesScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('guestPasses.title'));
  const { user } = useSession();
  return (
    <GuestPassesGate>
      <main id="main" className="page">
        <h1>{t('guestPasses.title')}</h1>
        <p>{t('guestPasses.intro')}</p>
        {user ? (
          <>
            <Allowances userId={user.id} />
            <SentPasses userId={user.id} />
          </>
        ) : null}
      </main>
    </GuestPassesGate>
  );
}

/** /guest-passes/available-passes: the allowance cards on their own. */
export function AvailablePassesScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('guestPasses.availableTitle'));
  const { user } = useSession();
  return (
    <GuestPassesGate>
      <main id="main" className="page">
        <h1>{t('guestPasses.availableTitle')}</h1>
        {user ? <Allowances userId={user.id} /> : null}
        <p className="gp-section">
          <Link to="/guest-passes">{t('guestPasses.seeSent')}</Link>
        </p>
      </main>
    </GuestPassesGate>
  );
}
