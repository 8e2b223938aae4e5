import { shillings } from '@platform/money';
import type { RateLimitRule } from '@platform/rate-limit';

/** Orphan support's limits and messages (spec part 2 §5, §8; the rest named in API.md). */
export const SUPPORT_LIMITS = {
  uniqueIdMax: 20,
  locationMax: 120,
  storyMax: 5000,
  /** KES cents: 10 million shillings, far above any one child's needs. */
  goalMax: 10_000_000_00,
  auditorNameMax: 120,
  logoMax: 500,
  noteMax: 300,
  emailMax: 254,
  ledgerPageDefault: 20,
  ledgerPageMax: 100,
} as const;

/** Notify-me sign-ups per address of the asker (a guest) or per member: nobody fills the list with strangers. */
export const NOTIFY_SIGNUPS: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 };
/**
 * Notify-me double opt-in: confirmation mails to one address (whoever asks for them, so nobody can
 * use the form to flood an inbox), and how long a confirmation link works.
 */
export const NOTIFY_CONFIRMATION = {
  mails: 3,
  mailWindowMs: 24 * 60 * 60_000,
  linkTtlMs: 7 * 24 * 60 * 60_000,
} as const;
/** Donations started per member: each one asks a provider (and an STK push rings a phone). */
export const DONATION_STARTS: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };

export const SUPPORT_MESSAGES = {
  adminsOnly: 'Only admins can manage orphan support',
  signInToDonate: 'Please log in to donate',
  donationsPaused: 'Donations are paused at the moment. Ask to be notified when they open.',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  subscribed: "We'll email you as soon as donations open.",
  /** The notify-me links' POSTs (the web app's buttons, a mail provider's one-click unsubscribe). */
  notifyConfirmed: "Your address is confirmed: we'll email you as soon as donations open.",
  notifyUnsubscribed: "You're off the list: we won't email you about donations.",
  linkInvalid: 'This link is not valid or has expired.',
  amountRequired: 'Please enter an amount',
  amountInvalid: 'Please enter a valid amount in KSh (at most two decimals)',
  amountNotPositive: 'The amount must be above 0',
  amountTooLarge: (maxCents: number) => `The amount must be at most ${shillings(maxCents)}`,
  methodInvalid: 'Choose M-Pesa or card',
  anonymousInvalid: 'isAnonymous must be true or false',
  orphanNotFound: 'Orphan not found',
  donationNotFound: 'Donation not found',
  alreadyPledged: 'This donation has already been made',
  notPending: 'This donation is not waiting for a payment',
  uniqueIdInvalid: 'uniqueId must be 1-20 letters, digits or hyphens',
  uniqueIdTaken: 'An orphan with this ID is already registered',
  locationRequired: 'Please enter the location',
  locationTooLong: 'The location must be at most 120 characters',
  statusInvalid: 'status must be Active, Sponsored, Graduated or Inactive',
  goalInvalid: `The goal must be an amount above 0 and at most ${shillings(SUPPORT_LIMITS.goalMax)}`,
  storyRequired: 'Please enter the story',
  storyTooLong: 'The story must be at most 5000 characters',
  auditorNameRequired: "Please enter the auditor's name",
  auditorNameTooLong: "The auditor's name must be at most 120 characters",
  logoInvalid: 'logo must be an http(s) URL or null',
  auditDateInvalid: 'lastAuditDate must be a date (YYYY-MM-DD) not in the future',
  booleanInvalid: (field: string) => `${field} must be true or false`,
  auditorNotFound: 'Auditor not found',
  noteRequired: 'Please describe the disbursement',
  noteTooLong: 'The note must be at most 300 characters',
  insufficientFunds: (heldCents: number) => `A disbursement cannot exceed the funds held (${shillings(heldCents)})`,
  limitInvalid: 'limit must be a whole number from 1 to 100',
  cursorInvalid: 'Invalid cursor',
} as const;
