import { z } from 'zod';

import { ORPHAN_STATUSES } from '../events';
import { SUPPORT_LIMITS as L, SUPPORT_MESSAGES as M } from '../limits';
import { kesAmount } from './amount';

const bool = (field: string) =>
  z.boolean({ required_error: M.booleanInvalid(field), invalid_type_error: M.booleanInvalid(field) });

// ---- Orphans ------------------------------------------------------------------------------------

/** Shown as ORP-KE-{uniqueId}: a pasted 'ORP-KE-0042' is taken as '0042'. */
const uniqueId = z
  .string({ required_error: M.uniqueIdInvalid, invalid_type_error: M.uniqueIdInvalid })
  .trim()
  .transform((v) => v.replace(/^ORP-KE-/i, '').toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[A-Z0-9-]{1,${L.uniqueIdMax}}$`), M.uniqueIdInvalid));

const location = z
  .string({ required_error: M.locationRequired, invalid_type_error: M.locationRequired })
  .trim()
  .min(1, M.locationRequired)
  .max(L.locationMax, M.locationTooLong);

const status = z.enum(ORPHAN_STATUSES, { errorMap: () => ({ message: M.statusInvalid }) });

const goal = kesAmount.refine((cents) => cents <= L.goalMax, M.goalInvalid);

const story = z
  .string({ required_error: M.storyRequired, invalid_type_error: M.storyRequired })
  .trim()
  .min(1, M.storyRequired)
  .max(L.storyMax, M.storyTooLong);

export const orphanSchema = z.object({ uniqueId, location, status, goal, story });
export const orphanPatchSchema = z.object({
  uniqueId: uniqueId.optional(),
  location: location.optional(),
  status: status.optional(),
  goal: goal.optional(),
  story: story.optional(),
});

// ---- Auditors -----------------------------------------------------------------------------------

const auditorName = z
  .string({ required_error: M.auditorNameRequired, invalid_type_error: M.auditorNameRequired })
  .trim()
  .min(1, M.auditorNameRequired)
  .max(L.auditorNameMax, M.auditorNameTooLong);

const logo = z
  .string({ invalid_type_error: M.logoInvalid, required_error: M.logoInvalid })
  .trim()
  .max(L.logoMax, M.logoInvalid)
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, M.logoInvalid)
  .nullable();

const lastAuditDate = z
  .string({ required_error: M.auditDateInvalid, invalid_type_error: M.auditDateInvalid })
  .trim()
  .refine((v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v) && date.getTime() <= Date.now();
  }, M.auditDateInvalid);

export const auditorSchema = z.object({
  name: auditorName,
  logo,
  lastAuditDate,
  isoCertified: bool('isoCertified'),
  governmentApproved: bool('governmentApproved'),
});
export const auditorPatchSchema = auditorSchema.partial();

// ---- Donations ----------------------------------------------------------------------------------

export const pausedSchema = z.object({ paused: bool('paused') });

/** email stays unknown here: whether it is needed depends on who asks (a member sends none). */
export const notifySchema = z.object({ email: z.unknown().optional() });

const optionalText = (field: string) =>
  z
    .string({ invalid_type_error: `${field} must be text` })
    .trim()
    .max(64, `${field} is too long`)
    .optional();

export const donateSchema = z.object({
  amount: kesAmount,
  isAnonymous: z
    .boolean({ invalid_type_error: M.anonymousInvalid })
    .optional()
    .transform((v) => v ?? false),
  method: z.enum(['mpesa', 'card'], { errorMap: () => ({ message: M.methodInvalid }) }),
  phone: z.string({ invalid_type_error: 'phone must be text' }).trim().max(32).optional(),
  orphanId: z
    .string({ invalid_type_error: 'orphanId must be text' })
    .trim()
    .max(64, M.orphanNotFound)
    .optional()
    .transform((v) => (v ? v : null)),
  cardNumber: optionalText('cardNumber'),
});

export const disbursementSchema = z.object({
  amount: kesAmount,
  orphanId: z
    .string({ invalid_type_error: 'orphanId must be text' })
    .trim()
    .max(64, M.orphanNotFound)
    .optional()
    .transform((v) => (v ? v : null)),
  note: z
    .string({ required_error: M.noteRequired, invalid_type_error: M.noteRequired })
    .trim()
    .min(1, M.noteRequired)
    .max(L.noteMax, M.noteTooLong),
});
