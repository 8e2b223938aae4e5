import type { TFunction } from 'i18next';

import { dayDate, dayKey, daysBetween } from '@/i18n/calendarDays';

import { type Groupable, groupMessages, type MessageGroup } from './grouping';

/**
 * The reader's calendar day of a time, as `YYYY-MM-DD` (a `<time>`'s date). Local, not UTC: a
 * message sent at 01:00 in Riyadh belongs to that day there, though UTC still has the one before.
 */
export const dayOf = (value: string | number | Date): string => dayKey(new Date(value));

/** A chat's separator: Today, Yesterday, else the date (its year only when not this year's). */
export function dayLabel(value: string | number | Date, t: TFunction, language: string, now = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  // By the calendar, not 24 hours back: a day with a clock change is 23 or 25 hours.
  const days = daysBetween(date, now);
  if (days === 0) return t('messages.chat.today');
  if (days === 1) return t('messages.chat.yesterday');
  return dayDate(date, language, now);
}

export interface ChatDay<M extends Groupable> {
  /** The reader's calendar day (dayOf). */
  day: string;
  /** When its first message was sent: its label. */
  startedAt: string;
  groups: MessageGroup<M>[];
}

/**
 * Messages (oldest first) by the reader's day, each day's grouped by sender and gap: a group never
 * runs past midnight, so each day's separator stands before its first message.
 */
export function groupByDay<M extends Groupable>(messages: readonly M[]): ChatDay<M>[] {
  const runs: { day: string; messages: M[] }[] = [];
  for (const message of messages) {
    const day = dayOf(message.createdAt);
    const last = runs.at(-1);
    if (last?.day === day) last.messages.push(message);
    else runs.push({ day, messages: [message] });
  }
  return runs.map((run) => ({
    day: run.day,
    startedAt: run.messages[0]!.createdAt,
    groups: groupMessages(run.messages),
  }));
}
