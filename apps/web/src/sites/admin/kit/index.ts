/**
 * The console's kit (issue 47): what every area's screens are built from, so the areas look and
 * behave as one product.
 *
 * - admin-api (from shared/api/admin-api.ts; import that in features/admin-<area>/ hooks): `adminApi` (calls `/api/admin/...`, snake_case kept), `useAdminQuery`, `useAdminList`,
 *   `useAdminMutation` (invalidates admin paths), `adminKey`.
 * - list-page: `ListPage` (server paging and search, the query in the URL), `useListParams`.
 * - form: `useAdminForm` (contract zod schema), `fieldErrors`, `useSaveForm` (422 -> fields),
 *   `SaveBar`, `applyServerErrors`.
 * - confirm-dialog: `ConfirmDialog` (focus returns to the opener).
 * - page-header: `PageHeader` (the h1 and '<title> – Console'), `useConsoleTitle`.
 * - audit-history: `AuditHistory` (a record's history), `AuditHistoryLink`, `AuditEventList`.
 * - testing (import it from './kit/testing', tests only): `renderAdmin` (routes under /admin, a query client).
 *
 * Fields: `TextField`, `SelectField`, `CheckboxField` from shared/ui with `fieldErrors(form, name)`.
 */
export {
  type AdminPageOf,
  adminApi,
  adminKey,
  useAdminList,
  useAdminMutation,
  useAdminQuery,
} from './admin-api';
export {
  AuditEntry,
  AuditEventList,
  AuditHistory,
  AuditHistoryLink,
  auditLogHref,
  diffOf,
  useAuditEvents,
} from './audit-history';
export { ConfirmDialog } from './confirm-dialog';
export { applyServerErrors, fieldErrors, SaveBar, type SaveStatus, useAdminForm, useSaveForm } from './form';
export { type ListColumn, ListPage, useListParams } from './list-page';
export { PageHeader, useConsoleTitle } from './page-header';
