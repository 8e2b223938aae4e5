import { i18n } from '@/i18n';

import { dayLabel, dayOf, groupByDay } from './days';
import { groupMessages } from './grouping';
import { filterConversations, previewOf } from './preview';
import { makeConversation, makeMessage } from './testing/fixtures';
import { tickOf } from './ticks';

const at = (minutes: number, seconds = 0) => new Date(Date.UTC(2026, 0, 5, 10, minutes, seconds)).toISOString();

describe('groupMessages', () => {
  it('keeps one sender together up to a 5-minute gap and starts a new group past it', () => {
    const messages = [
      makeMessage({ id: 'm1', senderId: 'a', createdAt: at(0) }),
      makeMessage({ id: 'm2', senderId: 'a', createdAt: at(5) }), // exactly 5 minutes: same group
      makeMessage({ id: 'm3', senderId: 'a', createdAt: at(10, 1) }), // 5 min 1 s: new group
      makeMessage({ id: 'm4', senderId: 'b', createdAt: at(10, 2) }), // other sender: new group
      makeMessage({ id: 'm5', senderId: 'a', createdAt: at(10, 3) }),
    ];
    expect(groupMessages(messages).map((g) => [g.senderId, g.startedAt, g.items.map((m) => m.id)])).toEqual([
      ['a', at(0), ['m1', 'm2']],
      ['a', at(10, 1), ['m3']],
      ['b', at(10, 2), ['m4']],
      ['a', at(10, 3), ['m5']],
    ]);
  });

  it('gives nothing for no messages', () => {
    expect(groupMessages([])).toEqual([]);
  });
});

// Local times throughout (new Date(y, m, d, h)): the days are the reader's, whatever the zone.
describe('dayLabel', () => {
  const now = new Date(2026, 2, 15, 12, 0);
  const label = (date: Date, language = 'en', at = now) => dayLabel(date, i18n.getFixedT(language), language, at);

  it('says Today and Yesterday by the calendar, not by 24 hours', () => {
    expect(label(new Date(2026, 2, 15, 0, 0))).toBe('Today');
    expect(label(new Date(2026, 2, 14, 23, 59))).toBe('Yesterday');
    expect(label(new Date(2026, 2, 14, 0, 0))).toBe('Yesterday');
    // A minute before midnight is yesterday two minutes later.
    expect(label(new Date(2026, 2, 14, 23, 59), 'en', new Date(2026, 2, 15, 0, 1))).toBe('Yesterday');
    // Yesterday across a month's end.
    expect(label(new Date(2026, 1, 28, 22, 0), 'en', new Date(2026, 2, 1, 8, 0))).toBe('Yesterday');
  });

  it('dates older days, with the year only when it is not this one', () => {
    expect(label(new Date(2026, 2, 13, 23, 59))).toBe('March 13');
    expect(label(new Date(2025, 11, 31, 12, 0))).toBe('December 31, 2025');
    expect(label(new Date(Number.NaN))).toBe('');
  });

  it('speaks Arabic', () => {
    expect(label(new Date(2026, 2, 15, 9, 0), 'ar')).toBe('اليوم');
    expect(label(new Date(2026, 2, 14, 9, 0), 'ar')).toBe('أمس');
    const older = new Date(2026, 0, 5, 9, 0);
    expect(label(older, 'ar')).toBe(new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'long' }).format(older));
  });
});

describe('groupByDay', () => {
  it("splits by the reader's day, even one sender's messages minutes apart across midnight", () => {
    const local = (day: number, hours: number, minutes: number) => new Date(2026, 2, day, hours, minutes).toISOString();
    const messages = [
      makeMessage({ id: 'm1', senderId: 'a', createdAt: local(13, 9, 0) }),
      makeMessage({ id: 'm2', senderId: 'a', createdAt: local(14, 23, 58) }),
      makeMessage({ id: 'm3', senderId: 'a', createdAt: local(15, 0, 1) }),
      makeMessage({ id: 'm4', senderId: 'a', createdAt: local(15, 0, 3) }),
      makeMessage({ id: 'm5', senderId: 'b', createdAt: local(15, 0, 4) }),
    ];
    expect(groupByDay(messages).map((d) => [d.day, d.groups.map((g) => g.items.map((m) => m.id))])).toEqual([
      ['2026-03-13', [['m1']]],
      ['2026-03-14', [['m2']]],
      ['2026-03-15', [['m3', 'm4'], ['m5']]],
    ]);
    expect(dayOf(local(15, 0, 1))).toBe('2026-03-15');
    expect(groupByDay([])).toEqual([]);
  });
});

