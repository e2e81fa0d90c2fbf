import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import type { SectionKey } from '../lib/sections';

export interface FlowSectionProps {
  sectionKey: SectionKey;
  number: number;
  title: string;
  open: boolean;
  /** Saved or completed once: the summary and the Edit button show while closed. */
  edited: boolean;
  /** False on renewal: completed sections show no Edit button. */
  canEdit: boolean;
  summary?: ReactNode;
  onEdit: () => void;
  children: ReactNode;
}

/**
 * One numbered accordion section: a heading whose button says whether the section is expanded, a
 * summary and Edit button once completed, and the content while open.
 */
export function FlowSection({
  sectionKey,
  number,
  title,
  open,
  edited,
  canEdit,
  summary,
  onEdit,
  children,
}: FlowSectionProps) {
  const { t } = useTranslation('flow');
  const headingId = `flow-${sectionKey}-heading`;
  const panelId = `flow-${sectionKey}-panel`;
  const reachable = edited && canEdit;
  return (
    <section
      className={['flow-section', open ? 'flow-section-open' : '', edited ? 'flow-section-edited' : '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={headingId}
      data-section={sectionKey}
    >
      <h2 className="flow-section-heading">
        <button
          type="button"
          id={headingId}
          className="flow-section-toggle"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-disabled={!open && !reachable ? true : undefined}
          onClick={() => {
            if (!open && reachable) onEdit();
          }}
        >
          <span className="flow-section-number" aria-hidden="true">
            {number}
          </span>
          <span className="visually-hidden">{t('joining.stepLabel', { number })} </span>
          {title}
        </button>
      </h2>
      {open ? (
        <div id={panelId} className="flow-section-panel">
          {children}
        </div>
      ) : edited ? (
        <div className="flow-section-summary">
          <div>{summary}</div>
          {canEdit ? (
            <Button variant="secondary" onClick={onEdit} aria-label={t('joining.editSection', { title })}>
              {t('joining.edit')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
