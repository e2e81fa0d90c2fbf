import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FullPageError, NotFoundPage } from '../layout/error-pages';
import { AppStarted } from './app-started';
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
    if (this.state.error) {
      return (
        <>
          <FullPageError reload={isChunkLoadError(this.state.error)} />
          <AppStarted />
        </>
      );
    }
    return this.props.children;
  }
}

/** The root route's errorElement: a failed lazy screen, a thrown 404, or any render error. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && !isChunkLoadError(error)) console.error('A route failed', error);
  // The error page is the page's first view: its taps held until now are given (sites/before-start.ts).
  return (
    <>
      {notFound ? <NotFoundPage /> : <FullPageError reload={isChunkLoadError(error)} />}
      <AppStarted />
    </>
  );
}
