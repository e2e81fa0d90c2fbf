import type { AdminArea } from '../area';
import { adminAreas } from '../areas';

/** A navigation entry of the console: an area, or one of the shell's own screens. */
export interface ConsoleNavEntry {
  to: string;
  label: string;
}

/** The entries a staff user with these permissions sees: their areas, then the Audit log. */
export function navigationFor(permissions: readonly string[], areas: readonly AdminArea[] = adminAreas) {
  const entries: ConsoleNavEntry[] = areas
    .filter((area) => permissions.includes(area.permission))
    .map((area) => ({ to: `/${area.path}`, label: area.label }));
  if (permissions.includes('audit.read')) entries.push({ to: '/audit', label: 'Audit log' });
  return entries;
}
