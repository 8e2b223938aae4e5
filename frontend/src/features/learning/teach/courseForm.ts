import type { CourseCategory, CourseDraft, CourseInput, CourseLevel } from '../types';

/**
 * The editor's working copy. A text lesson's minutes are typed; a video lesson lasts as long as its
 * video, as the worker probed it (`videoSec`, shown, never typed). The API takes whole seconds.
 */
export interface LessonForm {
  key: string;
  id?: string;
  title: string;
  minutes: string;
  /** The video's probed length in whole seconds; null until measured (or no video yet). */
  videoSec: number | null;
  freePreview: boolean;
  kind: 'text' | 'video';
  text: string;
  mediaId: string | null;
}

export interface SectionForm {
  key: string;
  id?: string;
  title: string;
  lessons: LessonForm[];
}

export interface CourseForm {
  title: string;
  description: string;
  category: CourseCategory;
  level: CourseLevel;
  price: string;
  promoPrice: string;
  thumbnailMediaId: string | null;
  thumbnailUrl: string | null;
  previewVideoMediaId: string | null;
  previewVideoUrl: string | null;
  outcomes: string[];
  sections: SectionForm[];
}

let nextKey = 0;
/** React keys for rows that have no server id yet. */
export const newKey = () => `new-${(nextKey += 1)}`;

export const emptyLesson = (): LessonForm => ({
  key: newKey(),
  title: '',
  minutes: '',
  videoSec: null,
  freePreview: false,
  kind: 'text',
  text: '',
  mediaId: null,
});
export const emptySection = (): SectionForm => ({ key: newKey(), title: '', lessons: [emptyLesson()] });

export const EMPTY_FORM: CourseForm = {
  title: '',
  description: '',
  category: 'Quran',
  level: 'beginner',
  price: '0',
  promoPrice: '',
  thumbnailMediaId: null,
  thumbnailUrl: null,
  previewVideoMediaId: null,
  previewVideoUrl: null,
  outcomes: [''],
  sections: [],
};

const minutesOf = (seconds: number) => String(Math.round((seconds / 60) * 100) / 100);

export function formFromDraft(draft: CourseDraft): CourseForm {
  return {
    title: draft.title,
    description: draft.description,
    category: draft.category,
    level: draft.level,
    price: draft.price,
    promoPrice: draft.promoPrice ?? '',
    thumbnailMediaId: draft.thumbnailMediaId,
    thumbnailUrl: draft.thumbnailImage,
    previewVideoMediaId: draft.previewVideoMediaId,
    previewVideoUrl: draft.previewVideoUrl,
    outcomes: draft.whatYouWillLearn.length ? [...draft.whatYouWillLearn] : [''],
    sections: draft.sections.map((section) => ({
      key: section.id,
      id: section.id,
      title: section.title,
      lessons: section.lessons.map((lesson) => ({
        key: lesson.id,
        id: lesson.id,
        title: lesson.title,
        minutes: lesson.content.kind === 'text' ? minutesOf(lesson.durationSec) : '',
        videoSec: lesson.content.kind === 'video' ? lesson.durationSec : null,
        freePreview: lesson.freePreview,
        kind: lesson.content.kind,
        text: lesson.content.kind === 'text' ? lesson.content.text : '',
        mediaId: lesson.content.kind === 'video' ? lesson.content.mediaId : null,
      })),
    })),
  };
}

const isVideo = (lesson: LessonForm): lesson is LessonForm & { mediaId: string } =>
  lesson.kind === 'video' && !!lesson.mediaId;

export function inputFromForm(form: CourseForm): CourseInput {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    category: form.category,
    level: form.level,
    price: form.price.trim(),
    promoPrice: form.promoPrice.trim() === '' ? null : form.promoPrice.trim(),
    thumbnailMediaId: form.thumbnailMediaId,
    previewVideoMediaId: form.previewVideoMediaId,
    whatYouWillLearn: form.outcomes.map((o) => o.trim()).filter(Boolean),
    sections: form.sections.map((section) => ({
      ...(section.id ? { id: section.id } : {}),
      title: section.title.trim(),
      lessons: section.lessons.map((lesson) => ({
        ...(lesson.id ? { id: lesson.id } : {}),
        title: lesson.title.trim(),
        // The server takes a video's length from its probe whatever is sent: this is what the editor shows.
        durationSec: isVideo(lesson) ? (lesson.videoSec ?? 0) : Math.round(Number(lesson.minutes || '0') * 60),
        freePreview: lesson.freePreview,
        content: isVideo(lesson)
          ? { kind: 'video' as const, mediaId: lesson.mediaId }
          : { kind: 'text' as const, text: lesson.text },
      })),
    })),
  };
}

export type FormErrorKey =
  | 'titleRequired'
  | 'descriptionRequired'
  | 'price'
  | 'promo'
  | 'sectionTitle'
  | 'lessonTitle'
  | 'lessonContent'
  | 'duration';

const MONEY = /^\d{1,5}(\.\d{1,2})?$/;
const MAX_KES = 50_000;
const MAX_MINUTES = 12 * 60;

/** The server's rules (learning/limits.ts) checked before sending, so the teacher sees them at once. */
export function validateForm(form: CourseForm): FormErrorKey[] {
  const errors = new Set<FormErrorKey>();
  if (!form.title.trim()) errors.add('titleRequired');
  if (!form.description.trim()) errors.add('descriptionRequired');
  const price = form.price.trim();
  if (!MONEY.test(price) || Number(price) > MAX_KES) errors.add('price');
  const promo = form.promoPrice.trim();
  if (promo && (!MONEY.test(promo) || Number(promo) > MAX_KES || Number(promo) <= Number(price))) errors.add('promo');
  for (const section of form.sections) {
    if (!section.title.trim()) errors.add('sectionTitle');
    for (const lesson of section.lessons) {
      if (!lesson.title.trim()) errors.add('lessonTitle');
      const minutes = Number(lesson.minutes || '0');
      if (lesson.kind === 'text' && (!Number.isFinite(minutes) || minutes < 0 || minutes > MAX_MINUTES))
        errors.add('duration');
      if (lesson.kind === 'video' ? !lesson.mediaId : !lesson.text.trim()) errors.add('lessonContent');
    }
  }
  return [...errors];
}
