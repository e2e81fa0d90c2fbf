import { useEffect } from 'react';

/** The attribute browser automation written for the original site finds toasts by. */
const toastTestHook = { name: 'data-dusk', value: 'notification-toast' } as const;

const toastSelector = '[data-sonner-toast]';

function mark(root: ParentNode): void {
  for (const toast of root.querySelectorAll(`${toastSelector}:not([${toastTestHook.name}])`)) {
    toast.setAttribute(toastTestHook.name, toastTestHook.value);
  }
}

/**
 * Puts `data-dusk="notification-toast"` on every toast, as the original site has it (issue 11).
 * The toaster (sonner) takes no attributes of ours on its toasts, so they are marked as they appear.
 */
export function ToastTestHooks() {
  useEffect(() => {
    mark(document.body);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(toastSelector)) node.setAttribute(toastTestHook.name, toastTestHook.value);
          else mark(node);
        }
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
