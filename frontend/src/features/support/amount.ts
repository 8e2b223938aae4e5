/**
 * §5: a custom amount overrides the preset; the amount must be above 0 (and, as the server says, at
 * most the configured ceiling). Amounts are KES with at most two decimals.
 */
export type AmountCheck = { ok: true; amount: number } | { ok: false; reason: 'invalid' | 'tooSmall' | 'tooLarge' };

export function donationAmount(preset: number, custom: string, maxAmount?: string | number): AmountCheck {
  const typed = custom.trim().replace(/,/g, '');
  let amount = preset;
  if (typed !== '') {
    if (!/^\d+(\.\d{1,2})?$/.test(typed)) return { ok: false, reason: typed.startsWith('-') ? 'tooSmall' : 'invalid' };
    amount = Number(typed);
  }
  if (!(amount > 0)) return { ok: false, reason: 'tooSmall' };
  const max = maxAmount === undefined ? NaN : Number(maxAmount);
  if (Number.isFinite(max) && amount > max) return { ok: false, reason: 'tooLarge' };
  return { ok: true, amount };
}

/** §5 notify-me: a guest's address is required and must look like one. */
export function emailProblem(email: string): 'required' | 'invalid' | null {
  const value = email.trim();
  if (!value) return 'required';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'invalid';
}
