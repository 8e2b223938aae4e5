/**
 * M-Pesa takes Safaricom numbers. Members type them as 0712 345 678, 254712345678 or +254 712 345 678
 * (07… and the newer 01… ranges); Daraja wants 2547…/2541…. Null when it is not such a number.
 */
export function normalizeKenyanPhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const match = /^(?:\+254|254|0)([17]\d{8})$/.exec(compact);
  return match ? `254${match[1]}` : null;
}

/** A normalised number (2547XXXXXXXX) as people write it: 0712 345 678. */
export const localKenyanPhone = (phone: string) => phone.replace(/^254(\d{3})(\d{3})(\d{3})$/, '0$1 $2 $3');

/** A card number as the sandbox reads it: 12 to 19 digits, spaces allowed. */
export function cardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}
