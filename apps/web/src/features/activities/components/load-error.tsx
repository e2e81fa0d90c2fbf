import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, fallbackMessage } from '../../../shared/api/client';

/** A failed read: the server's text (404's 'item not found', 422's date message) and a way back. */
export function LoadError({
  error,
  backTo,
  backText,
}: {
  error: unknown;
  backTo?: string;
  backText?: string;
}) {
  const { t } = useTranslation('bookings');
  const message = error instanceof ApiError ? error.message : fallbackMessage;
  return (
    <div className="notice" role="alert">
      <p>{message}</p>
      {backTo ? <Link to={backTo}>{backText ?? t('venue.chooseAnother')}</Link> : null}
    </div>
  );
}
