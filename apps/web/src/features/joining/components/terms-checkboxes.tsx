import { useTranslation } from 'react-i18next';
import { afterThe } from '../../../shared/format/titles';
import { sanitizeHtml } from '../../../shared/layout/sanitize-html';
import { CheckboxField } from '../../../shared/ui/checkbox-field';
import type { JoiningTerm } from '../api/types';

export interface TermsCheckboxesProps {
  terms: JoiningTerm[];
  accepted: number[];
  onChange: (accepted: number[]) => void;
}

/** One checkbox per term ('I agree to the {title}') with the term's text behind a disclosure. */
export function TermsCheckboxes({ terms, accepted, onChange }: TermsCheckboxesProps) {
  const { t } = useTranslation('flow');
  return (
    <>
      {terms.map((term) => (
        <div key={term.id} className="joining-term">
          <details>
            <summary>{t('terms.read', { title: afterThe(term.title) })}</summary>
            <div
              className="joining-term-text"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: operator HTML, sanitised with DOMPurify.
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(term.html) }}
            />
          </details>
          <CheckboxField
            label={t('terms.agree', { title: afterThe(term.title) })}
            required
            checked={accepted.includes(term.id)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...accepted, term.id] : accepted.filter((id) => id !== term.id),
              )
            }
          />
        </div>
      ))}
    </>
  );
}
