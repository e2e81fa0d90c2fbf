// Column helpers the schema files share; not re-exported from ./index (they are not tables).
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
