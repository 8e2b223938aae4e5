import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import type { Member } from '@testing/members';
import sharp from 'sharp';

import type { Runtime } from '../../runtime';

/** Where the previews say the app lives; the tests never reach it (absolute URLs are only compared). */
export const PUBLIC_URL = 'https://deenconnect.example';

/** The web app's real page (splash, inline error catcher, generic tags), as the build leaves it. */
export const INDEX = readFileSync(join(__dirname, '../../../../frontend/index.html'), 'utf8');

/** A dist of index.html with its Brotli and gzip copies (frontend/build/precompress.ts), removed by the returned function. */
export function fixtureDist(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'dc-previews-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(INDEX));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#96;/g, '`')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every value of a meta tag (by name or property) in the page, unescaped. */
export function metaAll(html: string, key: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<meta\s+(?:name|property)="([^"]*)"\s+content="([^"]*)"\s*\/?>/g))
    if (m[1] === key) out.push(decode(m[2]!));
  return out;
}

/** The one value of a meta tag; throws when it is there twice (a page must not say two things). */
export function meta(html: string, key: string): string | undefined {
  const all = metaAll(html, key);
  if (all.length > 1) throw new Error(`${key} appears ${all.length} times`);
  return all[0];
}

export const titleOf = (html: string) => {
  const m = /<title>([^<]*)<\/title>/.exec(html);
  return m ? decode(m[1]!) : undefined;
};

/** Tags only a preview carries: the build's generic page has none of them (no absolute address is known there). */
export const ITEM_KEYS = ['og:url', 'og:image', 'twitter:title', 'twitter:image', 'twitter:description'];

export const png = (w: number, h: number, r = 40) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 110, b: 80 } } })
    .png()
    .toBuffer();

/** Jobs done and the media projection caught up with the item. */
export async function whenProcessed(rt: Runtime, mediaId: string) {
  await rt.platform.jobQueue.idle();
  for (let i = 0; i < 200; i++) {
    const doc = await rt.readModels.collection('media').get(mediaId);
    if (doc && doc.status !== 'processing') return doc;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`media ${mediaId} never finished processing`);
}

/** Edits the member's profile through the form the web app sends. */
export function editProfile(m: Member, fields: Record<string, string>, avatar?: Buffer) {
  let req = m.agent.post('/api/profile/update').set('X-CSRF-Token', m.token);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (avatar) req = req.attach('profileImage', avatar, { filename: 'me.png', contentType: 'image/png' });
  return req;
}
