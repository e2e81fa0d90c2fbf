import { type Brand, type RenderedEmail, renderEmail } from '../mail/templates';

/** A new account's welcome, with the one-time link that verifies its email address. */
export function welcomeVerifyEmail(
  brand: Brand,
  customer: { firstName: string; reference: string | null },
  verifyUrl: string,
  ttlHours: number,
): RenderedEmail {
  return renderEmail(brand, {
    subject: `Welcome to ${brand.appName}`,
    heading: `Welcome, ${customer.firstName}`,
    paragraphs: [
      `Your ${brand.appName} account is ready.`,
      ...(customer.reference ? [`Your customer number is ${customer.reference}.`] : []),
      'You can now book activities, buy a membership and manage everything from your account.',
      'Please confirm that this email address is yours with the link below.',
    ],
    action: { label: 'Confirm my email address', url: verifyUrl },
    footnote: `The link works once and expires in ${ttlHours} hours. If you did not create this account, write to us.`,
  });
}

/**
 * To the owner of an address someone registered with: registration answers the same as for a new
 * address (no oracle), so the owner learns here what happened and where to go.
 */
export function registrationAttemptEmail(
  brand: Brand,
  customer: { firstName: string },
  urls: { login: string; forgottenPassword: string },
): RenderedEmail {
  return renderEmail(brand, {
    subject: `Your ${brand.appName} account`,
    heading: 'You already have an account',
    paragraphs: [
      `Hello ${customer.firstName},`,
      `Someone tried to create a ${brand.appName} account with this email address, which already has one. No new account was created.`,
      'If it was you, log in with your email address and password below. If you have forgotten your password, you can reset it here:',
      urls.forgottenPassword,
      'If it was not you, you can ignore this email: your account has not changed.',
    ],
    action: { label: 'Log in', url: urls.login },
  });
}
