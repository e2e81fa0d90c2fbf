const ukZone = 'Europe/London';

/** An instant as 'DD/MM/YYYY' in UK time (joining-and-payments.md 9). */
export function ukDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: ukZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}

/** An instant as 'DD/MM/YYYY HH:mm' in UK time. */
export function ukDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: ukZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
  return `${ukDate(iso)} ${time}`;
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY'. */
export function ukDateOfLocal(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}
