/**
 * Money (shell-session-basket.md 3): integer minor units shown with two decimals and a currency
 * symbol; the default symbol is £, and a symbol other than £ is followed by a space.
 */
export const currencySymbols: Record<string, string> = { GBP: '£', USD: '$', EUR: '€' };

export function currencySymbol(currency: string | null | undefined): string {
  return (currency && currencySymbols[currency.toUpperCase()]) || '£';
}

export function formatMoney(minorUnits: number, currency: string | null | undefined = 'GBP'): string {
  const symbol = currencySymbol(currency);
  const sign = minorUnits < 0 ? '-' : '';
  const amount = (Math.abs(minorUnits) / 100).toFixed(2);
  return symbol === '£' ? `${sign}£${amount}` : `${sign}${symbol} ${amount}`;
}
