/**
 * The script a server-rendered page carries inline before its root (docs/decisions/027, 059). The
 * page shows its buttons and forms before the app's scripts have made them work (on a slow phone,
 * for seconds); this covers that time. The web build compiles it on its own into one classic script
 * (build/site-pages.ts) and writes it into the page manifest; the API server inlines it and allows
 * it by its hash in the pages' Content-Security-Policy. It imports nothing: it runs before any
 * module has loaded.
 *
 * - No form of the app is ever sent by the browser (each is the app's, by its submit handler); one
 *   submitted before the app starts would be sent as a GET with its fields (a password) in the
 *   address. Every submit the app has not handled is refused.
 * - A button, checkbox or radio tapped before React has hydrated it would do nothing, or change
 *   the page without the app knowing (React drops a tap on a part it cannot hydrate yet, and one
 *   on a part hydrated but not yet committed). The tap is held, and given again once the element
 *   works (`works`) and the page is idle (no hydration half done). One React stops at its root (a
 *   part it could not finish hydrating at once) is given again later; after 30 s it is dropped. A
 *   checkbox or radio shows its tap meanwhile. A select's choice is held the same way (the select
 *   shows its first value until then). What works already passes untouched.
 * - Text typed into a field stays in it, and a form reads it when sent; but React takes the field's
 *   text as its own first value when it hydrates, so an app that acts as the text changes (a live
 *   search) would never learn it. Once React works the field, it is told of the text as typed.
 * - A file chosen stays on its input, but the app never heard of it: once React works the input,
 *   its change event is given again.
 * - The app's scripts (the script element's `data-entry` and `data-modules`) start once the page
 *   has painted its content (first-contentful-paint), even when its load event comes first (a fast
 *   network): started before the first paint, they counted in Lighthouse's estimate of it. A
 *   browser without paint timing, and a tab in the background (it paints nothing), start them at
 *   the load event. The preloads go on one a task, the entry after them.
 */

interface HeldElement extends HTMLElement {
  leisureTapped?: boolean;
  leisureTyped?: boolean;
}

/** Once the app has been live this long, an element is taken to work whatever React has marked. */
const liveFallbackMs = 3_000;
/** A held event is dropped after this long. */
const holdMs = 30_000;

/**
 * Whether React has hydrated the element: React puts the props it rendered on the element it
 * hydrates (a key starting `__reactProps$`); no public API says so per element. The app itself
 * says only that its first view is committed (`leisureLive`), hence the fall-back after 3 s.
 */
function reactHydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/** The page's first view is committed and React has hydrated the element (or 3 s have passed). */
function works(element: Element): boolean {
  // When the page's first view was committed (shared/app/app-started.tsx sets it).
  const live = (window as { leisureLive?: number }).leisureLive;
  return live !== undefined && (reactHydrated(element) || Date.now() - live > liveFallbackMs);
}

/**
 * Gives an event again; false when it did not reach the element: React stops an event at the root
 * while the element's part is hydrated but not committed (it cannot finish it at once).
 */
function give(element: Element, type: string, act: () => void): boolean {
  let reached = false;
  const mark = () => {
    reached = true;
  };
  element.addEventListener(type, mark);
  try {
    act();
  } finally {
    element.removeEventListener(type, mark);
  }
  return reached;
}

const idle: (callback: () => void, options: { timeout: number }) => void =
  typeof window.requestIdleCallback === 'function'
    ? (callback, options) => window.requestIdleCallback(callback, options)
    : (callback) => setTimeout(callback, 50);

/**
 * Once React works the element and the page is idle (React has no hydration in progress: one half
 * done takes an event without acting on it), `then` gives the event again; false means it did not
 * reach the element, and it is tried again.
 */
function whenWorking(element: Element, then: () => boolean): void {
  const until = Date.now() + holdMs;
  const again = (): void => {
    if (!element.isConnected || Date.now() > until) return;
    if (!works(element)) {
      requestAnimationFrame(again);
      return;
    }
    idle(
      () => {
        if (element.isConnected && !then()) requestAnimationFrame(again);
      },
      { timeout: 1_000 },
    );
  };
  again();
}

