"""The festival's fonts, made from the @fontsource packages (run by scripts/fonts/subset.sh).

@fontsource splits each typeface into unicode-range files. Yorùbá needs three of them (latin for
à á è é, latin-ext for ā ē ṣ ń, vietnamese for ẹ ọ), and a letter can carry a tone and a dot at
once (ẹ́, Ọ̀), which no single code point spells. So, for each weight:

1. merge: the latin, latin-ext and vietnamese files into one font (they are cuts of one font, with
   the same glyph names, so a glyph missing from latin is copied from the others as it is);
2. Yorùbá: a composite glyph for each letter + tone the typeface lacks (ẹ̀ ẹ́ ẹ̄ ọ̀ ... in both cases,
   m̀ m̄ n̄, and ǹ ḿ, which have code points of their own), built from the font's own base letter
   and tone mark, placed as the typeface places that mark on the same letter without the dot
   (è for ẹ̀). A `ccmp` ligature turns "ẹ + U+0300" into that glyph: browsers compose what they
   can (e + U+0323 -> ẹ) and `ccmp` does the rest, so the marks never rely on the fonts' mark
   positioning (Fraunces has none);
3. the site's woff2 files (public/fonts): cut down to SITE_UNICODES with the layout features the
   site uses;
4. the share images' TrueType files (lib/seo/fonts): every code point of the three files kept,
   no hinting, and the tone-on-dot letters also mapped to Private Use code points (from U+E000,
   in the order of yoruba_clusters()) because next/og draws code point by code point, without
   `ccmp`; lib/seo/og-fonts.ts (OG_CLUSTERS) writes those code points.

Reproducible: the same @fontsource version and fontTools (Debian bookworm's python3-fonttools
4.38) give the same bytes; timestamps are left as @fontsource set them.
"""

import sys
import unicodedata
from io import BytesIO
from pathlib import Path

from fontTools import subset
from fontTools.otlLib.builder import buildLigatureSubstSubtable, buildLookup
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import otTables
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / 'node_modules' / '@fontsource'
SITE_OUT = ROOT / 'public' / 'fonts'
OG_OUT = ROOT / 'lib' / 'seo' / 'fonts'

FONTS = [('fraunces', 700), ('space-grotesk', 400), ('space-grotesk', 700)]
PARTS = ('latin', 'latin-ext', 'vietnamese')

GRAVE, ACUTE, CIRCUMFLEX, MACRON, CARON, DOT_BELOW = '\u0300', '\u0301', '\u0302', '\u0304', '\u030c', '\u0323'
TONES = (GRAVE, ACUTE, MACRON)

# Letters that carry Yorùbá tones with no precomposed code point in the fonts, in the order their
# Private Use code points follow (U+E000 onwards); lib/seo/og-fonts.ts holds the same list
# (OG_CLUSTERS; lib/seo/og-fonts.test.ts checks each code point against the font's ccmp).
CLUSTER_BASES = 'ẹọẸỌmMnN'
PRIVATE_USE = 0xE000
# Vowels with caron (rising tone in some writing) that a font may lack: built like its circumflex.
CARON_LETTERS = 'ǎěǐǒǔǍĚǏǑǓ'
# The syllabic nasals with a code point of their own: built where a typeface lacks them (ǹ Ǹ ḿ Ḿ).
NASALS = 'ǹǸḿḾńŃ'

