import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockClient } from '../../mocks/fixtures';
import { installMockApi } from '../../test/mock-api';
import { renderElement } from '../../test/render';
import { operatorKeys } from '../api/query-keys';
import { TestPaymentsBanner } from './test-payments-banner';

const server = installMockApi();

describe('the test-payments banner', () => {
  it('says payments are not real on a staging site', async () => {
    server.use(
      http.get('*/api/client', () => HttpResponse.json({ data: { ...mockClient, test_payments: true } })),
    );
    renderElement(<TestPaymentsBanner />);
    expect(await screen.findByRole('complementary', { name: 'Test site' })).toHaveTextContent(
      'payments here are not real',
    );
  });

  it('is not there on a live site', async () => {
    const { queryClient } = renderElement(<TestPaymentsBanner />);
    await waitFor(() => expect(queryClient.getQueryState(operatorKeys.client)?.status).toBe('success'));
    expect(screen.queryByRole('complementary', { name: 'Test site' })).toBeNull();
  });
});
