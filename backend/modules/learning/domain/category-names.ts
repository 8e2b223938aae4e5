import type { CourseCategory } from '../events';

/**
 * Each category's name in Arabic, as the web app shows it (features/learning/locales/ar.json): the
 * catalogue's search matches a course by its category in either language, so 'الفقه' finds the Fiqh
 * courses whatever their titles are written in.
 */
export const CATEGORY_NAMES_AR: Readonly<Record<CourseCategory, string>> = {
  Quran: 'القرآن',
  Hadith: 'الحديث',
  Fiqh: 'الفقه',
  Aqeedah: 'العقيدة',
  Arabic: 'اللغة العربية',
  History: 'التاريخ',
  Family: 'الأسرة',
  Tafsir: 'التفسير',
};
