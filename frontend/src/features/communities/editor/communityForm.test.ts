import { createBody, EMPTY_FORM, moveRule, patchBody, validateForm } from './communityForm';

describe('community form', () => {
  it('moves a rule up or down, and leaves the ends alone', () => {
    expect(moveRule(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRule(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRule(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRule(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('checks the name, the slug (on create only) and the lengths', () => {
    expect(validateForm(EMPTY_FORM, true)).toEqual(['nameRequired']);
    expect(validateForm({ ...EMPTY_FORM, name: 'Abc', slug: 'ab' }, true)).toEqual(['slugFormat']);
    expect(validateForm({ ...EMPTY_FORM, name: 'Ab' }, true)).toEqual(['nameTooShort']);
    expect(validateForm({ ...EMPTY_FORM, name: 'Abc', slug: 'ab' }, false)).toEqual([]);
    expect(validateForm({ ...EMPTY_FORM, name: 'x'.repeat(61), rules: ['y'.repeat(301)] }, true)).toEqual([
      'nameTooLong',
      'ruleTooLong',
    ]);
  });

  it('sends a removed image as null and leaves an untouched one out', () => {
    const form = {
      ...EMPTY_FORM,
      name: ' Circle ',
      rules: [' one ', ' '],
      avatar: { mediaId: null, previewUrl: null },
      banner: { mediaId: 'm1', previewUrl: 'blob:x' },
    };
    expect(createBody(form)).toEqual({
      name: 'Circle',
      description: '',
      rules: ['one'],
      category: 'study_circle',
      city: '',
      privacy: 'public',
      avatarMediaId: null,
      bannerMediaId: 'm1',
    });
    expect(patchBody({ ...form, slug: 'circle', avatar: EMPTY_FORM.avatar })).not.toHaveProperty('slug');
    expect(patchBody({ ...form, avatar: EMPTY_FORM.avatar })).not.toHaveProperty('avatarMediaId');
    expect(patchBody(form)).not.toHaveProperty('privacy');
  });
});
