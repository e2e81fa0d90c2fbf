/** 'm:ss' for the time left until `expiresAt`; '0:00' once it has passed. */
export function formatTimeLeft(msLeft: number): string {
  const totalSeconds = Math.max(0, Math.ceil(msLeft / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export function msUntil(iso: string, now: number = Date.now()): number {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? 0 : at - now;
}
