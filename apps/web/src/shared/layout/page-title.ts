import { createContext, createElement, type ReactNode, useContext, useEffect } from 'react';

let appName = 'Riverside Leisure';

export function setAppName(name: string): void {
  appName = name;
}

/** The spec's page title format '{app} | {title}' (shell-session-basket.md). */
function formatPageTitle(app: string, title: string): string {
  return `${app} | ${title}`;
}

/**
 * On the server (sites/render-on-server.tsx): told of each page title the tree sets as it renders,
 * so the page is sent with it in its <title> instead of the template's (issue 45).
 */
const PageTitleReportContext = createContext<((title: string) => void) | null>(null);

export function PageTitleReporter({
  onTitle,
  children,
}: {
  onTitle: (title: string) => void;
  children: ReactNode;
}) {
  return createElement(PageTitleReportContext.Provider, { value: onTitle }, children);
}

/** Sets the document title in the spec's format '{app} | {title}'. */
export function usePageTitle(title: string): void {
  const report = useContext(PageTitleReportContext);
  // Effects do not run on the server: the title is reported as the component renders.
  report?.(formatPageTitle(appName, title));
  useEffect(() => {
    document.title = formatPageTitle(appName, title);
  }, [title]);
}
