import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from 'dompurify';

/** One purifier for the page, with the hook that makes new-tab links safe. */
function createPurifier(window: WindowLike): Purifier {
  const purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

/** Made when first needed: a page hydrating the server's footer needs none (issue 16). */
let purifier: Purifier | undefined;

/**
 * The same operator HTML (a venue's footer) is sanitised on every page and every server render pass:
 * parsing it into a DOM each time was a tenth of a first view's CPU. The result depends only on the
 * input, so it is kept, for a bounded number of inputs of a footer's size.
 */
const sanitised = new Map<string, string>();
const maxSanitised = 200;
const maxKeptLength = 20_000;

/**
 * The server renderer has no page: it gives the purifier a DOM of its own (jsdom), so operator HTML
 * is rendered on the server exactly as the browser will sanitise it when it hydrates.
 */
export function sanitizeWithWindow(window: WindowLike): void {
  purifier = createPurifier(window);
  sanitised.clear();
}

/**
 * Operator-supplied HTML (footer, terms) is sanitised before it renders (DESIGN.md): no scripts,
 * event handlers, frames, forms or styles; links may open a new tab, but cannot reach back.
 */
export function sanitizeHtml(html: string): string {
  if (!purifier && typeof window !== 'undefined') purifier = createPurifier(window);
  if (!purifier) throw new Error('sanitizeHtml has no DOM: call sanitizeWithWindow first');
  const kept = sanitised.get(html);
  if (kept !== undefined) return kept;
  const clean = purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
  if (html.length > maxKeptLength) return clean;
  if (sanitised.size >= maxSanitised) sanitised.clear();
  sanitised.set(html, clean);
  return clean;
}
