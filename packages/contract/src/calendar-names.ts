/**
 * The names of the months, the one list the API's answers, the web's screens and its mocks write dates
 * with (decision 064). A fixed table, not Intl: the spec's 'MMM' is three letters where en-GB writes
 * 'Sept', and a browser's first Intl formatter loads ICU data the joining flow cannot wait for.
 */
export const shortMonthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export const longMonthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
