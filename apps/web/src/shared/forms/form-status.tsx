import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { PageSpinner } from '../ui/page-spinner';

/** While a form's fields load. */
export const FormLoading = PageSpinner;

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
