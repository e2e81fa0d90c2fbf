import { Link } from 'react-router';
import { PageHeader } from '../kit/page-header';

/** A console address that names no screen. */
export function NotFoundScreen() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p>
        There is no such page in the console. <Link to="/">Go to the console's home</Link>.
      </p>
    </>
  );
}
