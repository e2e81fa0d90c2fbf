import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FullPageError, NotFoundPage } from '../layout/error-pages';
import { isChunkLoadError } from './lazy';

/** The top-level fallback view on a render crash (shell-session-basket.md 8). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The app crashed while rendering', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <FullPageError reload={isChunkLoadError(this.state.error)} />;
    return this.props.children;
  }
}

/** The root route's errorElement: a failed lazy screen, a thrown 404, or any render error. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isChunkLoadError(error)) console.error('A route failed', error);
  return <FullPageError reload={isChunkLoadError(error)} />;
}
