/** Texts for the demo community's posts, comments and polls (seed data, English and Arabic). */
export const DEMO_POSTS: readonly string[] = [
  'Alhamdulillah for another beautiful Jumu’ah. May Allah accept from all of us. #Jummah #Gratitude',
  'Starting a 30-day Quran reading plan this week, one juz a day. Who is joining? #Quran #Ramadan',
  'Reminder: the best of deeds are those done consistently, even if small. #Sunnah #Hadith',
  'Volunteering at the Eastleigh food drive this Saturday. Bring a friend! #Charity #Community #Nairobi',
  'Learning tajweed has changed how I listen to recitation. Highly recommend a teacher. #Learning #Quran',
  'سبحان الله وبحمده، سبحان الله العظيم #ذكر',
  'Made dua for everyone in this community tonight. Keep me in yours. #Dua',
  'The Prophet ﷺ said: “Smiling in the face of your brother is charity.” #Hadith #Sunnah',
  'Our halaqa is reading Riyad as-Salihin — chapter on sincerity this week. #Learning #Halaqa',
  'Fasting Mondays and Thursdays this month, may Allah make it easy. #Sunnah #Fasting',
  'A small act: leave water out for birds in this heat. Mercy to creation. #Charity',
  'اللهم إنا نسألك علماً نافعاً ورزقاً طيباً وعملاً متقبلاً #دعاء',
  'Visited the orphanage in Mombasa today. The children’s smiles stay with you. #Orphans #Charity',
  'Tip: set a reminder five minutes before each salah to prepare with calm. #Salah #Productivity',
  'Which tafsir do you read alongside your daily Quran? Looking for recommendations. #Quran #Learning',
  'Grateful for parents who taught me to pray before I could read. #Family #Gratitude',
  'Community iftar planning has started — volunteers needed for setup. #Ramadan #Community',
  'Patience is not waiting; it is how we behave while we wait. #Sabr',
  'Memorised Surah Al-Mulk this month, alhamdulillah! #Quran #Hifz',
  'Reading about the golden age of Islamic science — Al-Khwarizmi’s algebra is fascinating. #History #Learning',
];

export const DEMO_POLLS: readonly { question: string; options: string[] }[] = [
  {
    question: 'When do you read Quran most often? #Quran',
    options: ['After Fajr', 'After Isha', 'During commute', 'Weekends'],
  },
  { question: 'Best way to learn Arabic as an adult?', options: ['Classes', 'Apps', 'Tutor', 'Immersion'] },
  { question: 'Should our community host a monthly family day? #Community', options: ['Yes', 'No', 'Maybe'] },
  { question: 'Favourite time for dhikr?', options: ['Morning', 'Evening'] },
];

/** What members write when they quote a post; several, so no profile repeats itself. */
export const DEMO_QUOTES: readonly string[] = [
  'This is worth reading again. #Reminder',
  'Sharing this with my family today. #Reminder',
  'Bookmarking this one, beautifully put.',
  'So true — needed this today, alhamdulillah.',
  'هذا تذكير جميل، جزاكم الله خيراً',
];

export const DEMO_COMMENTS: readonly string[] = [
  'Ameen! 🤲',
  'JazakAllahu khairan for sharing.',
  'I’m in, in sha Allah.',
  'Beautiful reminder.',
  'آمين يا رب العالمين',
  'May Allah reward you.',
  'Count me in for Saturday!',
  'This made my day, alhamdulillah.',
];

/** A small deterministic generator so every fresh demo looks the same. */
export function seededRandom(seed = 2026) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}
