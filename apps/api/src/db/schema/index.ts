// The whole database schema, one file per domain, ordered from the foundations up. Code imports
// `db/schema` (this file); drizzle-kit reads it too (drizzle.config.ts), so every table file is listed here.

export * from './activities';
export * from './audit';
export * from './basket';
export * from './bookings';
export * from './credit';
export * from './customers';
export * from './data-fields';
export * from './direct-debit';
export * from './eligibility-documents';
export * from './freezes';
export * from './guest-passes';
export * from './list-versions';
export * from './mail';
export * from './membership-catalogue';
export * from './memberships';
export * from './operator';
export * from './orders';
export * from './payment-attempts';
export * from './payments';
export * from './price-changes';
export * from './promotions';
export * from './staff';
export * from './timetable';
export * from './waitlist';
export * from './waivers';
