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
 * Fields: `TextField`, `SelectField`, `CheckboxField`, `CheckboxGroup` from shared/ui with
 * `fieldErrors(form, name)`; a select whose options load after the form's values needs a Controller
 * (areas/staff/role-and-venues.tsx).
 *
 * An area's screens: `lazyWithTimeout(() => import('./x-screen'), 'XScreen')` as route elements; the
 * console layout's Suspense shows "Loading…" in the main area while one loads. Each screen starts with
 * a PageHeader (its one h1). Component tests: `renderAdmin(consoleRoutes(), { path: '/admin/<area>' })`
 * (sites/admin/routes.tsx) with `resetAdminMock('administrator')` from src/mocks/admin-handlers.ts for a
 * signed-in administrator, `server.use(...)` for the area's own calls, and `axeViolations()` (kit/axe.ts).
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
