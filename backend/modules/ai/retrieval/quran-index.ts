import { normaliseText } from '@platform/read-store';
import MiniSearch, { type SearchResult } from 'minisearch';

import { type QuranCorpus, quranCorpus, type Surah, type Verse } from '../corpus/quran-corpus';
import { isArabicText, normaliseArabic, quranicSpellings, stemArabicWord } from '../text/arabic';
import { expandTerms } from '../text/synonyms';
import { arabicTerm, englishTerms, type Lang, questionTerms } from '../text/terms';

/*
 * Full-text retrieval over the Quran with MiniSearch (BM25): one document per verse, with its
 * Arabic (both Uthmani spellings, stemmed) and its translation (stemmed) as two fields. A question
 * searches the field of its language with OR semantics, its terms weighted 1 and their synonyms
 * less; MiniSearch multiplies a verse's score by the number of query terms it matched, so verses
 * that meet more of the question rank first. Longer terms also match as prefixes (stems are light).
 */

export interface RetrievedVerse {
  verse: Verse;
  score: number;
}

export interface Retrieval {
  lang: Lang;
  verses: RetrievedVerse[];
}

interface VerseDoc {
  id: number;
  text: string;
}

const PREFIX_MIN: Record<Lang, number> = { en: 5, ar: 3 };
// BM25 with less length normalisation than the usual 0.75: long verses (Ayat al-Kursi, 2:282) are
// single units of meaning, and a term in them should not count for much less than in a short one.
const BM25 = { k: 1.2, b: 0.5, d: 0.5 };
// Arabic questions also search the translation for their terms' synonyms, at this weight.
const CROSS_WEIGHT = 0.5;
const SURAH_WORDS = new Set(['surah', 'surat', 'sura', 'surrah', 'soorah', 'chapter', 'سوره']);
const ARTICLES = new Set(['al', 'an', 'ar', 'as', 'at', 'ad', 'adh', 'az', 'ash', 'ath', 'el']);
// "2:255", "٢:٢٥٥", "2 : 255"
const REFERENCE = /(\d{1,3})\s*:\s*(\d{1,3})/g;

/**
 * The index terms of a verse's Arabic: each word in each Uthmani spelling (once when both agree),
 * stemmed, repeats kept. `stems` caches word → stem across verses (the vocabulary repeats a lot).
 */
export function verseArabicTerms(arabic: string, stems = new Map<string, string | null>()): string[] {
  const stem = (w: string) => {
    let t = stems.get(w);
    if (t === undefined) stems.set(w, (t = arabicTerm(w)));
    return t;
  };
  const [a, b] = quranicSpellings(arabic).map((s) => s.split(' '));
  const out: string[] = [];
  if (b && a!.length !== b.length) return [...a!, ...b].map(stem).filter((t): t is string => !!t);
  a!.forEach((word, i) => {
    const x = stem(word);
    const y = b ? stem(b[i]!) : x;
    if (x) out.push(x);
    if (y && y !== x) out.push(y);
  });
  return out;
}

/** A spelling of a surah name without its article and a final h: "Al-Ikhlas" → "ikhlas", "Al-Fatihah" → "fatiha". */
const nameKey = (tokens: string[]) =>
  tokens
    .filter((t, i) => !(i === 0 && tokens.length > 1 && ARTICLES.has(t)))
    .join(' ')
    .replace(/h$/, '');

export class QuranIndex {
  /** One index per language, each built on first use (an English question never pays for the Arabic). */
  private readonly indexes: Partial<Record<Lang, MiniSearch<VerseDoc>>> = {};
  /** Surah name keys (English transliteration and Arabic, without article) → surah number. */
  private readonly surahNames = new Map<string, number>();
  /** Full transliterations with their article ("al ikhlas"), which name a surah on their own. */
  private readonly fullNames = new Map<string, number>();

  constructor(readonly corpus: QuranCorpus) {
    for (const s of corpus.surahs) this.addSurahNames(s);
  }

  /** Builds both languages' indexes now (a warm-up, so that no question waits for them). */
  build(): this {
    this.index('en');
    this.index('ar');
    return this;
  }

