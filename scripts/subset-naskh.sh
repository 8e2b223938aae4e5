#!/usr/bin/env bash
# Writes frontend/src/styles/fonts/naskh-*.woff2 from @fontsource/noto-naskh-arabic's Arabic subset
# (SIL OFL 1.1): each weight split by code point into a core face (the Arabic block, the presentation
# forms B, the honorifics ﷲ ﷺ ﷻ ﷽ and the joiners) and an extended face (Arabic Supplement and
# Extended-A/B, the other presentation forms A: Urdu, Persian, Sindhi...). The Arabic interface and
# most Arabic posts need the core face only, about half the bytes (issue 37); the browser fetches the
# extended face only for a text with one of its characters (naskh.css's unicode-range). Needs
# fontTools (Debian: python3-fonttools python3-brotli); run again after updating the package. It also
# writes naskh.css, whose unicode-ranges are these (the last step prints what the two faces leave out).
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=node_modules/@fontsource/noto-naskh-arabic/files
OUT=frontend/src/styles/fonts
PY=${PYTHON:-/usr/bin/python3}
CORE='U+0020-002F,U+00A0,U+0600-06FF,U+200C-200F,U+2010-2011,U+204F,U+25CC,U+2E41,U+FDF2,U+FDFA-FDFB,U+FDFD,U+FE70-FEFF'
EXTENDED='U+0750-077F,U+0870-08FF,U+FB50-FDF1,U+FDF3-FDF9,U+FDFC,U+FDFE-FDFF,U+10EFD-10EFF'
mkdir -p "$OUT"
css="/*
 * Noto Naskh Arabic (SIL OFL 1.1), the Arabic interface's face: each weight in two files split by
 * code point (written by scripts/subset-naskh.sh, with this file). The core face covers the Arabic
 * block, the presentation forms B and the honorifics; the extended face (Arabic Supplement,
 * Extended-A/B, the other presentation forms A) is fetched only for a text that uses one of its
 * characters. A device that has the face already (Android's Arabic system font is Noto Naskh Arabic)
 * downloads neither.
 */"
for weight in 400 700; do
  local_names="local('Noto Naskh Arabic'), local('NotoNaskhArabic-Regular')"
  [ "$weight" = 700 ] && local_names="local('Noto Naskh Arabic Bold'), local('NotoNaskhArabic-Bold')"
  for part in core extended; do
    ranges=$CORE
    [ "$part" = extended ] && ranges=$EXTENDED
    "$PY" -m fontTools.subset "$SRC/noto-naskh-arabic-arabic-$weight-normal.woff2" --unicodes="$ranges" \
      --layout-features='*' --flavor=woff2 --output-file="$OUT/naskh-$weight-$part.woff2"
    css+="
@font-face {
  font-family: 'Noto Naskh Arabic';
  font-style: normal;
  font-display: swap;
  font-weight: $weight;
  src: $local_names, url(./naskh-$weight-$part.woff2) format('woff2');
  unicode-range: ${ranges//,/, };
}"
  done
done
printf '%s\n' "$css" > "$OUT/naskh.css"
npx biome format --write "$OUT/naskh.css" >/dev/null
"$PY" - "$SRC" "$OUT" <<'PY'
import sys
from fontTools.ttLib import TTFont
src, out = sys.argv[1], sys.argv[2]
for weight in (400, 700):
    whole = set(TTFont(f"{src}/noto-naskh-arabic-arabic-{weight}-normal.woff2").getBestCmap())
    parts = [set(TTFont(f"{out}/naskh-{weight}-{p}.woff2").getBestCmap()) for p in ("core", "extended")]
    left = sorted(c for c in whole - parts[0] - parts[1] if c > 0x20)
    print(f"{weight}: {len(whole)} code points, core {len(parts[0])}, extended {len(parts[1])}, left out {[hex(c) for c in left]}")
PY
ls -l "$OUT"
