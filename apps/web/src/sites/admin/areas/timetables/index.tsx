import { Suspense } from 'react';
import { lazyWithTimeout } from '../../../../shared/app/lazy';
import type { AdminArea } from '../../area';

const TimetablesScreen = lazyWithTimeout(() => import('./timetables-screen'), 'TimetablesScreen');
const PatternFormScreen = lazyWithTimeout(() => import('./pattern-form-screen'), 'PatternFormScreen');
const SessionsScreen = lazyWithTimeout(() => import('./sessions-screen'), 'SessionsScreen');
const CoursesScreen = lazyWithTimeout(() => import('./courses-screen'), 'CoursesScreen');
const CourseFormScreen = lazyWithTimeout(() => import('./courses-screen'), 'CourseFormScreen');

/** The console's Timetables area (issue 47): weekly patterns, sessions (cancel, move) and courses. */
export const timetablesArea: AdminArea = {
  path: 'timetables',
  label: 'Timetables',
  permission: 'activities.manage',
  routes: [
    { index: true, element: <TimetablesScreen /> },
    { path: 'new', element: <PatternFormScreen /> },
    { path: 'sessions', element: <SessionsScreen /> },
    { path: 'courses', element: <CoursesScreen /> },
    { path: 'courses/new', element: <CourseFormScreen /> },
    { path: ':id', element: <PatternFormScreen /> },
  ].map((route) => ({ ...route, element: <Suspense fallback={null}>{route.element}</Suspense> })),
};
