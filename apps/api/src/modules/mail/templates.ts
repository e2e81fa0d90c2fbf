/**
 * Transactional emails in the operator's brand. Table layout and inline styles, because email
 * clients ignore style sheets; every value that comes from a person is escaped.
 */

export interface Brand {
  appName: string;
  primaryColour: string;
  supportEmail: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface Layout {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown under the button, e.g. how long a link lasts. */
  footnote?: string;
  /** An inline image attached with this content id (e.g. a guest pass's QR code), after the paragraphs. */
  image?: { cid: string; alt: string; size: number };
}

/** Renders a layout in the operator's brand (also for modules whose emails live beside them). */
export function renderEmail(brand: Brand, layout: Layout): RenderedEmail {
  const colour = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(brand.primaryColour) ? brand.primaryColour : '#0B5CAD';
  const paragraphs = layout.paragraphs
    .map((text) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px">${escapeHtml(text)}</p>`)
    .join('');
  const button = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="background:${colour};color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(layout.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555555">If the button does not work, copy this link into your browser: ${escapeHtml(layout.action.url)}</p>`
    : '';
  const image = layout.image
    ? `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(layout.image.cid)}" alt="${escapeHtml(layout.image.alt)}" width="${layout.image.size}" height="${layout.image.size}" style="display:block"></p>`
    : '';
  const footnote = layout.footnote
    ? `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(layout.footnote)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f6;font-family:Arial,Helvetica,sans-serif;color:#1d2433">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px;overflow:hidden">
<tr><td style="background:${colour};color:#ffffff;padding:20px 32px;font-size:22px;font-weight:bold">${escapeHtml(brand.appName)}</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:24px">${escapeHtml(layout.heading)}</h1>
${paragraphs}${image}${button}${footnote}
</td></tr>
<tr><td style="padding:16px 32px;background:#fafafa;font-size:12px;color:#555555">${escapeHtml(brand.appName)} · Questions? Write to ${escapeHtml(brand.supportEmail)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    layout.heading,
    '',
    ...layout.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    ...(layout.footnote ? [layout.footnote, ''] : []),
    `${brand.appName} · ${brand.supportEmail}`,
  ].join('\n');
  return { subject: layout.subject, html, text };
}

export function passwordResetEmail(
  brand: Brand,
  customer: { firstName: string },
  resetUrl: string,
  ttlMinutes: number,
): RenderedEmail {
  return renderEmail(brand, {
    subject: `Reset your ${brand.appName} password`,
    heading: 'Reset your password',
    paragraphs: [
      `Hello ${customer.firstName},`,
      'We received a request to reset the password of your account. Choose a new password with the link below.',
    ],
    action: { label: 'Reset my password', url: resetUrl },
    footnote: `The link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this email: your password stays the same.`,
  });
}

/**
 * A notice that the account's credentials changed (ASVS 2.5.5 / 3.7): sent to the address that held
 * the account before the change, so that its owner learns of a change they did not make.
 */
export function accountChangeNoticeEmail(
  brand: Brand,
  customer: { firstName: string },
  change: 'password_changed' | 'password_reset' | 'email_changed',
  accountUrl: string,
): RenderedEmail {
  const what = {
    password_changed: {
      subject: `Your ${brand.appName} password was changed`,
      line: 'The password of your account was changed, and every other device was signed out.',
    },
    password_reset: {
      subject: `Your ${brand.appName} password was reset`,
      line: 'The password of your account was reset with a link sent to this address, and every device was signed out.',
    },
    email_changed: {
      subject: `The email address of your ${brand.appName} account was changed`,
      line: 'The email address of your account was changed: from now on we will write to the new address, not this one.',
    },
  }[change];
  return renderEmail(brand, {
    subject: what.subject,
    heading: 'Your account was changed',
    paragraphs: [
      `Hello ${customer.firstName},`,
      what.line,
      'If this was you, there is nothing to do. If it was not, reset your password from the sign-in page straight away and contact us.',
    ],
    action: { label: 'Go to my account', url: accountUrl },
  });
}

/** A freed place offered to the first person on a session's waitlist (held in their basket). */
export function waitlistOfferEmail(
  brand: Brand,
  offer: { firstName: string; activityName: string; when: string; venueName: string; heldUntil: string },
  basketUrl: string,
): RenderedEmail {
  return renderEmail(brand, {
    subject: `A place is free: ${offer.activityName}`,
    heading: 'A place has become available',
    paragraphs: [
      `Hello ${offer.firstName},`,
      `A place on ${offer.activityName} at ${offer.venueName}, ${offer.when}, has become free and you were first on the waitlist.`,
      `We have put it in your basket and are holding it for you until ${offer.heldUntil}. Check out before then to book it.`,
    ],
    action: { label: 'Go to my basket', url: basketUrl },
    footnote: 'If you do not check out in time, the place is offered to the next person waiting.',
  });
}

/**
 * The order confirmation sent after checkout: each line as its kind reads (a session's when and where,
 * a membership's costs), the total, and, when the order books sessions, the .ics attachment.
 */
export function orderConfirmationEmail(
  brand: Brand,
  order: { firstName: string; reference: string; lines: string[]; total: string; hasSessions: boolean },
  orderUrl: string,
): RenderedEmail {
  return renderEmail(brand, {
    subject: `${order.hasSessions ? 'Booking' : 'Order'} confirmed: ${order.reference}`,
    heading: 'Checkout successful',
    paragraphs: [
      `Hello ${order.firstName},`,
      `Thank you for your ${order.hasSessions ? 'booking' : 'order'}. Your order reference is ${order.reference}.`,
      ...order.lines,
      `Total paid: ${order.total}`,
      ...(order.hasSessions ? ['The attached calendar file adds your sessions to your calendar.'] : []),
    ],
    action: { label: order.hasSessions ? 'View my booking' : 'View my order', url: orderUrl },
  });
}

/**
 * Sent when a card payment was taken but its order could not be written (the basket changed or its
 * places went while the payment was finishing): the payment is refunded in full.
 */
export function paymentRefundedEmail(
  brand: Brand,
  refund: { firstName: string; amount: string; reference: string },
  basketUrl: string,
): RenderedEmail {
  return renderEmail(brand, {
    subject: 'Your payment has been refunded',
    heading: 'Payment refunded',
    paragraphs: [
      `Hello ${refund.firstName},`,
      `We took a payment of ${refund.amount} for your basket but could not complete your booking: ` +
        'your basket changed or its places were no longer available while the payment was finishing.',
      `The payment has been refunded in full (reference ${refund.reference}). Refunds usually reach your card within 5 to 10 working days.`,
      'Nothing was booked. You can review your basket and try again.',
    ],
    action: { label: 'Review my basket', url: basketUrl },
  });
}

/** Sent when a membership's first payment is checked out: its key facts. */
export function membershipWelcomeEmail(
  brand: Brand,
  membership: {
    firstName: string;
    typeName: string;
    homeVenueName: string;
    startDate: string;
    /** e.g. '£34.99 a month by direct debit from 1st February 2027', or 'Single payment, until 9th March 2028'. */
    paymentLine: string;
    paidToday: string;
    /** Set when proof of eligibility is still needed. */
    documentNote?: string;
  },
  accountUrl: string,
): RenderedEmail {
  return renderEmail(brand, {
    subject: `Welcome to your ${membership.typeName} membership`,
    heading: `Welcome, ${membership.firstName}`,
    paragraphs: [
      `Your ${membership.typeName} membership at ${membership.homeVenueName} starts on ${membership.startDate}.`,
      membership.paymentLine,
      `Paid today: ${membership.paidToday}`,
      ...(membership.documentNote ? [membership.documentNote] : []),
    ],
    action: { label: 'Go to my account', url: accountUrl },
  });
}
