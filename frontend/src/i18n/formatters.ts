/**
 * Intl formatters kept per language and options. Making one costs far more than formatting with it
 * (the locale's data is looked up each time): a feed page of cards made a few each, which showed in
 * a phone's main-thread time (issue 37). These live for the page's life; there are a few dozen.
 */
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();
const lists = new Map<string, Intl.ListFormat>();
/** What the app asks of a number format. */
export interface NumberFormatter {
  format(value: number): string;
}
/** What numberFormat answers, per language and options: Intl's, or one writing some numbers itself. */
const formatters = new Map<string, NumberFormatter>();

function kept<F>(cache: Map<string, F>, language: string, options: object, make: () => F): F {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/**
 * English as the app speaks it: digits 0-9 in threes in every browser (an Arabic reader's digits may
 * be ٠-٩, and India's English groups in lakhs: Intl decides those).
 */
const LATIN_DIGITS = /^en(-(us|gb))?$/i;

/** An integer's digits in threes, as English writes it: 1,234,567. */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * How English writes a number under `options` without Intl, where that is certain: integers (in
 * threes; compact ones below a thousand only) and whole percentages. Null: ask Intl.
 */
function plainEnglish(options: Intl.NumberFormatOptions): ((value: number) => string | null) | null {
  const {
    notation,
    compactDisplay: _compactDisplay,
    style,
    minimumFractionDigits,
    maximumFractionDigits,
    ...rest
  } = options;
  if (Object.values(rest).some((v) => v !== undefined)) return null;
  if (minimumFractionDigits !== undefined && minimumFractionDigits !== 0) return null;
  if (notation !== undefined && notation !== 'standard' && notation !== 'compact') return null;
  const integer = (value: number) => Number.isSafeInteger(value) && value >= 0;
  if (style === 'percent')
    return notation === undefined && maximumFractionDigits === 0
      ? // The share as Intl reads it (its shortest decimal, so 0.285 is 28.5%), rounded half up.
        (value) =>
          value >= 0 && value <= 1e6 ? `${grouped(Math.round(Number((value * 100).toPrecision(15))))}%` : null
      : null;
  if (style !== undefined && style !== 'decimal') return null;
  if (notation === 'compact') return (value) => (integer(value) && value < 1000 ? String(value) : null);
  return (value) => (integer(value) ? grouped(value) : null);
}

/**
 * A kept number format. In English, integers and whole percentages are written without asking
 * Intl: the first Intl.NumberFormat of a page loads the locale's data, 150-250 ms of main thread
 * at Lighthouse's 4x CPU, and the numbers of a signed-in first screen (the cart, unread messages, a
 * card's likes, a poll's shares, a price) are nearly always such numbers. Intl makes the rest.
 */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): NumberFormatter {
  // Decided once per language and options: i18next calls this on every `{{n, number}}`.
  return kept(formatters, language, options, () => {
    const intl = () => kept(numbers, language, options, () => new Intl.NumberFormat(language, options));
    const write = LATIN_DIGITS.test(language) ? plainEnglish(options) : null;
    return write ? { format: (value: number) => write(value) ?? intl().format(value) } : intl();
  });
}

/** What the app asks of a date format. */
export interface DateFormatter {
  format(date: Date): string;
}
const dateFormatters = new Map<string, DateFormatter>();

/** English as the US and Intl's plain 'en' write a date: 'Nov 3', 'November 3, 2025' (Britain: '3 Nov'). */
const MONTH_FIRST = /^en(-us)?$/i;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * How month-first English writes a day under `options` without Intl, where that is certain: a day
 * and a short or long month, with or without the year (a card's date, a day heading). Null: Intl.
 */
function plainEnglishDate(options: Intl.DateTimeFormatOptions): ((date: Date) => string) | null {
  const { day, month, year, ...rest } = options;
  if (Object.values(rest).some((v) => v !== undefined)) return null;
  if (day !== 'numeric' || (month !== 'short' && month !== 'long') || (year !== undefined && year !== 'numeric'))
    return null;
  const name = (date: Date) => (month === 'long' ? MONTHS[date.getMonth()]! : MONTHS[date.getMonth()]!.slice(0, 3));
  return year
    ? (date) => `${name(date)} ${date.getDate()}, ${date.getFullYear()}`
    : (date) => `${name(date)} ${date.getDate()}`;
}

/**
 * A kept date format. Month-first English days are written without Intl: like numbers, the first
 * Intl.DateTimeFormat of a page loads the locale's data (~140 ms of main thread at Lighthouse's 4x
 * CPU), and an older post's date on a feed card is the first screen's only date. Intl makes the rest.
 */
export const dateTimeFormat = (language: string, options: Intl.DateTimeFormatOptions = {}): DateFormatter =>
  kept(dateFormatters, language, options, () => {
    const write = MONTH_FIRST.test(language) ? plainEnglishDate(options) : null;
    return write
      ? {
          format: (date: Date) =>
            Number.isNaN(date.getTime()) ? intlDate(language, options).format(date) : write(date),
        }
      : intlDate(language, options);
  });

const intlDate = (language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  kept(dates, language, options, () => new Intl.DateTimeFormat(language, options));

/**
 * Someone's words (a name, a title, an ORP-KE number) inside the app's sentence, isolated (U+2068…
 * U+2069, the plain-text <bdi>) so their script cannot reorder the sentence around them.
 */
export const isolate = (words: string) => `\u2068${words}\u2069`;

/** A list in the language's own words and commas: 'Quran, Hadith and Fiqh', 'القرآن والحديث والفقه'. */
export const listFormat = (language: string, options: Intl.ListFormatOptions = {}): Intl.ListFormat =>
  kept(lists, language, options, () => new Intl.ListFormat(language, options));

/** Intl.NumberFormat's own options among a translation's (`{{n, number(minimumFractionDigits: 2)}}`). */
const NUMBER_OPTIONS = [
  'style',
  'currency',
  'currencyDisplay',
  'unit',
  'unitDisplay',
  'notation',
  'compactDisplay',
  'signDisplay',
  'useGrouping',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
] as const;

export function numberOptionsOf(options: Record<string, unknown> = {}): Intl.NumberFormatOptions {
  const picked: Record<string, unknown> = {};
  for (const key of NUMBER_OPTIONS) if (options[key] !== undefined) picked[key] = options[key];
  return picked as Intl.NumberFormatOptions;
}

/**
 * `{{n, number}}` in a string: i18next's 'number' format as the app registers it (i18n/index.ts),
 * also used where the app fills a string itself (quickT.ts), so both write a number alike.
 */
export const formatNumberValue = (value: unknown, language: string, options: Record<string, unknown>): string =>
  numberFormat(language, numberOptionsOf(options)).format(value as number);
