// Amiri Quran (SIL OFL 1.1) carries the Quran's marks (small high letters, sajdah and pause signs)
// that many systems lack, so verses never show as missing-glyph boxes. Only its Arabic subset, and
// only here: it loads with the search screen's own chunk, never with the app's first download.
import '@fontsource/amiri-quran/arabic-400.css';

import type { Citation as CitationView } from '@contract';
import { useId, useState } from 'react';

/** The reference as people write it: 'Al-Baqarah 2:153'. */
export const citationLabel = (c: CitationView) => `${c.surahName} ${c.surah}:${c.ayah}`;

/** A cited verse: a disclosure button named by its reference that opens the Arabic and the translation. */
export function Citation({ citation }: { citation: CitationView }) {
  const [open, setOpen] = useState(false);
  // React's ids carry punctuation; a plain one is easier to select and to read in the DOM.
  const bodyId = `verse-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-${citation.surah}-${citation.ayah}`;
  return (
    <li className="citation">
      <button
        type="button"
        className="citation__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="citation__chevron" aria-hidden="true">
          ›
        </span>
        <bdi>{citationLabel(citation)}</bdi>
      </button>
      <div id={bodyId} className="citation__body" hidden={!open}>
        <p className="citation__arabic" lang="ar" dir="rtl">
          {citation.arabic}
        </p>
        <p className="citation__translation" lang="en" dir="ltr">
          {citation.translation}
        </p>
      </div>
    </li>
  );
}