# The characters the site's pages write: ASCII, the punctuation of our copy, the Latin-1 letters
# that names in our content use, and Yorùbá: the tone vowels with grave, acute and macron, ẹ ọ ṣ,
# the syllabic nasals (ń ǹ ḿ) and the combining marks for tones and the dot. Circumflex and caron
# (contracted and rising tones in some writing) are left to the fallback font: 848 bytes more over
# the three files, for marks today's orthography does not use (the share images' fonts have them).
# So are the symbols @fontsource's latin subset has and our copy never writes (« » ° • ′ ″ € ™ ↑ ↓
# Œ œ ı and the spacing accents ʻ ʼ ˆ ˚ ˜): the home page's first load is held to 250 KB (issue 15,
# e2e/quality/home-bytes.spec.ts), and Yorùbá's letters needed the room. Text staff type with one
# of them shows it in the fallback font.
SITE_UNICODES = (
    'U+0020-007E,U+00A0,U+00A7,U+00A9,U+00AD,U+00B7,'
    'U+00C0-00C1,U+00C4,U+00C7-00C9,U+00CB-00CD,U+00CF,U+00D1-00D3,U+00D6,U+00D9-00DA,U+00DC,'
    'U+00DF-00E1,U+00E4,U+00E7-00E9,U+00EB-00ED,U+00EF,U+00F1-00F3,U+00F6,U+00F9-00FA,U+00FC,'
    # Ā ā Ē ē Ī ī Ń ń Ō ō Ū ū Ǹ ǹ Ḿ ḿ Ṣ ṣ Ẹ ẹ Ọ ọ
    'U+0100-0101,U+0112-0113,U+012A-012B,U+0143-0144,U+014C-014D,U+016A-016B,U+01F8-01F9,'
    'U+1E3E-1E3F,U+1E62-1E63,U+1EB8-1EB9,U+1ECC-1ECD,'
    'U+0300-0301,U+0304,U+0308,U+0323,U+0329,'
    'U+2010-2014,U+2018-201E,U+2026,U+2212'
)
SITE_FEATURES = ['kern', 'liga', 'ccmp', 'locl', 'mark', 'mkmk', 'calt']
OG_FEATURES = ['kern', 'liga', 'ccmp']

# Glyph names the typefaces give the combining marks that are not always in their cmap.
MARK_GLYPHS = {
    GRAVE: ('gravecomb', 'gravecmb'),
    ACUTE: ('acutecomb', 'acutecmb'),
    CIRCUMFLEX: ('uni0302', 'circumflexcmb', 'circumflexcomb'),
    MACRON: ('uni0304', 'macroncmb', 'macroncomb'),
    CARON: ('uni030C', 'caroncmb', 'caroncomb'),
    DOT_BELOW: ('dotbelowcomb', 'dotbelowcmb', 'uni0323'),
}


def nfc(text):
    return unicodedata.normalize('NFC', text)


def yoruba_clusters():
    """The letter + tone pairs with no code point of their own, in Private Use order."""
    return [base + tone for base in CLUSTER_BASES for tone in TONES if len(nfc(base + tone)) > 1]


