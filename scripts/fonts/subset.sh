#!/usr/bin/env bash
# The festival's fonts, made from the @fontsource packages by scripts/fonts/build.py (which says how):
#
# - public/fonts/*.woff2, the web fonts, cut down for slow mobile data (issue 15) to the characters
#   the site writes (ASCII, the accented letters and symbols of our copy, typographic quotes and
#   dashes) and Yorùbá written right (issue 40): ẹ ọ ṣ, the tones (grave, acute, macron) on every
#   vowel, on ẹ ọ and on the syllabic nasals, as precomposed letters and as base letter + combining
#   marks; not the symbols our copy never writes. 32,404 -> 31,560 bytes for the three files (latin
#   only before; Yorùbá's dotted letters came from the fallback font).
# - lib/seo/fonts/*.ttf, the share images' fonts (next/og reads TrueType, not woff2): everything the
#   latin, latin-ext and vietnamese files have, one file per weight.
#
# A developer's tool, not part of the build: the files it writes are committed. Needs Debian's
# python3-fonttools and python3-brotli (apt-get install -y python3-fonttools python3-brotli) and
# `npm install` (the @fontsource packages). Run twice, it writes the same bytes.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec /usr/bin/python3 scripts/fonts/build.py
