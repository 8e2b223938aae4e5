import { IMAGE_MAX_BYTES, normalizeWebsite, validateImageFile, validateProfileForm } from './validation';

const valid = { displayName: 'Amina', bio: '', location: '', website: '' };

describe('validateProfileForm', () => {
  it('accepts a filled, valid form', () => {
    expect(
      validateProfileForm({
        displayName: 'Amina',
        bio: 'b'.repeat(160),
        location: 'Nairobi',
        website: 'https://amina.dev',
      }),
    ).toEqual({});
  });

  it('requires a display name of at most 50', () => {
    expect(validateProfileForm({ ...valid, displayName: '   ' }).displayName).toBe('displayNameRequired');
    expect(validateProfileForm({ ...valid, displayName: 'a'.repeat(51) }).displayName).toBe('displayNameMax');
  });

  it('limits bio to 160 and location to 100', () => {
    expect(validateProfileForm({ ...valid, bio: 'b'.repeat(161) }).bio).toBe('bioMax');
    expect(validateProfileForm({ ...valid, location: 'l'.repeat(101) }).location).toBe('locationMax');
  });

  it('wants the website to be a URL; a bare domain is taken as https', () => {
    expect(validateProfileForm({ ...valid, website: 'not a url' }).website).toBe('websiteInvalid');
    expect(validateProfileForm({ ...valid, website: 'javascript:alert(1)' }).website).toBe('websiteInvalid');
    expect(validateProfileForm({ ...valid, website: 'amina.dev' }).website).toBeUndefined();
    expect(normalizeWebsite(' amina.dev ')).toBe('https://amina.dev');
    expect(normalizeWebsite('http://amina.dev')).toBe('http://amina.dev');
  });
});

describe('validateImageFile', () => {
  it('wants an image under 5MB', () => {
    expect(validateImageFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe('imageType');
    const big = new File(['x'], 'a.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: IMAGE_MAX_BYTES });
    expect(validateImageFile(big)).toBe('imageSize');
    expect(validateImageFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
  });
});
