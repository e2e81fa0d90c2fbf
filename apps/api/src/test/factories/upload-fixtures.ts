import type { LightMyRequestResponse } from 'fastify';
import { pdfOf, textContent } from '../../modules/uploads/hostile-pdfs';
import type { TestApp } from '../harness';
import { createUser, type Fixture } from './basket-fixtures';
import { createManagementTypes, membershipOfKind, multipartBody } from './membership-fixtures';

/** A member with a student membership whose proof of eligibility they can upload. */
export interface StudentMember {
  userId: number;
  headers: Record<string, string>;
  membershipId: number;
  /** Uploads an eligibility document (a plain PDF unless given). */
  upload(bytes?: Buffer, name?: string): Promise<LightMyRequestResponse>;
}

const plainPdf = pdfOf(textContent(4));

export async function studentMember(
  t: TestApp,
  f: Fixture,
  types?: Awaited<ReturnType<typeof createManagementTypes>>,
): Promise<StudentMember> {
  const today = new Date().toISOString().slice(0, 10);
  const { user, headers } = await createUser(t.db, f.clientId);
  const student = await membershipOfKind(
    {
      db: t.db,
      clientId: f.clientId,
      venueId: f.venue.id,
      types: types ?? (await createManagementTypes(t.db, f.clientId, f.venue.id)),
      today,
    },
    user.id,
    'student',
  );
  const listed = await t.app.inject({ url: '/api/my-account/user/memberships', headers });
  const criterion = listed.json().data[0].membership_type.eligibility_criterion as {
    id: number;
    document_types: { id: number }[];
  };
  const fields = {
    eligibility_document_type_id: criterion.document_types[0]?.id ?? 0,
    membership_id: student.id,
    eligibility_criterion_id: criterion.id,
  };
  return {
    userId: user.id,
    headers,
    membershipId: student.id,
    upload(bytes = plainPdf, name = 'proof.pdf') {
      const type = name.endsWith('.png') ? 'image/png' : 'application/pdf';
      const body = multipartBody(fields, { name, type, bytes });
      return t.app.inject({
        method: 'POST',
        url: '/api/my-account/eligibility/document',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
  };
}