class Font:
    def __init__(self, family, weight):
        files = [SOURCE / family / 'files' / f'{family}-{part}-{weight}-normal.woff2' for part in PARTS]
        self.tt = TTFont(files[0], recalcTimestamp=False)
        self.glyf, self.hmtx = self.tt['glyf'], self.tt['hmtx']
        order = list(self.tt.getGlyphOrder())
        self.cmap = dict(self.tt.getBestCmap())
        for file in files[1:]:
            other = TTFont(file)
            for name in other.getGlyphOrder():
                if name not in self.glyf.glyphs:
                    glyph = other['glyf'][name]  # expanded: components by name, not by index
                    self.glyf.glyphs[name] = glyph
                    self.hmtx.metrics[name] = other['hmtx'].metrics[name]
                    order.append(name)
            for code, name in other.getBestCmap().items():
                if code not in self.cmap:
                    self.map(code, name)
        self._set_order(order)
        for mark, names in MARK_GLYPHS.items():
            name = next((n for n in names if n in self.glyf.glyphs), None)
            if ord(mark) not in self.cmap and name:
                self.map(ord(mark), name)
        self.ligatures = {}
        self.private_use = []  # (code point, glyph) for the share images' fonts

    def _set_order(self, order):
        self.tt.setGlyphOrder(order)
        self.glyf.glyphOrder = order

    def map(self, code, name):
        self.cmap[code] = name
        for table in self.tt['cmap'].tables:
            if table.isUnicode() and (code <= 0xFFFF or table.format in (12, 13)):
                table.cmap[code] = name

    def glyph_of(self, char):
        return self.cmap.get(ord(char))

    def parts(self, name):
        """A glyph as (component, x, y) parts: its components, or itself."""
        glyph = self.glyf[name]
        if glyph.isComposite():
            return [(c.glyphName, c.x, c.y) for c in glyph.components]
        return [(name, 0, 0)]

    def placement(self, letter, mark):
        """Where the font puts `mark` on `letter` (no dot): (base glyph, mark glyph, x, y), or None."""
        drawn = self.glyph_of(nfc(letter + mark)) if len(nfc(letter + mark)) == 1 else None
        if drawn:
            parts = self.parts(drawn)
            if len(parts) == 2 and parts[0][1:] == (0, 0):
                return (parts[0][0], *parts[1])
        if mark == CARON:
            # Caron where the circumflex sits (î's dotless i included), if the font has a caron.
            found = self.placement(letter, CIRCUMFLEX)
            if found:
                base, circumflex, x, y = found
                caron = circumflex.replace('circumflex', 'caron').replace('uni0302', 'uni030C')
                if caron in self.glyf.glyphs:
                    return (base, caron, x, y)
            return None
        # Over a letter the font never accents (m, n): centred as on o, measured by advance width.
        ref = 'O' if letter.isupper() else 'o'
        if letter == ref or not self.glyph_of(letter):
            return None
        found = self.placement(ref, mark)
        if not found:
            return None
        _, mark_glyph, x, y = found
        shift = (self.hmtx[self.glyph_of(letter)][0] - self.hmtx[self.glyph_of(ref)][0]) / 2
        return (self.glyph_of(letter), mark_glyph, x + round(shift), y)

    def compose(self, text):
        """A composite glyph for `text` (one letter, maybe dotted, and one mark); its name, or None."""
        decomposed = unicodedata.normalize('NFD', text)
        letter, mark = decomposed[0], decomposed[-1]
        base = nfc(decomposed[:-1])
        base_glyph = self.glyph_of(base)
        found = self.placement(letter, mark)
        if not base_glyph or not found:
            return None
        base_part, mark_glyph, x, y = found
        parts = self.parts(base_glyph)
        # The letter itself may be replaced by the placement's base (i -> dotless i under a caron).
        parts[0] = (base_part, *parts[0][1:]) if base == letter else parts[0]
        parts.append((mark_glyph, x, y))
        name = 'yo.' + '_'.join(f'{ord(c):04X}' for c in text)
        glyph = Glyph()
        glyph.numberOfContours = -1
        glyph.components = []
        for part, px, py in parts:
            component = GlyphComponent()
            component.glyphName, component.x, component.y, component.flags = part, px, py, 0x4  # ROUND_XY_TO_GRID
            glyph.components.append(component)
        glyph.components[0].flags |= 0x200  # USE_MY_METRICS: the base letter's advance
        self.glyf.glyphs[name] = glyph
        self._set_order(self.tt.getGlyphOrder() + [name])
        glyph.recalcBounds(self.glyf)
        self.hmtx.metrics[name] = (self.hmtx[base_glyph][0], glyph.xMin)
        gdef = self.tt['GDEF'].table if 'GDEF' in self.tt else None
        if gdef and gdef.GlyphClassDef:
            gdef.GlyphClassDef.classDefs[name] = 1  # a base glyph
        return name

    def add_yoruba(self):
        for letter in NASALS + CARON_LETTERS:
            if ord(letter) not in self.cmap:
                name = self.compose(letter)
                if name:
                    self.map(ord(letter), name)
        for index, cluster in enumerate(yoruba_clusters()):
            name = self.compose(cluster)
            if not name:
                sys.exit(f'{self.tt["name"].getDebugName(4)}: cannot build {cluster!r}')
            base, mark = self.glyph_of(cluster[0]), self.glyph_of(cluster[1])
            # Space Grotesk's own ccmp swaps a mark after a capital for its .case form first.
            for variant in (mark, mark + '.case'):
                if variant in self.glyf.glyphs:
                    self.ligatures[(base, variant)] = name
            self.private_use.append((PRIVATE_USE + index, name))
        self._add_ccmp()

    def _add_ccmp(self):
        gsub = self.tt['GSUB'].table
        lookup = buildLookup([buildLigatureSubstSubtable(self.ligatures)])
        gsub.LookupList.Lookup.append(lookup)
        gsub.LookupList.LookupCount = len(gsub.LookupList.Lookup)
        index = len(gsub.LookupList.Lookup) - 1
        records = gsub.FeatureList.FeatureRecord
        ccmp = [r for r in records if r.FeatureTag == 'ccmp']
        for record in ccmp:
            record.Feature.LookupListIndex.append(index)
            record.Feature.LookupCount += 1
        if ccmp:
            return
        # No ccmp yet (Fraunces): one, in its sorted place, for every script and language.
        record = otTables.FeatureRecord()
        record.FeatureTag = 'ccmp'
        record.Feature = otTables.Feature()
        record.Feature.FeatureParams = None
        record.Feature.LookupListIndex = [index]
        record.Feature.LookupCount = 1
        at = sum(1 for r in records if r.FeatureTag < 'ccmp')
        records.insert(at, record)
        gsub.FeatureList.FeatureCount = len(records)
        for script in gsub.ScriptList.ScriptRecord:
            systems = [script.Script.DefaultLangSys] + [r.LangSys for r in script.Script.LangSysRecord]
            for system in filter(None, systems):
                system.FeatureIndex = sorted([i + 1 if i >= at else i for i in system.FeatureIndex] + [at])
                system.FeatureCount = len(system.FeatureIndex)
                if system.ReqFeatureIndex != 0xFFFF and system.ReqFeatureIndex >= at:
                    system.ReqFeatureIndex += 1

    def write(self, path, unicodes, features, flavor, private_use):
        options = subset.Options()
        options.layout_features = features
        options.flavor = flavor
        options.hinting = flavor is not None  # next/og does not hint
        subsetter = subset.Subsetter(options)
        codes = set(unicodes)
        if private_use:
            for code, name in self.private_use:
                self.map(code, name)
                codes.add(code)
        # Subsetting changes the font: work on a copy, read back from bytes.
        buffer = BytesIO()
        self.tt.save(buffer)
        buffer.seek(0)
        font = TTFont(buffer, recalcTimestamp=False)
        subsetter.populate(unicodes=codes)
        subsetter.subset(font)
        font.flavor = flavor
        font.save(path)
        return path.stat().st_size


