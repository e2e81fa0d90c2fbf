import { useEffect } from 'react';

let appName = 'Riverside Leisure';

export function setAppName(name: string): void {
  appName = name;
}

/** Sets the document title in the spec's format '{app} | {title}'. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${appName} | ${title}`;
  }, [title]);
}