const dispatch = (element: Element, type: string) => () => {
  element.dispatchEvent(new Event(type, { bubbles: true }));
};

function holdTaps(): void {
  addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest<HTMLElement>(
        'button,[role=button],input[type=checkbox],input[type=radio]',
      ) as (HeldElement & Partial<HTMLInputElement>) | null | undefined;
      if (!button || works(button)) return;
      event.stopPropagation();
      // A checkbox or radio shows the tap at once; once React works it, React's tracker is set
      // back to the state before the tap (through its own setter) and the tap given again.
      if (button.type === 'checkbox' || button.type === 'radio') {
        if (button.leisureTapped) return;
        button.leisureTapped = true;
        whenWorking(button, () => {
          button.checked = !button.checked;
          return give(button, 'click', () => button.click());
        });
        return;
      }
      event.preventDefault();
      whenWorking(button, () => give(button, 'click', () => button.click()));
    },
    true,
  );
}

function holdChoices(): void {
  addEventListener(
    'change',
    (event) => {
      const field = event.target;
      if (!(field instanceof HTMLElement) || works(field)) return;
      // A file chosen stays on its input (its input event is not typed text, below).
      if (field instanceof HTMLInputElement && field.type === 'file') {
        event.stopPropagation();
        whenWorking(field, () => give(field, 'change', dispatch(field, 'change')));
        return;
      }
      if (!(field instanceof HTMLSelectElement)) return;
      event.stopPropagation();
      const chosen = field.value;
      for (const option of field.options) option.selected = option.defaultSelected;
      whenWorking(field, () => {
        field.value = chosen;
        return give(field, 'change', dispatch(field, 'change'));
      });
    },
    true,
  );
}

function holdTyping(): void {
  addEventListener(
    'input',
    (event) => {
      const field = event.target as (HeldElement & (HTMLInputElement | HTMLTextAreaElement)) | null;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      if (field.type === 'file' || field.leisureTyped || works(field)) return;
      field.leisureTyped = true;
      // React's tracker is set back to the field's first value (through its own setter), the text
      // put back beside it (the prototype's setter), and an input event tells the app.
      whenWorking(field, () => {
        const typed = field.value;
        field.value = field.defaultValue;
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
        return give(field, 'input', dispatch(field, 'input'));
      });
    },
    true,
  );
}

/**
 * Starts the app's scripts once the page has painted. The preloads go on one a task: each starts a
 * request (5-8 ms with Lighthouse's network recording, 20-30 ms of a phone's CPU as it simulates
 * one), and thirty at once were a task of 40-60 ms right after the first paint (/join/). The next
 * task is a message to itself, not a timer (a journey's fake clock holds timers).
 */
function startAfterFirstPaint(script: HTMLOrSVGScriptElement | null): void {
  const data = script instanceof HTMLScriptElement ? script.dataset : undefined;
  const entry = data?.entry;
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const modules = (data.modules ?? '').split(' ').filter(Boolean);
    const channel = typeof MessageChannel === 'function' ? new MessageChannel() : undefined;
    let next = 0;
    const step = () => {
      const href = modules[next];
      if (href !== undefined) {
        next += 1;
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      }
      if (next < modules.length) {
        if (channel) channel.port2.postMessage(0);
        else step();
        return;
      }
      const app = document.createElement('script');
      app.type = 'module';
      app.crossOrigin = '';
      app.src = entry;
      document.head.appendChild(app);
    };
    if (channel) channel.port1.onmessage = step;
    step();
  };
  let paints = false;
  try {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    }).observe({ type: 'paint', buffered: true });
    paints = PerformanceObserver.supportedEntryTypes.includes('paint');
  } catch {
    // No paint timing: the load event starts them.
  }
  // A page that loads before its first paint (a fast network) still waits for it; a browser
  // without paint timing, and a tab in the background (it paints nothing), start at the load
  // event; 2 s after it, should a first paint never be reported.
  addEventListener('load', () => {
    if (!paints || document.visibilityState === 'hidden') start();
    else setTimeout(start, 2_000);
  });
}

addEventListener('submit', (event) => event.preventDefault());
holdTaps();
holdChoices();
holdTyping();
startAfterFirstPaint(document.currentScript);
