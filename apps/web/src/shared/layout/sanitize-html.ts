import DOMPurify from 'dompurify';

/** One purifier for the page, with the hook that makes new-tab links safe. */
const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Operator-supplied HTML (footer, terms) is sanitised before it renders (DESIGN.md): no scripts,
 * event handlers, frames, forms or styles; links may open a new tab, but cannot reach back.
 */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}
