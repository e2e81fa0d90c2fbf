import { useRef } from 'react';

/** Tiles failing this many times in a row mean the map background cannot load. */
const failuresInARow = 3;

/**
 * A tile's load and error handlers for the picture and the live map alike: three failures in a
 * row report the background failed, a tile that loads reports it back.
 */
export function useTileFailures(onTilesFailed: (failed: boolean) => void) {
  const failures = useRef(0);
  return {
    loaded: () => {
      failures.current = 0;
      onTilesFailed(false);
    },
    failed: () => {
      failures.current += 1;
      if (failures.current >= failuresInARow) onTilesFailed(true);
    },
  };
}
