import { useSession } from '../../../shared/session/session';
import type { ViewerKey } from '../api/paths';

/** Who is looking, for availability query keys; `ready` once the session is known. */
export function useViewer(): { viewer: ViewerKey; ready: boolean } {
  const { user, isLoading } = useSession();
  return { viewer: user?.id ?? 'anonymous', ready: !isLoading };
}
