// The fonts a PDF's text is drawn in, tried in order for each character: pdfkit's standard Helvetica
// first (nothing embedded: most documents need nothing else, and they stay small and quick), then Noto
// Sans (Latin, Greek, Cyrillic), Noto Sans Hebrew and Noto Sans Arabic (npm packages under the SIL Open
// Font License), then fonts of the system: Noto Sans CJK where Debian's fonts-noto-cjk (or Alpine's
// font-noto-cjk) installs it, and any font files PDF_FONTS names. A character no font holds is drawn in
// Noto Sans (an empty box), never as another character.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

export type Weight = 'regular' | 'bold';

/** A font a run of text can be drawn in. */
export interface Face {
  /** pdfkit's name for it in a document: a standard font's name, or the name it is registered under. */
  name: string;
  /** The font as fontkit read it (once a thread: every document's subset is cut from it); none for a standard font. */
  source?: fontkit.Font;
  has(codePoint: number): boolean;
}

// WinAnsi (Windows-1252) beyond Latin-1: what pdfkit's standard fonts can encode besides U+0020-U+00FF.
const WIN_ANSI_EXTRA_TEXT =
  '\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d' +
  '\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178';
const WIN_ANSI_EXTRA = new Set([...WIN_ANSI_EXTRA_TEXT].map((c) => c.codePointAt(0)!));

const standard = (name: string): Face => ({
  name,
  has: (cp) => (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp),
});

const packaged = createRequire(import.meta.url);
const fromPackage = (family: string, weight: Weight) => {
  const style = weight === 'bold' ? '700Bold' : '400Regular';
  const file = family.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^n/, 'N');
  return packaged.resolve(`@expo-google-fonts/${family}/${style}/${file}_${style}.ttf`);
};

/** Where systems install Noto Sans CJK (all of Chinese, Japanese and Korean in one collection). */
const SYSTEM_CJK: Record<Weight, string[]> = {
  regular: ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', '/usr/share/fonts/noto/NotoSansCJK-Regular.ttc'],
  bold: ['/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', '/usr/share/fonts/noto/NotoSansCJK-Bold.ttc'],
};

/**
 * A font file as a face, read on its first use in a thread (a document in Helvetica alone reads none, and
 * the CJK collection's 20 MB are held only by threads that drew CJK); the first font of a collection.
 * A file fontkit cannot read holds nothing: it is passed over rather than failing every PDF.
 * `wholeLetters`: laid out without glyph composition (ccmp). Noto Sans's splits a letter such as ị into
 * i and a dot below, and pdfkit maps each glyph back to one character, so a reader would copy "i"; text
 * arrives composed (NFC) and the font has every composed letter it covers, so each letter is one glyph
 * and reads back as written.
 */
function embedded(name: string, file: string, wholeLetters = false): Face {
  let loaded: { font: fontkit.Font; source: fontkit.Font } | null | undefined;
  const load = () => {
    if (loaded !== undefined) return loaded;
    try {
      const opened = fontkit.create(readFileSync(file));
      const font = 'fonts' in opened ? (opened.fonts[0] as fontkit.Font) : opened;
      const source = wholeLetters
        ? new Proxy(font, {
            get: (target, property) =>
              property === 'layout'
                ? (text: string, features?: unknown, ...rest: unknown[]) =>
                    (target.layout as (...args: unknown[]) => unknown)(text, features ?? { ccmp: false }, ...rest)
                : Reflect.get(target, property, target),
          })
        : font;
      loaded = { font, source };
    } catch {
      loaded = null;
    }
    return loaded;
  };
  return {
    name,
    get source() {
      return load()?.source;
    },
    has: (cp) => load()?.font.hasGlyphForCodePoint(cp) ?? false,
  };
}

let extraFiles: readonly string[] = [];
const chains = new Map<Weight, Face[]>();

/** Font files beyond the packaged ones (PDF_FONTS), tried after them: set once a pool thread starts. */
export function useExtraFonts(files: readonly string[]): void {
  extraFiles = files;
  chains.clear();
}

/** The faces of a weight, in the order characters try them (loaded on first use in this thread). */
export function fontChain(weight: Weight): Face[] {
  let chain = chains.get(weight);
  if (!chain) {
    const files = [
      ['NotoSans', fromPackage('noto-sans', weight), 'whole letters'],
      ['NotoSansHebrew', fromPackage('noto-sans-hebrew', weight)],
      ['NotoSansArabic', fromPackage('noto-sans-arabic', weight)],
      ...SYSTEM_CJK[weight].filter((file) => existsSync(file)).map((file) => ['NotoSansCJK', file]),
      ...extraFiles.map((file, i) => [`Extra${i}`, file]),
    ];
    chain = [
      standard(weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica'),
      ...files.map(([name, file, letters]) => embedded(`${name}-${weight}`, file!, letters === 'whole letters')),
    ];
    chains.set(weight, chain);
  }
  return chain;
}

const ALL_WIN_ANSI = new RegExp(`^[\\x20-\\x7e\\xa0-\\xff${WIN_ANSI_EXTRA_TEXT}]*$`);

/** Helvetica of the weight when it holds the whole text (most text on most documents), else undefined. */
export const standardFaceFor = (text: string, weight: Weight): Face | undefined =>
  ALL_WIN_ANSI.test(text) ? fontChain(weight)[0] : undefined;

/** The first face that holds every character of `text`, if one does. */
export function faceHolding(text: string, weight: Weight): Face | undefined {
  const codePoints = [...text].map((c) => c.codePointAt(0)!);
  return fontChain(weight).find((face) => codePoints.every((cp) => face.has(cp)));
}

/** The face a cluster (a character and its combining marks) is drawn in: the first that holds all of it. */
export function faceFor(cluster: string, weight: Weight): Face {
  const chain = fontChain(weight);
  // Noto Sans draws what no face holds, as its empty box (Helvetica, if no font file could be read).
  return faceHolding(cluster, weight) ?? chain.find((face) => face.source) ?? chain[0]!;
}
