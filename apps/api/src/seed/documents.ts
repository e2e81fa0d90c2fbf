import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createCustomer } from '../modules/auth/auth.service';
import {
  createWaiverWithQuestions,
  recordWaiverSignature,
  setProfilePhotoBytes,
} from '../modules/documents/documents.service';
import { demoMember } from './accounts';
import type { SeededOperator } from './operator';

/** The demo member whose profile photo is set. */
const demoPhotoMember = { email: 'photo@example.com', password: 'Member-Pass-1' } as const;

const dayMs = 86_400_000;

/**
 * Demo data for the my-account area (issue 5): waivers with questions and a validity, one of them
 * in an 'enhanced-pre-waiver' group; member@example.com has one signed, one expired and one
 * unsigned; photo@example.com has a profile photo. The photo needs `config` (where uploads go);
 * without it the photo is left out.
 */
export async function seedDocumentsAndWaivers(
  db: Database,
  clientId: number,
  _venues: SeededOperator['venues'],
  config?: Config,
  now = new Date(),
): Promise<void> {
  const gym = await createWaiverWithQuestions(db, {
    clientId,
    slug: 'gym-health-declaration',
    title: 'Gym health declaration',
    html:
      '<h3>Before you train</h3><p>I confirm that I am in good health and know of no reason why I should not ' +
      'take part in unsupervised exercise. I will stop and tell a member of staff if I feel unwell.</p>' +
      '<ul><li>Use equipment only as shown in your induction.</li><li>Wipe down equipment after use.</li></ul>',
    validityDays: 365,
    restrictionName: 'Gym access',
    restrictionType: 'pre-waiver',
    questions: [
      {
        reference: 'induction',
        label: 'Have you completed a gym induction with one of our instructors?',
        type: 'radio',
        required: true,
        answers: [
          { id: 'yes', answer: 'Yes' },
          { id: 'no', answer: 'No, I will book one' },
        ],
      },
      {
        reference: 'medical',
        label: 'Is there anything about your health our staff should know?',
        type: 'text',
        required: false,
        answers: [],
      },
    ],
  });
  const pool = await createWaiverWithQuestions(db, {
    clientId,
    slug: 'pool-safety-rules',
    title: 'Pool safety rules',
    html:
      '<p>I agree to follow the lifeguards’ instructions, to shower before swimming and not to run on the poolside. ' +
      'Children under 8 must be accompanied in the water by an adult.</p>',
    validityDays: 180,
    restrictionName: 'Swimming',
    restrictionType: 'pre-waiver',
    questions: [
      {
        reference: 'swimmer',
        label: 'Can you swim 25 metres unaided?',
        type: 'radio',
        required: true,
        answers: [
          { id: 'yes', answer: 'Yes' },
          { id: 'no', answer: 'No' },
        ],
      },
    ],
  });
  await createWaiverWithQuestions(db, {
    clientId,
    slug: 'climbing-wall-enhanced-waiver',
    title: 'Climbing wall enhanced waiver',
    html:
      '<p>Climbing is an activity with a risk of injury or death. I accept that risk and will climb only with a ' +
      'belayer who has passed our belay check.</p><p>I will wear the harness and shoes provided and check my knot ' +
      'with my partner before every climb.</p>',
    validityDays: 90,
    restrictionName: 'Climbing wall',
    restrictionType: 'enhanced-pre-waiver',
    questions: [
      {
        reference: 'experience',
        label: 'Have you climbed on a roped wall before?',
        type: 'radio',
        required: true,
        answers: [
          { id: 'never', answer: 'Never' },
          { id: 'some', answer: 'A few times' },
          { id: 'regular', answer: 'Regularly' },
        ],
      },
      {
        reference: 'belay',
        label: 'Who will belay you? (name of your partner)',
        type: 'text',
        required: true,
        answers: [],
      },
    ],
  });

  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.email, demoMember.email)))
    .limit(1);
  if (member) {
    const attendeeName = `${member.firstName} ${member.lastName}`;
    // Signed a month ago (live for another eleven months).
    await recordWaiverSignature(db, {
      waiver: gym,
      userId: member.id,
      attendeeName,
      signedAt: new Date(now.getTime() - 30 * dayMs),
      answers: { induction: 'yes', medical: 'Mild asthma; I carry an inhaler.' },
    });
    // Signed 200 days ago: ran out after 180, so it must be signed again.
    await recordWaiverSignature(db, {
      waiver: pool,
      userId: member.id,
      attendeeName,
      signedAt: new Date(now.getTime() - 200 * dayMs),
      answers: { swimmer: 'yes' },
    });
    // The climbing waiver stays unsigned.
  }

  const photoMember = await createCustomer(db, clientId, {
    ...demoPhotoMember,
    title: 'Mr',
    firstName: 'Femi',
    lastName: 'Adeyemi',
    dateOfBirth: '1992-07-21',
    mobileNumber: '07700 900789',
    termsAcceptedAt: now,
  });
  if (config) {
    await setProfilePhotoBytes({ db, config }, photoMember.id, await demoPortrait());
  }
}

/** A made-up portrait (a figure on a coloured backdrop), drawn with sharp. */
async function demoPortrait(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#2f6f8f"/>
    <circle cx="300" cy="330" r="130" fill="#f2c9a0"/>
    <path d="M120 800 C120 600 480 600 480 800 Z" fill="#e85d3f"/>
    <circle cx="255" cy="315" r="12" fill="#3a2a20"/><circle cx="345" cy="315" r="12" fill="#3a2a20"/>
    <path d="M250 390 Q300 430 350 390" stroke="#3a2a20" stroke-width="8" fill="none"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
