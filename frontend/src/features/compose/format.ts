import { numberFormat } from '@/i18n/formatters';

/** m:ss in the reader's digits (the recording timer). */
export function formatClock(totalSeconds: number, language: string): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const minutes = numberFormat(language).format(Math.floor(whole / 60));
  const seconds = numberFormat(language, { minimumIntegerDigits: 2 }).format(whole % 60);
  return `${minutes}:${seconds}`;
}

/** Bytes as megabytes with one decimal. */
export function formatMegabytes(bytes: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}

export function formatPercent(percent: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}
