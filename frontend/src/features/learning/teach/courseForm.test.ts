import type { CourseDraft } from '../types';
import { EMPTY_FORM, emptySection, formFromDraft, inputFromForm, validateForm } from './courseForm';

const DRAFT: CourseDraft = {
  id: 'c1',
  title: 'Tajweed',
  description: 'Recite well',
  category: 'Quran',
  level: 'beginner',
  price: '1500',
  promoPrice: '2000',
  thumbnailMediaId: 'm1',
  thumbnailImage: '/media/m1',
  previewVideoMediaId: null,
  previewVideoUrl: null,
  whatYouWillLearn: ['Makharij'],
  sections: [
    {
      id: 's1',
      title: 'Letters',
      lessons: [
        { id: 'l1', title: 'Alif', durationSec: 90, freePreview: true, content: { kind: 'video', mediaId: 'v1' } },
      ],
    },
  ],
  isPublished: false,
  totalStudents: 0,
  rating: '0.0',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('course form', () => {
  it('round-trips a draft, keeping section and lesson ids and turning minutes back into seconds', () => {
    expect(inputFromForm(formFromDraft(DRAFT))).toEqual({
      title: 'Tajweed',
      description: 'Recite well',
      category: 'Quran',
      level: 'beginner',
      price: '1500',
      promoPrice: '2000',
      thumbnailMediaId: 'm1',
      previewVideoMediaId: null,
      whatYouWillLearn: ['Makharij'],
      sections: [
        {
          id: 's1',
          title: 'Letters',
          lessons: [
            { id: 'l1', title: 'Alif', durationSec: 90, freePreview: true, content: { kind: 'video', mediaId: 'v1' } },
          ],
        },
      ],
    });
  });

  it("sends a video lesson's probed length, never typed minutes, and checks minutes on text lessons only", () => {
    const form = formFromDraft(DRAFT);
    const video = form.sections[0]!.lessons[0]!;
    expect(video).toMatchObject({ kind: 'video', videoSec: 90, minutes: '' });
    const typed = { ...video, minutes: '9999' };
    const probed = { ...form, sections: [{ ...form.sections[0]!, lessons: [{ ...typed, videoSec: 5 }] }] };
    expect(validateForm(probed)).toEqual([]);
    expect(inputFromForm(probed).sections[0]!.lessons[0]!.durationSec).toBe(5);
    // Not measured yet: 0, which the server replaces with the probe when it comes.
    const pending = { ...form, sections: [{ ...form.sections[0]!, lessons: [{ ...typed, videoSec: null }] }] };
    expect(inputFromForm(pending).sections[0]!.lessons[0]!.durationSec).toBe(0);
    const text = { ...typed, kind: 'text' as const, text: 'Alif' };
    expect(validateForm({ ...form, sections: [{ ...form.sections[0]!, lessons: [text] }] })).toEqual(['duration']);
  });

  it('names every rule an empty form breaks, and a promo not above the price', () => {
    const form = { ...EMPTY_FORM, price: '12.345', sections: [emptySection()] };
    expect(validateForm(form).sort()).toEqual([
      'descriptionRequired',
      'lessonContent',
      'lessonTitle',
      'price',
      'sectionTitle',
      'titleRequired',
    ]);
    expect(validateForm({ ...formFromDraft(DRAFT), promoPrice: '1500' })).toEqual(['promo']);
    expect(validateForm(formFromDraft(DRAFT))).toEqual([]);
  });
});
