/**
 * Where focus goes when a dialog closes (WCAG 2.4.3): back to the control that opened it, or, when
 * that control is gone (the booking it cancelled left the list, the card it deleted, the 'Log in'
 * that became 'My account'), to where the screen has put it since, or else to the first visible
 * control of its nearest container still on the page, so focus never falls to <body> unseen.
 */
export interface FocusMemory {
  opener: HTMLElement;
  /** The opener's ancestors when the dialog opened, nearest first. */
  containers: HTMLElement[];
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What has the focus now (before the dialog takes it), or null when nothing does. */
export function rememberFocus(): FocusMemory | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const containers: HTMLElement[] = [];
  for (let node = active.parentElement; node && node !== document.body; node = node.parentElement) {
    containers.push(node);
  }
  return { opener: active, containers };
}

function canTakeFocus(element: HTMLElement): boolean {
  if (!element.isConnected || element.closest('[hidden], [inert]')) return false;
  // Rendered (not display: none, nor inside it); a DOM without layout cannot tell, so it counts.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/** The element focus goes back to (see above), or null when none is left on the page. */
export function focusTargetOf(memory: FocusMemory | null): HTMLElement | null {
  if (!memory) return null;
  if (canTakeFocus(memory.opener)) return memory.opener;
  // The screen already put focus somewhere on purpose (the empty basket's message): it stays there.
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && active.isConnected) return active;
  for (const container of memory.containers) {
    if (!container.isConnected) continue;
    for (const candidate of container.querySelectorAll<HTMLElement>(focusable)) {
      if (canTakeFocus(candidate)) return candidate;
    }
  }
  return null;
}
