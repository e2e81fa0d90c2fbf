import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openTestDatabase } from './harness';

describe('logs', () => {
  it("never keep a failed query's parameters, only its text and the error", async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      logStream: { write: (line) => void lines.push(line) },
    });
    const email = 'private.person@example.com';
    const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';
    // A query that fails inside a request, as a failed registration did, with personal values bound.
    app.get('/api/test-only/failing-query', async () =>
      database.db.execute(
        sql`insert into no_such_table (email, password_hash) values (${email}, ${passwordHash})`,
      ),
    );
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test-only/failing-query' });
      expect(res.statusCode).toBe(500);
      const logged = lines.join('\n');
      expect(logged).toContain('unhandled error');
      expect(logged).toContain('no_such_table');
      expect(logged).not.toContain(email);
      expect(logged).not.toContain(passwordHash);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
