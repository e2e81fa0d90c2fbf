import { createContext, type ReactNode, useContext } from 'react';

/**
 * Kiosk and embedded modes (shell-session-basket.md 1 and 4): a query value sets them at start-up
 * and they last for the tab (sessionStorage), so later pages without the flag keep the mode.
 */
export interface Modes {
  embedded: boolean;
  kiosk: boolean;
}

export const noModes: Modes = { embedded: false, kiosk: false };

const modeNames = ['embedded', 'kiosk'] as const;
type ModeName = (typeof modeNames)[number];
const storageKey = (mode: ModeName) => `leisure.mode.${mode}`;

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be blocked (embedded in a third-party frame): the modes then last for the page.
    return undefined;
  }
}

/** 'true', '1', 'yes' or an empty value switch a mode on; 'false', '0', 'no' switch it off. */
export function parseModeFlag(value: string | null): boolean | undefined {
  if (value === null) return undefined;
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'true' || text === '1' || text === 'yes') return true;
  if (text === 'false' || text === '0' || text === 'no') return false;
  return undefined;
}

let pageModes: Modes = { ...noModes };

/** Reads the stored modes, applies the query values of this page and stores the result. */
export function initModes(search: string, storage: Storage | undefined = safeStorage()): Modes {
  const params = new URLSearchParams(search);
  const next = { ...readStoredModes(storage) };
  for (const mode of modeNames) {
    const flag = parseModeFlag(params.get(mode));
    if (flag === undefined) continue;
    next[mode] = flag;
    try {
      if (flag) storage?.setItem(storageKey(mode), 'true');
      else storage?.removeItem(storageKey(mode));
    } catch {
      // Full or blocked storage: the mode still applies to this page.
    }
  }
  pageModes = next;
  return next;
}

export function readStoredModes(storage: Storage | undefined = safeStorage()): Modes {
  const read = (mode: ModeName) => {
    try {
      return storage?.getItem(storageKey(mode)) === 'true';
    } catch {
      return false;
    }
  };
  return { embedded: read('embedded') || pageModes.embedded, kiosk: read('kiosk') || pageModes.kiosk };
}

const ModesContext = createContext<Modes | null>(null);

export function ModesProvider({ modes, children }: { modes: Modes; children: ReactNode }) {
  return <ModesContext.Provider value={modes}>{children}</ModesContext.Provider>;
}

/** The modes of this tab. */
export function useModes(): Modes {
  return useContext(ModesContext) ?? readStoredModes();
}
