import type { CourseDetails, CourseEvent } from '@modules/learning';

import { given, minute, upTo } from '../testing/history';
import { foldCourse } from './course.view';
import { emptyContext } from './types';

const details: CourseDetails = {
  title: 'Tajweed basics',
  description: 'Learn the rules',
  category: 'Quran',
  level: 'beginner',
  price: 50000,
  promoPrice: null,
  thumbnailMediaId: 't1',
  previewVideoMediaId: null,
  whatYouWillLearn: ['Makharij'],
  sections: [
    {
      id: 's1',
      title: 'Letters',
      lessons: [
        {
          id: 'l1',
          title: 'Throat letters',
          durationSec: 300,
          freePreview: true,
          content: { kind: 'text', text: 'Secret' },
        },
      ],
    },
  ],
};

describe('course history view', () => {
  const stream = given<CourseEvent>([
    { type: 'CourseCreated', data: { ...details, courseId: 'c1', teacherId: 't', createdAt: minute(0) } },
    { type: 'CoursePublished', data: { courseId: 'c1', teacherId: 't', publishedAt: minute(1) } },
    {
      type: 'CourseEdited',
      data: { courseId: 'c1', changes: { price: 30000, title: 'Tajweed' }, editedAt: minute(2) },
    },
    { type: 'CourseUnpublished', data: { courseId: 'c1', teacherId: 't', unpublishedAt: minute(3) } },
  ]);

  it('shows title, description, price and the outline, never a lesson body', () => {
    const media = new Map([['t1', { url: '/media/t1', thumbnailUrl: '/media/t1/w320.webp' }]]);
    const view = foldCourse(upTo(stream, 0), emptyContext({ media }));
    expect(view).toEqual({
      kind: 'course',
      courseId: 'c1',
      teacherId: 't',
      title: 'Tajweed basics',
      description: 'Learn the rules',
      category: 'Quran',
      level: 'beginner',
      price: 50000,
      promoPrice: null,
      thumbnail: { id: 't1', kind: 'image', url: '/media/t1', thumbnailUrl: '/media/t1/w320.webp' },
      whatYouWillLearn: ['Makharij'],
      curriculum: [{ title: 'Letters', lessons: [{ title: 'Throat letters', durationSec: 300, freePreview: true }] }],
      published: false,
      createdAt: minute(0),
      updatedAt: minute(0),
    });
    expect(JSON.stringify(view)).not.toContain('Secret');
  });

  it('follows publishing, an edit of the price and title, and unpublishing', () => {
    expect(foldCourse(upTo(stream, 1), emptyContext())).toMatchObject({ published: true, price: 50000 });
    expect(foldCourse(upTo(stream, 2), emptyContext())).toMatchObject({
      published: true,
      price: 30000,
      title: 'Tajweed',
      description: 'Learn the rules',
      updatedAt: minute(2),
    });
    expect(foldCourse(stream, emptyContext())).toMatchObject({ published: false, updatedAt: minute(3) });
  });
});
