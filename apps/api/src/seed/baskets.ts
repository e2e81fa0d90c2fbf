import type { Database } from '../db/client';
import { findCustomerId } from '../modules/auth/auth.service';
import { grantCredit } from '../modules/credit/credit.service';
import { findActivityId } from '../modules/timetable/timetable.service';
import { createWaiver } from '../modules/waivers/waivers.service';
import { demoMember } from './accounts';

/** The demo member's account credit (£10.00), shown at checkout. */
export const demoMemberCredit = 1000;

const studioWaiver = `<p>Indoor cycling is strenuous exercise. By agreeing you confirm that:</p>
<ul>
<li>you are in good health and know of no medical reason not to take part;</li>
<li>you will set up your bike as the instructor shows and stop if you feel unwell;</li>
<li>you have told the instructor about any injury or condition before the class.</li>
</ul>`;

/** Credit for the demo member, and the studio safety waiver of the waiver-needing class (spin-express). */
export async function seedBaskets(db: Database, clientId: number): Promise<void> {
  const member = await findCustomerId(db, clientId, demoMember.email);
  if (member !== undefined) await grantCredit(db, member, demoMemberCredit, 'Welcome credit');
  const spin = await findActivityId(db, clientId, 'spin-express');
  if (spin !== undefined) {
    await createWaiver(db, clientId, {
      activityId: spin,
      slug: 'studio-safety-waiver',
      title: 'Studio safety waiver',
      html: studioWaiver,
    });
  }
}
