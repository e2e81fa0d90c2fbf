import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookableDate } from '../api/get-bookable-dates';

export interface DateStripProps {
  dates: BookableDate[];
  /** The date shown now (YYYY-MM-DD), marked as the current page. */
  selected?: string | undefined;
  hrefFor: (date: string) => string;
  /** The heading the strip is labelled by. */
  labelledBy: string;
}

/** The bookable dates as a row of links; today is marked 'Today', the chosen day is the current page. */
export function DateStrip({ dates, selected, hrefFor, labelledBy }: DateStripProps) {
  const { t } = useTranslation('bookings');
  return (
    <nav aria-labelledby={labelledBy}>
      <ul className="date-strip">
        {dates.map((date) => (
          <li key={date.raw}>
            <Link
              to={hrefFor(date.raw)}
              aria-current={date.raw === selected ? 'page' : undefined}
              preventScrollReset
            >
              {date.today ? <span className="date-strip-today">{t('dates.today')} </span> : null}
              <span className="date-strip-day">{date.fullDatePretty.split(' ')[0]} </span>
              <span>{date.datePretty}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
