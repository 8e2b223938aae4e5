import { given, minute, upTo } from '../testing/history';
import { foldProfile, type OpenedProfileEvent } from './profile.view';
import { emptyContext } from './types';

const update = (
  fields: OpenedProfileEvent['data']['fields'],
  personal: OpenedProfileEvent['data']['personal'],
  i: number,
): OpenedProfileEvent => ({ type: 'ProfileUpdated', data: { userId: 'u1', fields, personal, updatedAt: minute(i) } });

describe('profile history view', () => {
  const stream = given([
    update(['displayName', 'bio'], { displayName: 'Amina', bio: 'Student of knowledge' }, 0),
    update(['website', 'avatarUrl'], { website: 'https://amina.example', avatarUrl: '/media/a1' }, 1),
    update(['bio'], { bio: null }, 2),
  ]);

  it('shows the name, bio, avatar and link as they were at each version', () => {
    expect(foldProfile(upTo(stream, 0), emptyContext())).toEqual({
      kind: 'profile',
      userId: 'u1',
      displayName: 'Amina',
      bio: 'Student of knowledge',
      location: null,
      website: null,
      avatarUrl: null,
      bannerUrl: null,
      updatedAt: minute(0),
      erasedAt: null,
    });
    expect(foldProfile(upTo(stream, 1), emptyContext())).toMatchObject({
      bio: 'Student of knowledge',
      website: 'https://amina.example',
      avatarUrl: '/media/a1',
    });
    expect(foldProfile(stream, emptyContext())).toMatchObject({ bio: null, website: 'https://amina.example' });
  });

  it('once the key is shredded, every field the member wrote reads "erased", with the erasure time', () => {
    const shredded = given([
      update(['displayName', 'bio'], { unreadable: true }, 0),
      update(['website'], { unreadable: true }, 1),
    ]);
    expect(foldProfile(shredded, emptyContext({ erasedAt: minute(9) }))).toMatchObject({
      displayName: 'erased',
      bio: 'erased',
      website: 'erased',
      location: null,
      erasedAt: minute(9),
    });
  });
});
