import DOMPurify from 'dompurify';
import { useCallback, useId, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { describedBy, FieldErrors } from '../ui/field-messages';
import { Modal } from '../ui/modal';
import { useTerms } from './api/get-terms';
import './forms.css';

/** The spec's tolerance for "scrolled to the bottom" of the terms (my-account.md 9). */
const termsScrollTolerancePx = 10;

function isScrolledToEnd(element: HTMLElement, tolerance = termsScrollTolerancePx): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= tolerance;
}

function TermsBody({ onAgree, cartId }: { onAgree: () => void; cartId?: number | undefined }) {
  const { t } = useTranslation('account');
  const terms = useTerms(cartId);
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [canAgree, setCanAgree] = useState(false);

  const check = useCallback((element: HTMLElement) => {
    if (isScrolledToEnd(element)) setCanAgree(true);
  }, []);

  // Content that fits without scrolling can be agreed to at once.
  useLayoutEffect(() => {
    if (node && terms.data) check(node);
  }, [node, terms.data, check]);

  if (terms.isPending) {
    return (
      <p role="status" className="terms-loading">
        {t('common.loading')}
      </p>
    );
  }
  if (terms.isError) {
    return (
      <>
        <p role="alert" className="form-error">
          {t('common.genericError')}
        </p>
        <div className="modal-actions">
          <Button disabled>{t('terms.agree')}</Button>
        </div>
      </>
    );
  }
  return (
    <>
      {/* A focusable region, so keyboard users can scroll it too. */}
      <section
        ref={setNode}
        className="terms-scroll"
        data-terms-scroll=""
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        aria-label={t('terms.title')}
        onScroll={(event) => check(event.currentTarget)}
      >
        {terms.data.map((term) => (
          <article key={term.id} className="term">
            <h3>{term.title}</h3>
            {/* Operator HTML, sanitised before it is rendered. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify. */}
            <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(term.html) }} />
          </article>
        ))}
      </section>
      {canAgree ? null : <p className="field-hint">{t('terms.scrollHint')}</p>}
      <div className="modal-actions">
        <Button onClick={onAgree} disabled={!canAgree}>
          {t('terms.agree')}
        </Button>
      </div>
    </>
  );
}

export interface TermsModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAgree: () => void;
  /** Show a basket's checkout terms (GET api/terms?cart_id) instead of the account terms. */
  cartId?: number | undefined;
}

/** The terms in a modal; 'I Agree' waits until the user has scrolled to the end. */
function TermsModal({ open, onOpenChange, onAgree, cartId }: TermsModalProps) {
  const { t } = useTranslation('account');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('terms.title')} size="large">
      <TermsBody
        cartId={cartId}
        onAgree={() => {
          onAgree();
          onOpenChange(false);
        }}
      />
    </Modal>
  );
}

export interface TermsCheckboxProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  errors?: string[] | undefined;
  /** A basket's checkout terms instead of the account terms. */
  cartId?: number | undefined;
}

/**
 * 'I agree to the Terms and Conditions': the words 'Terms and Conditions' are a button that opens
 * the terms. Ticking the box also opens them (agreeing there ticks it), so the terms are always
 * shown before they are accepted; unticking works directly.
 */
export function TermsCheckbox({ checked, onCheckedChange, errors = [], cartId }: TermsCheckboxProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const [open, setOpen] = useState(false);
  const errorId = errors.length ? `${id}-error` : undefined;
  return (
    <div
      className={['field', 'field-checkbox', errors.length ? 'field-invalid' : ''].filter(Boolean).join(' ')}
    >
      <div className="checkbox-row">
        <input
          id={id}
          type="checkbox"
          name="terms"
          checked={checked}
          onChange={(event) => {
            if (event.target.checked) setOpen(true);
            else onCheckedChange(false);
          }}
          aria-labelledby={`${id}-label ${id}-open`}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={describedBy(errorId)}
        />
        <label id={`${id}-label`} htmlFor={id} className="field-label">
          {t('terms.agreePrefix')}
        </label>{' '}
        <button
          id={`${id}-open`}
          type="button"
          className="btn btn-link terms-open"
          onClick={() => setOpen(true)}
        >
          {t('terms.title')}
        </button>
      </div>
      <FieldErrors id={errorId} errors={errors} />
      <TermsModal
        open={open}
        onOpenChange={setOpen}
        onAgree={() => onCheckedChange(true)}
        cartId={cartId}
        // Agreed or not, focus goes back to what opened the terms (the box, now ticked, or the
        // 'Terms and Conditions' button), where its focus ring shows. Moving on to the next control
        // put it on the card frame's <iframe> element: no ring, and typed digits went nowhere.
      />
    </div>
  );
}
