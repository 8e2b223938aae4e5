import { normaliseText } from '@platform/read-store';

import { type QuranCorpus, refOf, type Verse } from './corpus/quran-corpus';
import { isArabicText, normaliseArabic, quranicSpellings } from './text/arabic';

/*
 * Checking what a model wrote against the Quran. Every `surah:ayah` reference (also "2:1-5",
 * "٢:٢٥٥", "Surah 2, verse 255") must name verses that exist, and a quotation given with a
 * reference (in quotes in the same sentence, or a "> " block under it) must be that verse's text,
 * in the translation or the Arabic. A sentence with a reference that fails is removed whole: what
 * it claims rests on a verse that does not say it.
 */

export interface ReferenceMention {
  /** As written, normalised to "2:255" or "2:1-5". */
  ref: string;
  surah: number;
  ayah: number;
  /** Last ayah of a range ("2:1-5"), else equal to ayah. */
  ayahTo: number;
  /** Where it is in the text. */
  index: number;
}

export interface CheckedAnswer {
  /** The text without the sentences whose references failed. */
  text: string;
  /** The verses the remaining text cites, in order of first mention. */
  cited: Verse[];
  /** References that name no verse or misquote it, as written ("2:999"), in order, once each. */
  removed: string[];
}

const DIGIT = '[0-9\\u0660-\\u0669\\u06F0-\\u06F9]';
// Not part of a longer number, a time ("10:30:15") or a decimal; a colon may follow ("in 2:184: ...").
const COLON_REF = new RegExp(
  `(?<!${DIGIT}|${DIGIT}[:.])(${DIGIT}{1,3})\\s?:\\s?(${DIGIT}{1,3})(?:\\s?[-\\u2013]\\s?(${DIGIT}{1,3}))?(?!${DIGIT}|:${DIGIT})`,
  'g',
);
const WORDED_REF = new RegExp(
  `\\b(?:surah|sura|surat)\\s+(${DIGIT}{1,3})\\s*,?\\s*(?:verse|ayah|ayat|aya|v\\.)\\s*(${DIGIT}{1,3})\\b`,
  'gi',
);
/** A range longer than this is no citation of particular verses. */
const MAX_RANGE = 20;
/** Share of a quotation's words that must be in the verse (quotes drop brackets and add "..."). */
const QUOTE_MATCH = 0.8;

const toInt = (digits: string) =>
  Number(
    digits
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
      .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x6f0)),
  );

/** The verse references in a text, in order. */
export function findReferences(text: string): ReferenceMention[] {
  const out: ReferenceMention[] = [];
  const add = (index: number, surah: string, ayah: string, to?: string) => {
    const s = toInt(surah);
    const a = toInt(ayah);
    const t = to === undefined ? a : toInt(to);
    out.push({ ref: t === a ? `${s}:${a}` : `${s}:${a}-${t}`, surah: s, ayah: a, ayahTo: t, index });
  };
  for (const m of text.matchAll(COLON_REF)) add(m.index, m[1]!, m[2]!, m[3]);
  for (const m of text.matchAll(WORDED_REF)) add(m.index, m[1]!, m[2]!);
  return out.sort((a, b) => a.index - b.index);
}

/** The verses a reference names, or null when any of them does not exist. */
export function versesOf(corpus: QuranCorpus, m: ReferenceMention): Verse[] | null {
  if (m.ayahTo < m.ayah || m.ayahTo - m.ayah >= MAX_RANGE) return null;
  const verses: Verse[] = [];
  for (let a = m.ayah; a <= m.ayahTo; a++) {
    const v = corpus.verse(m.surah, a);
    if (!v) return null;
    verses.push(v);
  }
  return verses;
}

const words = (text: string) => (text ? text.split(' ') : []);

/** Whether a quotation is the text of one of these verses (translation or Arabic, either spelling). */
export function quoteMatches(quote: string, verses: readonly Verse[]): boolean {
  const arabic = isArabicText(quote);
  const quoted = words(arabic ? normaliseArabic(quote) : normaliseText(quote));
  if (quoted.length === 0) return true;
  const vocabulary = new Set<string>();
  for (const v of verses) {
    if (arabic) for (const s of quranicSpellings(v.arabic)) for (const w of words(s)) vocabulary.add(w);
    else for (const w of words(normaliseText(v.translation))) vocabulary.add(w);
  }
  const found = quoted.filter((w) => vocabulary.has(w)).length;
  return found / quoted.length >= QUOTE_MATCH;
}

interface Unit {
  /** The sentence's text, and what followed it (spaces, a line break) to put back when kept. */
  text: string;
  tail: string;
  /** A "> " quotation line, which belongs to the unit before it. */
  blockQuote: boolean;
}

