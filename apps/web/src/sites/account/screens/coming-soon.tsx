import { usePageTitle } from '../../../shared/layout/page-title';

/** An honest placeholder for account pages that a later release brings; never invented data. */
export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <main id="main" className="page">
      <h1>{title}</h1>
      <p>This part of your account is coming soon.</p>
    </main>
  );
}