def parse_unicodes(spec):
    codes = set()
    for part in spec.split(','):
        first, _, last = part.removeprefix('U+').partition('-')
        codes.update(range(int(first, 16), int(last or first, 16) + 1))
    return codes


def main():
    SITE_OUT.mkdir(parents=True, exist_ok=True)
    OG_OUT.mkdir(parents=True, exist_ok=True)
    site = parse_unicodes(SITE_UNICODES)
    for family, weight in FONTS:
        font = Font(family, weight)
        font.add_yoruba()
        everything = set(font.cmap)
        missing = sorted(c for c in site if c not in everything and c not in (0xAD,))
        if missing:
            print(f'{family} {weight}: not in the typeface (the fallback font draws them):', ' '.join(f'U+{c:04X}' for c in missing))
        site_path = SITE_OUT / f'{family}-{weight}-normal.woff2'
        og_path = OG_OUT / f'{family}-{weight}-normal.ttf'
        print(f'{site_path.relative_to(ROOT)}: {font.write(site_path, site, SITE_FEATURES, "woff2", False)} bytes')
        font = Font(family, weight)
        font.add_yoruba()
        print(f'{og_path.relative_to(ROOT)}: {font.write(og_path, set(font.cmap), OG_FEATURES, None, True)} bytes')


if __name__ == '__main__':
    main()
