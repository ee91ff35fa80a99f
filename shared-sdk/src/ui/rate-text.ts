// How a rate reads on every screen that shows one (the rate history's chart, the seller's rate alerts).

/** "₦1,250.00" from "1250.00"; a code-like symbol gets a space ("USDT 1.2500"). */
export function rateText(rate: string, symbol: string): string {
  const [whole = '0', frac] = rate.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${symbol}${/^[A-Za-z]+$/.test(symbol) ? ' ' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}
