import type { AiAskResponse, Citation } from '@contract';

import { refOf, type Verse } from '../corpus/quran-corpus';
import { AI_LIMITS } from '../limits';
import type { Retrieval, RetrievedVerse } from '../retrieval/quran-index';
import type { Lang } from '../text/terms';

/** The texts an answer is framed with, in the question's language. */
export const ANSWER_TEXTS = {
  en: {
    intro: 'These verses of the Quran match your question:',
    none: 'I could not find verses of the Quran that match your question. Try other words, for example the topic in English or Arabic (patience, sabr, الصبر).',
    notFatwa:
      'This is a retrieval of Quran verses that match the words of your question, not a fatwa or a scholar’s ruling.',
    disclaimer:
      'AI Scholar answers are produced automatically and may be incomplete or wrong. They are not a fatwa: for a religious ruling, consult a qualified scholar.',
  },
  ar: {
    intro: 'هذه آيات من القرآن الكريم تتعلق بسؤالك:',
    none: 'لم أجد آيات من القرآن تطابق سؤالك. جرّب كلمات أخرى، مثل اسم الموضوع بالعربية أو الإنجليزية (الصبر، patience).',
    notFatwa: 'هذا استرجاع لآيات من القرآن تطابق كلمات سؤالك، وليس فتوى ولا حكمًا من عالم.',
    disclaimer:
      'إجابات العالم الآلي تُنشأ تلقائيًا وقد تكون ناقصة أو خاطئة، وليست فتوى: في الأحكام الشرعية استشر عالمًا مؤهلًا.',
  },
} as const;

export function citationOf(v: Verse, lang: Lang): Citation {
  return {
    surah: v.surah,
    ayah: v.ayah,
    surahName: lang === 'ar' ? v.surahNameArabic : v.surahName,
    arabic: v.arabic,
    translation: v.translation,
  };
}

/** Text cut at a word boundary to at most max characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

/** The best verses of a retrieval: at least citationsMin, at most citationsMax, the rest when close to the best. */
export function pickVerses(verses: readonly RetrievedVerse[]): Verse[] {
  const best = verses[0]?.score ?? 0;
  return verses
    .filter((v, i) => i < AI_LIMITS.citationsMin || v.score >= best * AI_LIMITS.relevanceFloor)
    .slice(0, AI_LIMITS.citationsMax)
    .map((v) => v.verse);
}

/** An answer of quoted verses: Arabic first for an Arabic question, the translation first otherwise. */
export function offlineAnswer(retrieval: Retrieval): AiAskResponse {
  const { lang } = retrieval;
  const t = ANSWER_TEXTS[lang];
  const verses = pickVerses(retrieval.verses);
  if (verses.length === 0) {
    return {
      answer: `${t.none}\n\n${t.notFatwa}`,
      citations: [],
      disclaimer: t.disclaimer,
      source: 'offline',
      removedReferences: [],
    };
  }
  const arabic = (v: Verse) => `﴿${clip(v.arabic, AI_LIMITS.quoteMax.arabic)}﴾`;
  const english = (v: Verse) => `“${clip(v.translation, AI_LIMITS.quoteMax.translation)}”`;
  const items = verses.map((v, i) => {
    const name = lang === 'ar' ? `سورة ${v.surahNameArabic}` : v.surahName;
    const [first, second] = lang === 'ar' ? [arabic(v), english(v)] : [english(v), arabic(v)];
    return `${i + 1}. ${name} ${refOf(v)}: ${first}\n   ${second}`;
  });
  return {
    answer: [t.intro, items.join('\n\n'), t.notFatwa].join('\n\n'),
    citations: verses.map((v) => citationOf(v, lang)),
    disclaimer: t.disclaimer,
    source: 'offline',
    removedReferences: [],
  };
}
