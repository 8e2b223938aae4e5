import { readFileSync } from 'node:fs';

/**
 * The bundled Quran: Uthmani Arabic text and the Saheeh International English translation, from the
 * npm package quran-json (dist/quran_en.json, CC-BY-4.0). Read once per process, on first use.
 */
export const QURAN_CREDIT =
  'Quran text: quran-json by Risan Bagja Pradana (CC BY 4.0), Uthmani text from The Noble Qur’an Encyclopedia ' +
  '(quranenc.com), English translation Saheeh International via tanzil.net.';

export interface Verse {
  surah: number;
  ayah: number;
  /** The surah's transliterated name, e.g. "Al-Baqarah". */
  surahName: string;
  /** The surah's Arabic name, e.g. "البقرة". */
  surahNameArabic: string;
  /** The surah's name in English, e.g. "The Cow". */
  surahNameEnglish: string;
  arabic: string;
  translation: string;
}

export interface Surah {
  number: number;
  name: string;
  nameArabic: string;
  nameEnglish: string;
  verses: Verse[];
}

interface RawChapter {
  id: number;
  name: string;
  transliteration: string;
  translation: string;
  verses: { id: number; text: string; translation: string }[];
}

export class QuranCorpus {
  /** Every verse in order (Al-Fatihah 1 first), 6236 of them. */
  readonly verses: readonly Verse[];
  readonly surahs: readonly Surah[];

  constructor(chapters: readonly RawChapter[]) {
    const surahs: Surah[] = chapters.map((c) => {
      const surah: Surah = {
        number: c.id,
        name: c.transliteration,
        nameArabic: c.name,
        nameEnglish: c.translation,
        verses: [],
      };
      surah.verses = c.verses.map((v) => ({
        surah: c.id,
        ayah: v.id,
        surahName: c.transliteration,
        surahNameArabic: c.name,
        surahNameEnglish: c.translation,
        arabic: v.text,
        translation: v.translation,
      }));
      return surah;
    });
    surahs.sort((a, b) => a.number - b.number);
    this.surahs = surahs;
    this.verses = surahs.flatMap((s) => s.verses);
  }

  /** The verse at surah:ayah, or undefined when there is none. */
  verse(surah: number, ayah: number): Verse | undefined {
    const s = this.surahs[surah - 1];
    return s?.number === surah ? s.verses[ayah - 1] : undefined;
  }

  surah(number: number): Surah | undefined {
    const s = this.surahs[number - 1];
    return s?.number === number ? s : undefined;
  }
}

let shared: QuranCorpus | undefined;

/** The corpus, read from quran-json on first call and shared by every caller in the process. */
export function quranCorpus(): QuranCorpus {
  if (!shared) {
    const file = require.resolve('quran-json/dist/quran_en.json');
    shared = new QuranCorpus(JSON.parse(readFileSync(file, 'utf8')) as RawChapter[]);
    if (shared.verses.length !== 6236) throw new Error(`The Quran corpus has ${shared.verses.length} verses, not 6236`);
  }
  return shared;
}

/** "2:255" */
export const refOf = (v: { surah: number; ayah: number }): string => `${v.surah}:${v.ayah}`;
