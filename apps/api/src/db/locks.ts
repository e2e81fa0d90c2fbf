/** PostgreSQL error codes that mean "lost a race, try again": lock timeout, serialization, deadlock, CHECK. */
const raceCodes = new Set(['55P03', '40001', '40P01', '23514']);

export function isRaceError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && raceCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
