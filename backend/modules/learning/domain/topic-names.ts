import type { TeacherTopic } from '../events';

/**
 * Each topic's name in Arabic, as the web app shows it (features/learning/locales/ar.json, whose
 * `category` keys name the teacher topics too: every course category is one). The catalogue's search
 * matches a course by its category and its teacher's topics in either language, so 'الفقه' finds the
 * Fiqh courses and 'السيرة' a Seerah teacher's, whatever their titles are written in.
 */
export const TOPIC_NAMES_AR: Readonly<Record<TeacherTopic, string>> = {
  Quran: 'القرآن',
  Hadith: 'الحديث',
  Fiqh: 'الفقه',
  Aqeedah: 'العقيدة',
  Arabic: 'اللغة العربية',
  History: 'التاريخ',
  Family: 'الأسرة',
  Tafsir: 'التفسير',
  Seerah: 'السيرة',
  Dua: 'الدعاء',
};
