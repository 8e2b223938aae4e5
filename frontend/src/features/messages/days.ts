import type { TFunction } from 'i18next';

import { dateTimeFormat } from '@/i18n/formatters';

import { type Groupable, groupMessages, type MessageGroup } from './grouping';

/**
 * The reader's calendar day of a time, as `YYYY-MM-DD` (a `<time>`'s date). Local, not UTC: a
 * message sent at 01:00 in Riyadh belongs to that day there, though UTC still has the one before.
 */
export function dayOf(value: string | number | Date): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A chat's separator: Today, Yesterday, else the date (its year only when not this year's). */
export function dayLabel(value: string | number | Date, t: TFunction, language: string, now = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = dayOf(date);
  if (day === dayOf(now)) return t('messages.chat.today');
  // The day before by the calendar, not 24 hours back: a day with a clock change is 23 or 25 hours.
  if (day === dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1)))
    return t('messages.chat.yesterday');
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat(language, { day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }) }).format(
    date,
  );
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
