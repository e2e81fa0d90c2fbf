import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { mockMembershipTypes } from '../../../mocks/joining-handlers';
import { camelizeKeys } from '../../../shared/api/keys';
import { findDialog } from '../../../test/dialogs';
import { installMockApi } from '../../../test/mock-api';
import { renderElement } from '../../../test/render';
import type { MembershipType } from '../api/types';
import { MembershipCard } from './membership-card';

installMockApi();

const typeOf = (index: number, overrides: Partial<MembershipType> = {}) => ({
  ...camelizeKeys<MembershipType>(mockMembershipTypes[index]),
  ...overrides,
});

function Cards({ types }: { types: MembershipType[] }) {
  return (
    <ul>
      {types.map((type) => (
        <MembershipCard
          key={type.id}
          membership={type}
          option={type.paymentOptions[0] as MembershipType['paymentOptions'][number]}
          isLoggedIn={false}
          selected={false}
          onSelect={vi.fn()}
        />
      ))}
    </ul>
  );
}

it('reads coverage the same way on every card and shows the joining fee', async () => {
  const gold = typeOf(0);
  const local = typeOf(1, { id: 20, name: 'Local Swim', coverage: 'local' });
  const leeds = typeOf(1, { id: 21, name: 'Leeds Swim', coverage: 'leeds only' });
  renderElement(<Cards types={[gold, local, leeds]} />, { site: 'joining' });
  const card = (name: string) => screen.getByRole('article', { name });
  expect(await within(card('Gold')).findByText('Coverage: National')).toBeVisible();
  expect(within(card('Local Swim')).getByText('Coverage: Local')).toBeVisible();
  expect(within(card('Leeds Swim')).getByText('Coverage: Leeds only')).toBeVisible();
  expect(within(card('Gold')).getByText('Joining fee: £15.00')).toBeVisible();
  expect(within(card('Local Swim')).getByText('No joining fee')).toBeVisible();
});

it('folds a long access list on the card; More details shows everything and gives focus back', async () => {
  const access = ['Leeds', 'York', 'Sheffield', 'Hull'].map((name, id) => ({ id, name: `${name} Centre` }));
  const gold = typeOf(0, { providesAccessTo: access });
  const user = userEvent.setup();
  renderElement(<Cards types={[gold]} />, { site: 'joining' });
  const card = await screen.findByRole('article', { name: 'Gold' });
  expect(within(card).getByText('Access to 4 centres')).toBeVisible();
  expect(within(card).queryByText(/Hull Centre/)).not.toBeInTheDocument();
  const more = within(card).getByRole('button', { name: 'More details about Gold' });
  await user.click(more);
  const dialog = await findDialog('Gold');
  expect(within(dialog).getByText(/Leeds Centre, York Centre, Sheffield Centre, Hull Centre/)).toBeVisible();
  expect(within(dialog).getByText('Guest passes: 2 per month')).toBeVisible();
  expect(within(dialog).getByText('Joining fee: £15.00')).toBeVisible();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(more).toHaveFocus());
});
