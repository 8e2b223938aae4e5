/**
 * Intl formatters kept per language and options. Making one costs far more than formatting with it
 * (the locale's data is looked up each time): a feed page of cards made a few each, which showed in
 * a phone's main-thread time (issue 37). These live for the page's life; there are a few dozen.
 */
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

function kept<F>(cache: Map<string, F>, language: string, options: object, make: () => F): F {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  kept(numbers, language, options, () => new Intl.NumberFormat(language, options));

export const dateTimeFormat = (language: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  kept(dates, language, options, () => new Intl.DateTimeFormat(language, options));

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