const QUOTE_PAIRS: Record<string, string> = {
  '"': '"',
  '\u201C': '\u201D',
  '\u00AB': '\u00BB',
  '\uFD3F': '\uFD3E',
  '\uFD3E': '\uFD3F',
};
const QUOTES =
  /"([^"\n]+)"|\u201C([^\u201D\n]+)\u201D|\u00AB([^\u00BB\n]+)\u00BB|\uFD3F([^\uFD3E\n]+)\uFD3E|\uFD3E([^\uFD3F\n]+)\uFD3F/g;

/** Splits text into sentences (never inside a quotation) and lines. */
function units(text: string): Unit[] {
  const out: Unit[] = [];
  for (const m of text.matchAll(/([^\n]*)(\n*)/g)) {
    const [, line = '', breaks = ''] = m;
    if (!line && !breaks) continue;
    if (/^\s*>/.test(line)) {
      out.push({ text: line, tail: breaks, blockQuote: true });
      continue;
    }
    let start = 0;
    let closing: string | null = null;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (closing) {
        if (ch === closing) closing = null;
        continue;
      }
      if (QUOTE_PAIRS[ch] && line.indexOf(QUOTE_PAIRS[ch], i + 1) > i) {
        closing = QUOTE_PAIRS[ch];
        continue;
      }
      if (/[.!?\u061F]/.test(ch) && /\s/.test(line[i + 1] ?? '')) {
        let end = i + 1;
        while (/\s/.test(line[end] ?? '') && end < line.length) end++;
        out.push({ text: line.slice(start, i + 1), tail: line.slice(i + 1, end), blockQuote: false });
        start = end;
      }
    }
    if (start < line.length || breaks) out.push({ text: line.slice(start), tail: breaks, blockQuote: false });
  }
  // A reference standing after its sentence's full stop ("... the patient. (2:153)") belongs to it.
  for (let i = out.length - 1; i > 0; i--) {
    const unit = out[i]!;
    const before = out[i - 1]!;
    if (unit.blockQuote || before.blockQuote || before.tail.includes('\n')) continue;
    if (findReferences(unit.text).length && !/\p{L}/u.test(unit.text.replace(WORDED_REF, ''))) {
      before.text += before.tail + unit.text;
      before.tail = unit.tail;
      out.splice(i, 1);
    }
  }
  return out;
}

function quotesIn(text: string): { quote: string; index: number }[] {
  return [...text.matchAll(QUOTES)].map((m) => ({
    quote: m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '',
    index: m.index,
  }));
}

/** Removes the sentences whose references fail, and lists those references. */
export function checkReferences(text: string, corpus: QuranCorpus): CheckedAnswer {
  const parts = units(text);
  const drop = new Set<number>();
  const removed: string[] = [];
  const flag = (ref: string) => {
    if (!removed.includes(ref)) removed.push(ref);
  };

  parts.forEach((unit, i) => {
    if (unit.blockQuote) return;
    const refs = findReferences(unit.text).map((m) => ({ m, verses: versesOf(corpus, m) }));
    if (refs.length === 0) return;
    for (const r of refs) {
      if (!r.verses) {
        flag(r.m.ref);
        drop.add(i);
      }
    }
    const real = refs.filter((r) => r.verses);
    if (real.length === 0) return;
    // Quotations in the sentence, and "> " lines right under it, belong to its references.
    const quotes = quotesIn(unit.text);
    const blocks: number[] = [];
    for (let j = i + 1; j < parts.length && parts[j]!.blockQuote; j++) blocks.push(j);
    const blockText = blocks.map((j) => parts[j]!.text.replace(/^\s*>\s?/, '')).join(' ');
    if (blockText.trim()) quotes.push({ quote: blockText, index: unit.text.length });
    for (const q of quotes) {
      if (real.some((r) => quoteMatches(q.quote, r.verses!))) continue;
      // Misquoted: blame the reference nearest to the quotation.
      const nearest = real.reduce((a, b) => (Math.abs(b.m.index - q.index) < Math.abs(a.m.index - q.index) ? b : a));
      flag(nearest.m.ref);
      drop.add(i);
    }
    if (drop.has(i)) for (const j of blocks) drop.add(j);
  });

  const out = parts
    .map((u, i) => (drop.has(i) ? u.tail.replace(/[^\n]/g, '') : u.text + u.tail))
    .join('')
    .split('\n')
    // A list item or heading whose sentences all went is no line at all.
    .filter((line) => !/^\s*(?:[-*+]|\d+[.)]|#+)\s*$/.test(line))
    .join('\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const cited: Verse[] = [];
  const seen = new Set<string>();
  for (const m of findReferences(out)) {
    for (const v of versesOf(corpus, m) ?? []) {
      if (!seen.has(refOf(v))) {
        seen.add(refOf(v));
        cited.push(v);
      }
    }
  }
  return { text: out, cited, removed };
}