describe('day headers (groupByDay with dayLabel)', () => {
  // A chat that runs over a year's end, read on 1 January: one header where the day changes, none between.
  const now = new Date(2027, 0, 1, 9, 0);
  const local = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m, d, h, min).toISOString();
  const messages = [
    makeMessage({ id: 'a', senderId: 'a', createdAt: local(2026, 11, 30, 20, 0) }),
    makeMessage({ id: 'b', senderId: 'b', createdAt: local(2026, 11, 30, 21, 0) }),
    makeMessage({ id: 'c', senderId: 'a', createdAt: local(2026, 11, 31, 23, 59) }),
    makeMessage({ id: 'd', senderId: 'a', createdAt: local(2027, 0, 1, 0, 0) }),
    makeMessage({ id: 'e', senderId: 'b', createdAt: local(2027, 0, 1, 8, 30) }),
  ];
  const headers = (language: string) =>
    groupByDay(messages).map((day) => [
      dayLabel(day.startedAt, i18n.getFixedT(language), language, now),
      day.groups.flatMap((g) => g.items.map((m) => m.id)),
    ]);

  it('heads each day once, before its first message, in English', () => {
    expect(headers('en')).toEqual([
      ['December 30, 2026', ['a', 'b']],
      ['Yesterday', ['c']],
      ['Today', ['d', 'e']],
    ]);
  });

  it('and in Arabic', () => {
    const older = new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'long', year: 'numeric' });
    expect(headers('ar')).toEqual([
      [older.format(new Date(2026, 11, 30)), ['a', 'b']],
      ['أمس', ['c']],
      ['اليوم', ['d', 'e']],
    ]);
  });
});

describe('tickOf', () => {
  it('reads sent, delivered and read from the receipts of own messages only', () => {
    expect(tickOf(makeMessage({ senderId: 'me' }), 'me')).toBe('sent');
    expect(tickOf(makeMessage({ senderId: 'me', isDelivered: true }), 'me')).toBe('delivered');
    expect(tickOf(makeMessage({ senderId: 'me', isDelivered: true, isRead: true }), 'me')).toBe('read');
    expect(tickOf(makeMessage({ senderId: 'other', isRead: true }), 'me')).toBeNull();
  });

  it('shows a message on its way as sending, then failed', () => {
    const pending = {
      tempId: 't1',
      conversationId: 'c1',
      senderId: 'me',
      content: 'hi',
      messageType: 'text' as const,
      replyTo: null,
      createdAt: at(0),
      status: 'sending' as const,
    };
    expect(tickOf(pending, 'me')).toBe('sending');
    expect(tickOf({ ...pending, status: 'failed' }, 'me')).toBe('failed');
  });
});

describe('previewOf', () => {
  it('shows text as written and labels image, video and voice messages', () => {
    const text = makeConversation({
      lastMessage: { id: 'm', messageType: 'text', content: 'Salaam\nsecond line', senderId: 'u2' },
    });
    expect(previewOf(text, 'me')).toEqual({ key: null, text: 'Salaam', mine: false });
    const image = makeConversation({ lastMessage: { id: 'm', messageType: 'image', content: '', senderId: 'me' } });
    expect(previewOf(image, 'me')).toEqual({ key: 'messages.preview.image', text: '', mine: true });
    const voice = makeConversation({ lastMessage: { id: 'm', messageType: 'audio', content: '', senderId: 'u2' } });
    expect(previewOf(voice, 'me').key).toBe('messages.preview.audio');
    const video = makeConversation({ lastMessage: { id: 'm', messageType: 'video', content: 'Eid', senderId: 'u2' } });
    expect(previewOf(video, 'me')).toEqual({ key: 'messages.preview.video', text: 'Eid', mine: false });
    expect(previewOf(makeConversation({ lastMessage: null }), 'me').key).toBe('messages.preview.none');
  });
});

describe('filterConversations', () => {
  const list = [
    makeConversation({ id: 'c1', user: { name: 'Bilal Hassan', username: 'bilal' } }),
    makeConversation({ id: 'c2', user: { name: 'Maryam', username: 'maryam_k' } }),
    makeConversation({ id: 'c3', user: { name: 'Deleted member', username: null } }),
  ];
  it('matches the name or the username, ignoring case', () => {
    expect(filterConversations(list, 'HASSAN').map((c) => c.id)).toEqual(['c1']);
    expect(filterConversations(list, 'Maryam_K').map((c) => c.id)).toEqual(['c2']);
    expect(filterConversations(list, '  ').map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    expect(filterConversations(list, 'zzz')).toEqual([]);
  });
});
