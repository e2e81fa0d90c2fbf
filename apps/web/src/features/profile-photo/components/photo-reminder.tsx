import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';
import { useDismissPhotoReminder } from '../api/dismiss-photo-reminder';

/** 'Add a profile photo' until the member sets one or closes this (my-account.md 2.10). */
export function PhotoReminder({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const dismiss = useDismissPhotoReminder();
  const photo = user.profilePhoto;
  if (!photo.authorisation.allowed || photo.isSet || photo.reminder.dismissed) return null;
  return (
    <section className="notice photo-reminder" aria-label={t('documents.photo.reminderLabel')}>
      <p>{t('documents.photo.reminder')}</p>
      <Button
        variant="secondary"
        className="btn-small"
        busy={dismiss.isPending}
        busyText={t('common.processing')}
        onClick={() => dismiss.mutate(undefined, { onError: () => notify.error(t('common.genericError')) })}
      >
        {t('documents.photo.reminderDismiss')}
      </Button>
    </section>
  );
}
