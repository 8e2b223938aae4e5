/**
 * Shillings for people, as the web app writes them in English (frontend/src/i18n/money.ts): 'KSh',
 * whole shillings with thousands separators, cents only when there are any.
 */
export function kes(cents: number): string {
  const major = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const minor = cents % 100;
  return `KSh ${major}${minor ? `.${String(minor).padStart(2, '0')}` : ''}`;
}
