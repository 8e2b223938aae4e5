// Writes the installable app's icons (frontend/public/icons) from the favicon's drawing. Run by
// hand when the mark changes (`node frontend/build/icons.mjs`); the PNGs are committed, so a build
// needs no image tooling.
import { writeFileSync } from 'node:fs';

import sharp from 'sharp';

const GREEN = '#0f6e4f';
const mark = (scale) => {
  // The crescent and star of favicon.svg, scaled about the centre of a 64-unit square.
  const t = 32 - 32 * scale;
  return `<g transform="translate(${t} ${t}) scale(${scale})"><path d="M40 14a20 20 0 1 0 10 36 16 16 0 1 1-10-36z" fill="#f5f1e6"/><circle cx="44" cy="26" r="4" fill="#e0b44c"/></g>`;
};
// "any": the rounded tile as on the favicon. "maskable": full bleed, the mark inside the 80 % safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${GREEN}"/>${mark(1)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/>${mark(0.7)}</svg>`;

const out = new URL('../public/icons/', import.meta.url);
const icons = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];
for (const [name, svg, size] of icons) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(new URL(name, out), png);
}
