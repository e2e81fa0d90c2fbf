import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { localDateOf, localTimeOf, prettyDate } from '../../lib/dates';
import { emailSiteUrls } from '../../lib/public-urls';
import { peopleBookedOn } from '../bookings/operator-cancellation';
import type { Mailer } from '../mail/mail.service';
import { renderEmail } from '../mail/templates';
import type { VenueRow } from '../operator/operator.service';
import { getBrand } from '../operator/theme.service';
import { findCustomerOfClient } from '../session/acting';

/** The console's emails to people booked on a session it moved or cancelled (issue 47). */

export interface TimeChange {
  occurrenceId: number;
  from: Date;
  to: Date;
  activityName?: string;
}

interface MailDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const whenOf = (at: Date, timeZone: string) =>
  `${prettyDate(localDateOf(at, timeZone)).long_pretty} at ${localTimeOf(at, timeZone)}`;

async function sendTo(
  deps: MailDeps,
  clientId: number,
  userId: number,
  layout: Parameters<typeof renderEmail>[1],
  template: string,
) {
  const customer = await findCustomerOfClient(deps.db, clientId, userId);
  if (!customer) return false;
  const email = renderEmail(await getBrand(deps.db, deps.config), {
    ...layout,
    paragraphs: [`Hello ${customer.user.firstName},`, ...layout.paragraphs],
  });
  await deps.mailer.send({ to: customer.user.email, ...email, template });
  return true;
}

/** Emails the people booked on sessions whose time moved; answers how many emails were recorded. */
export async function emailTimeChanges(
  deps: MailDeps,
  clientId: number,
  venue: VenueRow,
  changes: TimeChange[],
): Promise<number> {
  let sent = 0;
  const bookingsUrl = `${emailSiteUrls(deps.config.publicUrls).account}/bookings`;
  for (const change of changes) {
    for (const userId of await peopleBookedOn(deps.db, change.occurrenceId)) {
      const ok = await sendTo(
        deps,
        clientId,
        userId,
        {
          subject: `Your session has moved: ${whenOf(change.to, venue.timezone)}`,
          heading: 'Your session has a new time',
          paragraphs: [
            `Your ${change.activityName ?? 'session'} at ${venue.name} on ${whenOf(change.from, venue.timezone)} now starts ${whenOf(change.to, venue.timezone)}.`,
            'Your booking is kept. If the new time does not suit you, you can cancel it in your account.',
          ],
          action: { label: 'View my bookings', url: bookingsUrl },
        },
        'session-moved',
      );
      if (ok) sent += 1;
    }
  }
  return sent;
}

/** Emails one person whose booking was cancelled with the session; `credit` in words when given. */
export async function emailSessionCancelled(
  deps: MailDeps,
  clientId: number,
  venue: VenueRow,
  person: {
    userId: number;
    activityName: string;
    startsAt: Date;
    credit: string | null;
    reason: string | null;
  },
): Promise<boolean> {
  const bookingsUrl = `${emailSiteUrls(deps.config.publicUrls).account}/bookings`;
  return sendTo(
    deps,
    clientId,
    person.userId,
    {
      subject: `Cancelled: ${person.activityName}, ${whenOf(person.startsAt, venue.timezone)}`,
      heading: 'Your session has been cancelled',
      paragraphs: [
        `We are sorry: ${person.activityName} at ${venue.name} on ${whenOf(person.startsAt, venue.timezone)} has been cancelled${person.reason ? ` (${person.reason})` : ''}.`,
        person.credit
          ? `${person.credit} has been added to your account as credit, to spend on your next booking.`
          : 'Your booking has been cancelled.',
      ],
      action: { label: 'View my bookings', url: bookingsUrl },
    },
    'session-cancelled',
  );
}
