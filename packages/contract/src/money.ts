/** Money is integer minor units plus an ISO currency code; it is formatted only at the edge. */
export interface Money {
  amount: number;
  currency: string;
}

const symbols: Record<string, string> = { GBP: '£', USD: '$', EUR: '€' };

/** The currency symbol: GBP £, USD $, EUR €, default £ (shell-session-basket.md 9, my-account.md 9). */
export function currencySymbol(currency: string | null | undefined): string {
  return (currency && symbols[currency.toUpperCase()]) || '£';
}

/**
 * A two-decimal number with the symbol in front, no thousands separator; a symbol other than £ is
 * followed by a space (shell-session-basket.md 3): 1250 GBP -> '£12.50', 1250 EUR -> '€ 12.50',
 * -500 GBP -> '-£5.00', 125000 GBP -> '£1250.00'. The one money formatter of the API and the web app.
 */
export function formatMoney(amountMinor: number, currency: string | null | undefined = 'GBP'): string {
  if (!Number.isInteger(amountMinor)) throw new RangeError('Money amounts are integer minor units');
  const symbol = currencySymbol(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const absolute = Math.abs(amountMinor);
  const major = Math.floor(absolute / 100);
  const minor = String(absolute % 100).padStart(2, '0');
  return `${sign}${symbol === '£' ? symbol : `${symbol} `}${major}.${minor}`;
}
