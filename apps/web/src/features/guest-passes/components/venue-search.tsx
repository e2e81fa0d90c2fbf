import { venueSearchMinLength } from '@leisure/contract/guest-passes';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface VenueOption {
  id: number;
  name: string;
}

export interface VenueSearchProps {
  venues: VenueOption[];
  selected: VenueOption | null;
  onSelect: (venue: VenueOption | null) => void;
  errors?: string[];
}

/**
 * The venue field of the send form: a combobox that lists matching venues once at least three
 * characters are typed (my-account.md 5). Typing again clears the choice until one is picked.
 */
export function VenueSearch({ venues, selected, onSelect, errors = [] }: VenueSearchProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const [query, setQuery] = useState(selected?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const term = query.trim().toLowerCase();
  const searching = term.length >= venueSearchMinLength && !(selected && selected.name === query);
  const results = useMemo(
    () => (searching ? venues.filter((venue) => venue.name.toLowerCase().includes(term)) : []),
    [searching, term, venues],
  );
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = errors.length ? `${id}-error` : undefined;
  const expanded = open && results.length > 0;

  const choose = (venue: VenueOption) => {
    onSelect(venue);
    setQuery(venue.name);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index - 1 + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const venue = results[active];
      if (venue) choose(venue);
    } else if (event.key === 'Escape') {
      // Closes the list only, not the dialog around it.
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div
      className={['field', 'gp-venue-search', errors.length ? 'field-invalid' : ''].filter(Boolean).join(' ')}
    >
      <label htmlFor={id} className="field-label">
        {t('guestPasses.venue')}
        <span aria-hidden="true"> *</span>
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
        aria-describedby={[hintId, statusId, errorId].filter(Boolean).join(' ')}
        aria-invalid={errors.length ? true : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
          if (selected) onSelect(null);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className="field-hint">
        {t('guestPasses.venueHint')}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={t('guestPasses.venueResultsLabel')}
        className="gp-venue-results"
        hidden={!expanded}
      >
        {results.map((venue, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (aria-activedescendant).
          <div
            key={venue.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={index === active ? 'gp-venue-option active' : 'gp-venue-option'}
            // Chosen before the input loses focus.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(venue)}
          >
            {venue.name}
          </div>
        ))}
      </div>
      <p id={statusId} className="gp-venue-status" aria-live="polite">
        {selected
          ? t('guestPasses.selectedVenue', { name: selected.name })
          : searching
            ? results.length
              ? t('guestPasses.venueResults', { count: results.length })
              : t('guestPasses.noVenues')
            : ''}
      </p>
      {errorId ? (
        <ul id={errorId} className="field-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