  /** The index of one language, built now if it was not yet. */
  index(lang: Lang): MiniSearch<VerseDoc> {
    let index = this.indexes[lang];
    if (index) return index;
    const split = (text: string) => (text ? text.split(' ') : []);
    index = new MiniSearch<VerseDoc>({
      fields: ['text'],
      tokenize: split,
      processTerm: (term) => term,
      searchOptions: { tokenize: split, processTerm: (term) => term, bm25: BM25 },
    });
    const stems = new Map<string, string | null>();
    const terms =
      lang === 'ar'
        ? (v: Verse) => verseArabicTerms(v.arabic, stems)
        : (v: Verse) => englishTerms(v.translation, stems);
    index.addAll(this.corpus.verses.map((v, id) => ({ id, text: terms(v).join(' ') })));
    this.indexes[lang] = index;
    return index;
  }

  /** The verses that best answer a question, best first (at most `limit`). */
  retrieve(question: string, limit: number): Retrieval {
    const lang: Lang = isArabicText(question) ? 'ar' : 'en';
    const picked = new Map<number, RetrievedVerse>();
    const add = (verse: Verse, score: number) => {
      const key = verse.surah * 1000 + verse.ayah;
      if (!picked.has(key) && picked.size < limit) picked.set(key, { verse, score });
    };

    // A reference the question gives ("2:255") is the verse it asks about.
    for (const m of question.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)).matchAll(REFERENCE)) {
      const verse = this.corpus.verse(Number(m[1]), Number(m[2]));
      if (verse) add(verse, Infinity);
    }

    const terms = questionTerms(question, lang);
    const hits = terms.length ? this.searchTerms(terms, lang) : [];

    // A surah the question names comes first: its best-matching verses, else its opening.
    const surah = this.namedSurah(question, lang);
    if (surah) {
      const inSurah = hits.filter((h) => this.corpus.verses[h.id as number]!.surah === surah.number);
      const verses = inSurah.length ? inSurah.map((h) => this.corpus.verses[h.id as number]!) : surah.verses;
      for (const verse of verses.slice(0, 3)) add(verse, Infinity);
    }

    for (const hit of hits) add(this.corpus.verses[hit.id as number]!, hit.score);
    return { lang, verses: [...picked.values()] };
  }

  private searchTerms(terms: string[], lang: Lang): SearchResult[] {
    const expanded = expandTerms(terms, lang, lang === 'ar' ? CROSS_WEIGHT : 0);
    const results = new Map<number, SearchResult>();
    for (const l of ['ar', 'en'] as const) {
      const weights = expanded[l];
      if (weights.size === 0) continue;
      const hits = this.index(l).search([...weights.keys()].join(' '), {
        combineWith: 'OR',
        prefix: (term) => term.length >= PREFIX_MIN[l],
        boostTerm: (term) => weights.get(term) ?? 1,
      });
      for (const hit of hits) {
        const seen = results.get(hit.id as number);
        if (seen) seen.score += hit.score;
        else results.set(hit.id as number, hit);
      }
    }
    return [...results.values()].sort((a, b) => b.score - a.score);
  }

  private addSurahNames(s: Surah) {
    const en = normaliseText(s.name).split(' ');
    this.surahNames.set(nameKey(en), s.number);
    if (en.length > 1 && ARTICLES.has(en[0]!)) this.fullNames.set(en.join(' ').replace(/h$/, ''), s.number);
    const ar = normaliseArabic(s.nameArabic).split(' ');
    this.surahNames.set(ar.map(stemArabicWord).join(' '), s.number);
  }

  /** The surah a question names: "Surah al-Ikhlas", "surat Yasin", "سورة الإخلاص", or "al-Fatihah" on its own. */
  private namedSurah(question: string, lang: Lang): Surah | undefined {
    const words = (lang === 'ar' ? normaliseArabic(question) : normaliseText(question)).split(' ');
    for (let i = 0; i < words.length; i++) {
      const afterSurahWord = i > 0 && SURAH_WORDS.has(words[i - 1]!);
      for (const len of [2, 1]) {
        const tokens = words.slice(i, i + len);
        if (tokens.length < len) continue;
        const full = this.fullNames.get(tokens.join(' ').replace(/h$/, ''));
        if (full) return this.corpus.surah(full);
        if (!afterSurahWord) continue;
        const key = lang === 'ar' ? tokens.map(stemArabicWord).join(' ') : nameKey(tokens);
        const n = this.surahNames.get(key);
        if (n) return this.corpus.surah(n);
      }
    }
    return undefined;
  }
}

let shared: QuranIndex | undefined;

/** The index over the bundled Quran, built on first use and shared by the whole process. */
export function quranIndex(): QuranIndex {
  shared ??= new QuranIndex(quranCorpus());
  return shared;
}
