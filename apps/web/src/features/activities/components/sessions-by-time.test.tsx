import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { mockBookableDates, mockSessionDate } from '../../../mocks/activities-handlers';
import { installMockApi, startMockSession } from '../../../test/mock-api';
import { renderElement } from '../../../test/render';
import { SessionsByTime } from './sessions-by-time';

const server = installMockApi();
const base = `/location/leeds-riverside/badminton-40min/${mockSessionDate}/by-time`;

async function sessions() {
  return within(await screen.findByRole('list', { name: /^Sessions on/ })).getAllByRole('listitem');
}

it('lists the day in time order with duration, name, location, price, places and status', async () => {
  renderElement(<SessionsByTime venue="leeds-riverside" activity="badminton-40min" date={mockSessionDate} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Badminton 40min' })).toBeVisible();
  const items = await sessions();
  expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
    '09:00 - 09:40',
    '09:40 - 10:20',
    '10:20 - 11:00',
  ]);
  const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
  for (const text of [
    '40min',
    'Badminton 40min',
    'Multiple',
    '£5.92',
    '3 spaces available',
    'Log in to book',
  ]) {
    expect(within(first).getByText(text)).toBeVisible();
  }
  expect(within(second).getByText('0 spaces available')).toBeVisible();
  expect(within(second).getByText('Full')).toBeVisible();
  expect(within(third).getByText('Not yet bookable')).toBeVisible();
  expect(within(third).getByText('Bookable from 22:00 on Sun 22 Nov')).toBeInTheDocument();

  // Courts open the slot page; the link is described by its status.
  const link = within(first).getByRole('link', { name: '09:00 - 09:40' });
  expect(link).toHaveAttribute('href', `${base}/slot/09:00-09:40/84705b68`);
  expect(link).toHaveAccessibleDescription('Log in to book');
});

it('shows BOOK to a signed-in user, and classes link to the class page with the waitlist status', async () => {
  startMockSession();
  renderElement(
    <SessionsByTime venue="leeds-riverside" activity="fitness-classes-c" date={mockSessionDate} />,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Fitness Classes C' })).toBeVisible();
  const link = await screen.findByRole('link', { name: '07:15 - 08:00' });
  expect(link).toHaveAttribute(
    'href',
    `/location/leeds-riverside/fitness-classes-c/${mockSessionDate}/by-time/class/963`,
  );
  expect(link).toHaveAccessibleDescription('Book');
  expect(screen.getByRole('link', { name: '18:30 - 19:15' })).toHaveAccessibleDescription('Join waitlist');
  expect(screen.getAllByText('Studio 1', { selector: 'span' })).toHaveLength(2);
});

it('an empty day says so, and the date strip marks today and the day shown', async () => {
  const today = mockBookableDates[0]?.raw ?? '';
  renderElement(<SessionsByTime venue="leeds-riverside" activity="badminton-40min" date={today} />);
  expect(await screen.findByText('No results were found at this centre')).toBeVisible();
  const strip = screen.getByRole('navigation', { name: 'Choose a date' });
  const links = within(strip).getAllByRole('link');
  expect(links).toHaveLength(7);
  expect(links[0]).toHaveTextContent(/^Today/);
  expect(links[0]).toHaveAttribute('aria-current', 'page');
  expect(links[1]).toHaveAttribute('href', base);
  expect(links[1]).not.toHaveAttribute('aria-current');
});

it("a date outside the booking window shows the server's message", async () => {
  server.use(
    http.get('*/api/activities/venue/:venue/activity/:activity/v2/times', () =>
      HttpResponse.json({ message: 'The date should be within the valid days' }, { status: 422 }),
    ),
  );
  renderElement(<SessionsByTime venue="leeds-riverside" activity="badminton-40min" date="2020-01-01" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The date should be within the valid days');
});
