/** The console's calls: the API part of the kit lives in shared/ so features/admin-<area>/ hooks can use it. */
export {
  type AdminMutationOptions,
  type AdminPageOf,
  adminApi,
  adminKey,
  useAdminList,
  useAdminMutation,
  useAdminQuery,
} from '../../../shared/api/admin-api';
