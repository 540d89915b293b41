#!/usr/bin/env bash
# The web fonts in public/fonts, made smaller for slow mobile data (issue 15): @fontsource's latin
# files cut down to the characters the site writes (ASCII, the accented letters and the few symbols in
# our copy, typographic quotes and dashes) and the layout features it uses (kerning, marks,
# ligatures). 44.4 KB -> 32.4 KB for the three files. A character outside this set (rare in
# content) is drawn from the fallback font, as the Yoruba dot-below letters already were (they are
# not in @fontsource's latin files either).
#
# A developer's tool, not part of the build: the files it writes are committed. Needs Debian's
# python3-fonttools and python3-brotli (apt-get install -y python3-fonttools python3-brotli).
set -euo pipefail
cd "$(dirname "$0")/../.."
src=node_modules/@fontsource
out=public/fonts
# Latin-1's letters that names and words in our content use: the vowels with grave and acute
# (Yoruba tones: Ìtàn, Àṣà), and ç ñ ä ë ï ö ü ß for names from other languages.
latin1_letters="U+00C0-00C1,U+00C4,U+00C7-00C9,U+00CB-00CD,U+00CF,U+00D1-00D3,U+00D6,U+00D9-00DA,U+00DC,U+00DF-00E1,\
U+00E4,U+00E7-00E9,U+00EB-00ED,U+00EF,U+00F1-00F3,U+00F6,U+00F9-00FA,U+00FC"
unicodes="U+0020-007E,U+00A0,U+00A7,U+00A9,U+00AB,U+00AD,U+00B0,U+00B7,U+00BB,$latin1_letters,U+0131,U+0152-0153,\
U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0300-0301,U+0304,U+0308,U+0323,U+0329,U+2010-2014,U+2018-201E,U+2022,U+2026,\
U+2032-2033,U+20AC,U+2122,U+2191,U+2193,U+2212"
for file in fraunces/files/fraunces-latin-700-normal space-grotesk/files/space-grotesk-latin-400-normal space-grotesk/files/space-grotesk-latin-700-normal; do
  name="$(basename "$file")"
  /usr/bin/python3 -m fontTools.subset "$src/$file.woff2" --unicodes="$unicodes" --flavor=woff2 \
    --layout-features='kern,liga,ccmp,locl,mark,mkmk,calt' --output-file="$out/$name.woff2"
  echo "$out/$name.woff2: $(stat -c %s "$out/$name.woff2") bytes"
done
