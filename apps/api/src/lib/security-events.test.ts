import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createFixture, createUser } from '../test/factories/basket-fixtures';
import { startLoggedApp } from '../test/harness';

describe('security event log', () => {
  it('writes one structured line for each refused request, without its query string', async () => {
    const { app, lines, close } = await startLoggedApp({ LOG_LEVEL: 'warn' });
    app.get('/api/test-only/forbidden', { config: { access: 'public' } }, async () => {
      throw new AppError('forbidden');
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test-only/forbidden?q=Jane+Doe' });
      expect(res.statusCode).toBe(403);
      const events = lines.map((line) => JSON.parse(line)).filter((line) => line.security_event);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        security_event: 'access.denied',
        route: '/api/test-only/forbidden',
        method: 'GET',
        status: 403,
      });
      expect(lines.join('\n')).not.toContain('Jane');
    } finally {
      await close();
    }
  });

  it('logs every change a staff user makes, with the staff user and the outcome', async () => {
    const { app, database, lines, close } = await startLoggedApp({ LOG_LEVEL: 'warn' });
    await app.ready();
    try {
      const { clientId } = await createFixture(database.db);
      const staff = await createUser(database.db, clientId, { staff: true });
      const res = await app.inject({
        method: 'POST',
        url: '/api/staff/guest-passes/redeem',
        headers: staff.headers,
        payload: { code: 'GP-NONE-NONE', venue_id: 999999 },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      const events = lines
        .map((line) => JSON.parse(line))
        .filter((line) => line.security_event === 'staff.action');
      expect(events).toEqual([
        expect.objectContaining({
          route: '/api/staff/guest-passes/redeem',
          method: 'POST',
          status: res.statusCode,
          actorUserId: staff.user.id,
        }),
      ]);
    } finally {
      await close();
    }
  });
});
