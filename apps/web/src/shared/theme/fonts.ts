import type { FontKey } from '@leisure/contract/operator';

/**
 * Self-hosted fonts (docs/decisions/004-fonts.md): only the chosen keys load, Latin subset, weights
 * 400 and 700. Each import is a separate CSS chunk, so the first paint carries no font CSS.
 */
const fontLoaders: Record<FontKey, { family: string; load: () => Promise<unknown>[] }> = {
  garage_gothic: {
    family: 'Oswald',
    load: () => [import('@fontsource/oswald/latin-400.css'), import('@fontsource/oswald/latin-700.css')],
  },
  lato: {
    family: 'Lato',
    load: () => [import('@fontsource/lato/latin-400.css'), import('@fontsource/lato/latin-700.css')],
  },
  open_sans: {
    family: 'Open Sans',
    load: () => [
      import('@fontsource/open-sans/latin-400.css'),
      import('@fontsource/open-sans/latin-700.css'),
    ],
  },
  roboto: {
    family: 'Roboto',
    load: () => [import('@fontsource/roboto/latin-400.css'), import('@fontsource/roboto/latin-700.css')],
  },
};

/** The family each font key is served as (the page manifest's fonts are the build's CSS of these). */
export const fontFamilies = Object.fromEntries(
  Object.entries(fontLoaders).map(([key, font]) => [key, font.family]),
) as Record<FontKey, string>;

/** A font that does not arrive in time is not worth a blank page: the fallback stack shows instead. */
const fontWaitMs = 3_000;

/** Loads the fonts of the given keys and resolves when they are ready (document.fonts.ready). */
export async function loadFonts(keys: FontKey[], waitMs = fontWaitMs): Promise<void> {
  const unique = [...new Set(keys)];
  const work = (async () => {
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    // The server writes the theme's @font-face rules into the page (decision 020): then the CSS
    // chunk is not needed, and waiting for it would cost a round trip before the first render.
    const declared = (family: string) =>
      fonts !== undefined && [...fonts].some((face) => face.family.replace(/['"]/g, '') === family);
    await Promise.all(
      unique.flatMap((key) => (declared(fontLoaders[key].family) ? [] : fontLoaders[key].load())),
    );
    if (!fonts) return;
    await Promise.all(
      unique.flatMap((key) =>
        ['400', '700'].map((weight) => fonts.load(`${weight} 1em '${fontLoaders[key].family}'`)),
      ),
    );
    await fonts.ready;
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  try {
    await Promise.race([work.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
