import type { AdminArea } from '../area';
import { activitiesArea } from './activities';
import { membershipsArea } from './memberships';
import { operatorArea } from './operator';
import { promotionsArea } from './promotions';
import { staffArea } from './staff';
import { timetablesArea } from './timetables';
import { venuesArea } from './venues';

/** The console's areas, in the order of its navigation. */
export const adminAreas: readonly AdminArea[] = [
  operatorArea,
  venuesArea,
  activitiesArea,
  timetablesArea,
  membershipsArea,
  promotionsArea,
  staffArea,
];
