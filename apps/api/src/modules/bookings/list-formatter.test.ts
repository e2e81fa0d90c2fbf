import { cutoffMessage } from '@leisure/contract/bookings';
import { formatMoney } from '@leisure/contract/money';
import { describe, expect, it } from 'vitest';
import { localDateOf, localIso, localTimeOf, prettyDate } from '../../lib/dates';
import { listFormatter } from './bookings.service';

// The booking lists format hundreds of rows through this memo; it must answer exactly what the
// general helpers answer, across daylight-saving changes and zones with odd offsets.
describe('listFormatter', () => {
  it('gives the same venue-local date, time and ISO text as the local-time helpers', () => {
    const format = listFormatter();
    const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'America/St_Johns'];
    let checked = 0;
    for (const zone of zones) {
      // Every 97 minutes over 2026, which crosses both clock changes at odd minutes.
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 97 * 60_000) {
        const instant = new Date(t);
        expect(format.local(instant, zone)).toEqual({
          date: localDateOf(instant, zone),
          time: localTimeOf(instant, zone),
          iso: localIso(instant, zone),
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20_000);
    expect(format.local(new Date('2026-03-29T01:30:00Z'), 'Europe/London').iso).toBe(
      '2026-03-29T02:30:00+01:00',
    );
  });

  it('remembers prices, dates and cut-off texts without changing them', () => {
    const format = listFormatter();
    for (const [amount, currency] of [
      [1250, 'GBP'],
      [1250, 'EUR'],
      [123456, 'GBP'],
      [1250, 'GBP'],
    ] as const) {
      expect(format.money(amount, currency)).toBe(formatMoney(amount, currency));
    }
    expect(format.longDate('2026-02-09')).toBe(prettyDate('2026-02-09').long_pretty);
    expect(format.longDate('2026-02-09')).toBe('Mon 09 February 2026');
    for (const minutes of [0, 60, 90, 120, 60]) expect(format.cutoff(minutes)).toBe(cutoffMessage(minutes));
  });
});
