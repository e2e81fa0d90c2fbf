import type { Theme } from '@leisure/contract/operator';
import { fontStacks, resolveWireTheme, themeCssVariables } from '@leisure/contract/theme-css';
import type { CSSProperties } from 'react';

/** The three customer sites a preview shows. */
const sites = [
  {
    name: 'Bookings',
    path: '/',
    heading: 'Book an activity',
    action: 'Book now',
    secondary: 'View timetable',
  },
  {
    name: 'My account',
    path: '/account/',
    heading: 'My account',
    action: 'Save details',
    secondary: 'Cancel',
  },
  { name: 'Joining', path: '/join/', heading: 'Join today', action: 'Continue', secondary: 'Back' },
] as const;

/**
 * A preview of a theme on the customer sites' header, heading, text and buttons, drawn with the same
 * custom properties the sites set on :root (contract/theme-css.ts). It shows a draft only to staff in
 * the console, so no customer ever sees an unpublished theme.
 */
export function ThemePreview({ theme }: { theme: Theme }) {
  const resolved = resolveWireTheme(theme);
  const vars = themeCssVariables(resolved) as CSSProperties;
  const outline = resolved.secondaryButtonStyle === 'outline';
  return (
    <section aria-labelledby="theme-preview-heading" className="admin-theme-preview">
      <h2 id="theme-preview-heading">Preview</h2>
      <ul
        className="admin-theme-preview-sites"
        style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }}
      >
        {sites.map((site) => (
          <li
            key={site.path}
            aria-label={`${site.name} preview`}
            style={{ ...vars, border: '1px solid #ccc' }}
          >
            <div
              style={{
                background: resolved.headerBg,
                color: 'var(--colour-header-primary)',
                padding: '0.5rem 1rem',
                display: 'flex',
                alignItems: 'center',
                gap: '0.5rem',
              }}
            >
              {resolved.logo ? <img src={resolved.logo} alt="" style={{ height: 24 }} /> : null}
              <span>{site.name}</span>
            </div>
            <div style={{ padding: '1rem', fontFamily: fontStacks[resolved.bodyFont] }}>
              <p
                style={{
                  fontFamily: fontStacks[resolved.headingFont],
                  fontSize: '1.5rem',
                  margin: '0 0 0.5rem',
                }}
              >
                {site.heading}
              </p>
              <p style={{ margin: '0 0 0.75rem' }}>
                Body text with <span style={{ color: 'var(--colour-primary-text)' }}>a link</span>.
              </p>
              <span
                style={{
                  display: 'inline-block',
                  background: 'var(--colour-primary)',
                  color: 'var(--colour-on-primary)',
                  padding: '0.4rem 0.9rem',
                  marginRight: '0.5rem',
                }}
              >
                {site.action}
              </span>
              <span
                style={{
                  display: 'inline-block',
                  padding: '0.4rem 0.9rem',
                  border: '2px solid var(--colour-secondary-1)',
                  background: outline ? 'transparent' : 'var(--colour-secondary-1)',
                  color: outline ? 'var(--colour-secondary-text)' : 'var(--colour-on-secondary)',
                }}
              >
                {site.secondary}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
