import type { SuggestionReason } from '@contract';
import { act } from '@testing-library/react';

import { i18n } from '@/i18n';

import { suggestionReason } from './suggestionReason';

const named = (...names: string[]) =>
  names.map((displayName, i) => ({ id: `u${i}`, username: `user${i}`, displayName }));
const say = (reason: SuggestionReason) => suggestionReason(i18n.t, reason).replace(/[\u2068\u2069]/g, '|');

describe('suggestionReason', () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  it('names up to two of the people I follow and counts the rest, each name isolated', () => {
    expect(say({ kind: 'followedBy', names: named('Amina'), othersCount: 0 })).toBe('Followed by |Amina|');
    expect(say({ kind: 'followedBy', names: named('Amina'), othersCount: 2 })).toBe('Followed by |Amina| and 2 others');
    expect(say({ kind: 'followedBy', names: named('Amina'), othersCount: 1 })).toBe('Followed by |Amina| and 1 other');
    expect(say({ kind: 'followedBy', names: named('Amina', 'بلال'), othersCount: 0 })).toBe(
      'Followed by |Amina| and |بلال|',
    );
    expect(say({ kind: 'followedBy', names: named('Amina', 'Bilal'), othersCount: 3 })).toBe(
      'Followed by |Amina|, |Bilal| and 3 others',
    );
    expect(say({ kind: 'followedBy', names: [], othersCount: 4 })).toBe('Followed by 4 people you follow');
    expect(say({ kind: 'followedBy', names: named(''), othersCount: 0 })).toBe('Followed by |@user0|');
  });

  it('says why for teachers, members of my city, popular and new members', () => {
    expect(say({ kind: 'teacher', courses: 1 })).toBe('Teaches 1 course');
    expect(say({ kind: 'teacher', courses: 3 })).toBe('Teaches 3 courses');
    expect(say({ kind: 'sameCity', city: 'Nairobi' })).toBe('From |Nairobi|, like you');
    expect(say({ kind: 'popular', followers: 1200 })).toBe('Popular: 1,200 followers');
    expect(say({ kind: 'new' })).toBe('New to DeenConnect');
  });

  it('speaks Arabic with its plural forms, the Latin names isolated', async () => {
    await act(() => i18n.changeLanguage('ar'));
    expect(say({ kind: 'followedBy', names: named('Amina'), othersCount: 2 })).toBe(
      'من متابِعي هذا الحساب: |Amina| وشخصان آخران',
    );
    expect(say({ kind: 'followedBy', names: named('Amina', 'Bilal'), othersCount: 11 })).toBe(
      'من متابِعي هذا الحساب: |Amina| و|Bilal| و11 شخصًا آخر',
    );
    expect(say({ kind: 'popular', followers: 3 })).toBe('حساب رائج: 3 متابِعين');
    expect(say({ kind: 'teacher', courses: 1 })).toBe('يقدّم هذا الحساب دورة واحدة');
    expect(say({ kind: 'teacher', courses: 2 })).toBe('يقدّم هذا الحساب دورتين');
    expect(say({ kind: 'teacher', courses: 11 })).toBe('يقدّم هذا الحساب 11 دورةً');
    expect(say({ kind: 'sameCity', city: 'Nairobi' })).toBe('من |Nairobi| مثلك');
  });
});
