import { parseKes } from '@platform/money';
import { z } from 'zod';

import { SUPPORT_MESSAGES as M } from '../limits';

/**
 * An amount in KES major units as a number (1000, 999.5) or a decimal string ('1000', '999.50'),
 * into integer cents: missing, not a plain amount with at most two decimals, and not above 0 each
 * get their own message (spec part 2 §5: above 0).
 */
export const kesAmount = z.unknown().transform((value, ctx): number => {
  const fail = (message: string) => {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  };
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim()))
    return fail(M.amountRequired);
  if (typeof value !== 'number' && typeof value !== 'string') return fail(M.amountInvalid);
  if (typeof value === 'number' && !Number.isFinite(value)) return fail(M.amountInvalid);
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const cents = parseKes(negative ? text.slice(1) : text);
  if (cents === null) return fail(M.amountInvalid);
  if (negative || cents === 0) return fail(M.amountNotPositive);
  return cents;
});
