import { type ReactNode, useEffect } from 'react';

/** Sets the document title to '<Screen> – Console'. */
export function useConsoleTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – Console`;
  }, [title]);
}

export interface PageHeaderProps {
  /** The page's one h1, and the document title ('<title> – Console'). */
  title: string;
  /** A line under the heading. */
  description?: ReactNode;
  /** Buttons or links beside the heading ('Add venue'). */
  actions?: ReactNode;
  /** A link back up ('← Venues'), shown above the heading. */
  back?: ReactNode;
}

/** The top of every console screen: the h1, the page title, and the screen's main actions. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  useConsoleTitle(title);
  return (
    <header className="admin-page-header">
      {back ? <div className="admin-page-back">{back}</div> : null}
      <div className="admin-page-heading">
        <h1>{title}</h1>
        {actions ? <div className="admin-page-actions">{actions}</div> : null}
      </div>
      {description ? <p className="admin-page-description">{description}</p> : null}
    </header>
  );
}
