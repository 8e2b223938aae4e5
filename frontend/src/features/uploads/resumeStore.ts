import { MEMBER_STORAGE_KEYS } from '@/app/memberForget';

/**
 * Uploads started in this browser, by file fingerprint, so that picking the same file again after a
 * reload continues the server's upload instead of starting over (the server keeps chunks for 24 h).
 */
// The member's own: forgotten when the member changes (app/memberForget.ts).
const KEY = MEMBER_STORAGE_KEYS.uploads;
const MAX_ENTRIES = 20;

export interface ResumableUpload {
  uploadId: string;
  checksum: string;
  startedAt: string;
}

export function fileFingerprint(file: { name: string; size: number; lastModified?: number }): string {
  return `${file.name}|${file.size}|${file.lastModified ?? 0}`;
}

function readAll(): Record<string, ResumableUpload> {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, ResumableUpload>) : {};
  } catch {
    return {};
  }
}

function writeAll(entries: Record<string, ResumableUpload>): void {
  try {
    // Oldest first out, so the list never grows without bound.
    const kept = Object.entries(entries)
      .sort(([, a], [, b]) => b.startedAt.localeCompare(a.startedAt))
      .slice(0, MAX_ENTRIES);
    globalThis.localStorage?.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or blocked: uploads still work, they just cannot resume after a reload.
  }
}

export function rememberUpload(fingerprint: string, upload: ResumableUpload): void {
  writeAll({ ...readAll(), [fingerprint]: upload });
}

export function recalledUpload(fingerprint: string): ResumableUpload | null {
  return readAll()[fingerprint] ?? null;
}

export function forgetUpload(fingerprint: string): void {
  const all = readAll();
  delete all[fingerprint];
  writeAll(all);
}

/** Whether picking this file continues an upload this browser started (e.g. before a reload). */
export function hasResumableUpload(file: { name: string; size: number; lastModified?: number }): boolean {
  return recalledUpload(fileFingerprint(file)) !== null;
}
