import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { createClient, createVenue } from '../operator/operator.service';

describe('the console waivers (api/admin/waivers)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let manager: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    const client = await createClient(t.db, {
      slug: 'waiver-op',
      name: 'Waiver Operator',
      appName: 'Waiver Leisure',
      supportEmail: 'help@waiver.example',
    });
    if (!client) throw new Error('no client');
    const venue = await createVenue(t.db, client.id, {
      slug: 'east',
      name: 'East',
      address1: '1 Street',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      lat: 53.8,
      lng: -1.5,
    });
    admin = (await createUser(t.db, client.id, { staff: true })).headers;
    manager = (await createUser(t.db, client.id, { staff: 'venue-manager', venueIds: [venue.id] })).headers;
  });
  afterAll(async () => t.close());

  const question = {
    reference: 'injury',
    label: 'Do you have an injury?',
    type: 'radio',
    required: true,
    answers: [
      { id: 'yes', answer: 'Yes' },
      { id: 'no', answer: 'No' },
    ],
  };

  it('creates, lists, reads, changes and deactivates a waiver, each audited', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/waivers',
      headers: admin,
      payload: {
        slug: 'gym-induction',
        title: 'Gym induction',
        html: '<p>Safety</p>',
        questions: [question],
      },
    });
    expect(created.statusCode).toBe(201);
    const waiver = created.json().data;
    expect(waiver).toMatchObject({
      slug: 'gym-induction',
      active: true,
      validity_days: null,
      restriction_name: 'Activity waivers',
      restriction_type: 'pre-waiver',
      questions: [question],
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/waivers?q=gym', headers: admin });
    expect(list.json().meta.total).toBe(1);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/waivers/${waiver.id}`,
      headers: admin,
      payload: { validity_days: 365, restriction_type: 'enhanced-pre-waiver', active: false },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ validity_days: 365, active: false });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/waivers/${waiver.id}`,
      headers: admin,
    });
    expect(read.json().data.restriction_type).toBe('enhanced-pre-waiver');
    const entries = await t.db.select().from(auditEvents).where(eq(auditEvents.entityType, 'waiver'));
    expect(entries.map((entry) => entry.action)).toEqual(['waiver.create', 'waiver.deactivate']);
  });

  it('refuses bad questions, a taken slug and bad ids with 4xx, and venue managers with 403', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/waivers',
      headers: admin,
      payload: {
        slug: 'pool',
        title: 'Pool',
        html: 'x',
        questions: [{ ...question, answers: [{ id: 'yes', answer: 'Yes' }] }],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['questions.0.answers']);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/waivers',
      headers: admin,
      payload: { slug: 'gym-induction', title: 'Again', html: 'x' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty('slug');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/waivers/0', headers: admin })).statusCode,
    ).toBe(422);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/waivers/999', headers: admin })).statusCode,
    ).toBe(404);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/waivers',
      headers: manager,
      payload: { slug: 'x', title: 'X', html: 'x' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
