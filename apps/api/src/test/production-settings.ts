/** A production start with every setting it asks for, each safe (config.ts refuseUnsafeProduction). */
export const safeProductionSettings: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgresql://leisure@db.internal/leisure',
  SANDBOX_PAY_SECRET: 's'.repeat(40),
  DD_DETAILS_SECRET: 'd'.repeat(40),
  STAFF_MFA_KEY: 'm'.repeat(40),
  ALLOW_SANDBOX_PROVIDERS: 'true',
  PUBLIC_BOOKINGS_URL: 'https://book.riverside.example',
  PUBLIC_ACCOUNT_URL: 'https://myaccount.riverside.example',
  PUBLIC_JOINING_URL: 'https://join.riverside.example',
  SMTP_URL: 'smtp://mailer:secret@smtp.riverside.example:587',
  TRUST_PROXY: '1',
};
