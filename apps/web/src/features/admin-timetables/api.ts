import type {
  AdminCourse,
  AdminSession,
  CourseInput,
  SessionCancelAnswer,
  SessionCancelRequest,
  SessionMoveRequest,
  SessionsOutcome,
  TimetableChoices,
  TimetableEntry,
  TimetableEntryAnswer,
  TimetableEntryChange,
  TimetableEntryInput,
} from '@leisure/contract/admin/timetables';
import { adminApi, useAdminQuery } from '../../shared/api/admin-api';

/** The console's Timetables area's calls (api/admin/timetable-entries, sessions, courses). */

export const entriesPath = 'timetable-entries';
export const sessionsPath = 'sessions';
export const coursesPath = 'courses';

export type { AdminCourse, AdminSession, SessionsOutcome, TimetableChoices, TimetableEntry };

export function useTimetableChoices() {
  return useAdminQuery<TimetableChoices>('timetable-choices', undefined, { staleTime: 60_000 });
}

export function useTimetableEntry(id: number | undefined) {
  return useAdminQuery<TimetableEntry>(`${entriesPath}/${id ?? 0}`, undefined, { enabled: id !== undefined });
}

export const createEntry = (body: TimetableEntryInput) =>
  adminApi.post<TimetableEntryAnswer>(entriesPath, body);
export const changeEntry = (id: number, body: TimetableEntryChange) =>
  adminApi.patch<TimetableEntryAnswer>(`${entriesPath}/${id}`, body);
export const removeEntry = (id: number) =>
  adminApi.delete<{ sessions: SessionsOutcome }>(`${entriesPath}/${id}`);
export const cancelSession = (id: number, body: SessionCancelRequest) =>
  adminApi.post<SessionCancelAnswer>(`${sessionsPath}/${id}/cancel`, body);
export const moveSession = (id: number, body: SessionMoveRequest) =>
  adminApi.patch<{ data: AdminSession; emailed: number }>(`${sessionsPath}/${id}`, body);
export const createCourse = (body: CourseInput) =>
  adminApi.post<{ data: AdminCourse; session_ids: number[] }>(coursesPath, body);

/** What a pattern change did, in words for the save bar. */
export function outcomeText(outcome: SessionsOutcome): string {
  const parts = [
    outcome.created ? `${outcome.created} sessions created` : '',
    outcome.updated ? `${outcome.updated} booked sessions changed` : '',
    outcome.removed ? `${outcome.removed} unbooked sessions removed` : '',
    outcome.kept_with_bookings.length
      ? `${outcome.kept_with_bookings.length} sessions with bookings kept`
      : '',
    outcome.emailed ? `${outcome.emailed} people emailed` : '',
  ].filter(Boolean);
  return parts.length ? `${parts.join(', ')}.` : 'No sessions changed.';
}
