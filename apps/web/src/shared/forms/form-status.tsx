import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

/** While a form's fields load. */
export function FormLoading() {
  const { t } = useTranslation('account');
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** When a form's fields fail to load: the generic message and a retry. */
export function FormLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div role="alert" className="form-error">
      <p>{t('common.genericError')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
