import type { ActivityKind } from '@leisure/contract/admin/activities';

export const kindLabel: Record<ActivityKind, string> = {
  court: 'Court or lane hire (slots)',
  class: 'Class',
  course: 'Course',
};

export const kindOptions = (Object.keys(kindLabel) as ActivityKind[]).map((kind) => ({
  value: kind,
  label: kindLabel[kind],
}));
