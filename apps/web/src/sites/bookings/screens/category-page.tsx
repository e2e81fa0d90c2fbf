import { useParams } from 'react-router';
import { CategoryOrActivity } from '../../../features/activities/components/category-or-activity';

/** `/location/{venue}/{activityOrCategory}`: a category's children, or an activity's date picker. */
export function CategoryPage() {
  const { venue = '', slug = '' } = useParams();
  return (
    <main id="main" className="page" tabIndex={-1}>
      <CategoryOrActivity key={`${venue}/${slug}`} venue={venue} slug={slug} />
    </main>
  );
}
