// Text on a PDF in any script. pdfkit draws a string in one font and does no bidirectional reordering,
// so a line here is cut into runs, each in the first font that holds its characters (pdf-fonts.ts), put
// in visual order by the Unicode Bidirectional Algorithm (bidi-js resolves the levels; the reordering is
// its rule L2), and wrapped to its box by words before it is reordered, as that algorithm says. Written
// here because no library lays out mixed-font, mixed-direction lines for pdfkit.
import bidiFactory from 'bidi-js';
import { type Face, faceFor, faceHolding, standardFaceFor, type Weight } from './pdf-fonts.ts';

type Doc = PDFKit.PDFDocument;

export interface TextBox {
  /** Left edge; the document's current x when left out. */
  x?: number;
  /** Top of the first line; the document's current y when left out. */
  y?: number;
  width: number;
  /** `start`: where its paragraph's direction begins a line (right for Hebrew or Arabic), as a browser's `dir="auto"`. */
  align?: 'left' | 'right' | 'start';
  size: number;
  bold?: boolean;
}

// Every line keeps Helvetica's metrics (its AFM ascender and line height, as pdfkit spaces it), whatever
// font its runs are in: lines of any script sit on one grid, and a Latin-only document looks as before.
const ASCENT = 0.718;
export const LINE_HEIGHT = 1.156;

/** Scripts fontkit lays out right to left (it reverses such a run's glyphs itself): its own list, by Unicode name. */
const FONTKIT_RTL = new RegExp(
  `[${[
    'Arabic',
    'Hebrew',
    'Syriac',
    'Thaana',
    'Cypriot',
    'Kharoshthi',
    'Phoenician',
    'Nko',
    'Lydian',
    'Avestan',
    'Imperial_Aramaic',
    'Inscriptional_Pahlavi',
    'Inscriptional_Parthian',
    'Old_South_Arabian',
    'Old_Turkic',
    'Samaritan',
    'Mandaic',
    'Meroitic_Cursive',
    'Meroitic_Hieroglyphs',
    'Manichaean',
    'Mende_Kikakui',
    'Nabataean',
    'Old_North_Arabian',
    'Palmyrene',
    'Psalter_Pahlavi',
  ]
    .map((script) => `\\p{sc=${script}}`)
    .join('')}]`,
  'u',
);
/** A character with a script of its own (fontkit picks a run's script from the first such). */
const SCRIPTED = /[^\p{sc=Common}\p{sc=Inherited}\p{sc=Unknown}]/u;
/** Characters that may set a line right to left: without one, a line's logical order is its visual order. */
const MAY_BE_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}\u200f\u202b\u202e\u2067]/u;

let bidi: ReturnType<typeof bidiFactory> | undefined;

/** A piece of a line in one face, in the order pdfkit is to be given it. */
export interface Run {
  text: string;
  face: Face;
}

/** Whether fontkit will lay this text out right to left, reversing it. */
const fontkitReverses = (face: Face, text: string) => face.source !== undefined && FONTKIT_RTL.test(text.match(SCRIPTED)?.[0] ?? '');

/** A line's clusters (a character with its combining marks), as one piece each. */
const clustersOf = (line: string) => line.match(/\P{M}\p{M}*|\p{M}+/gu) ?? [];

type Direction = 'ltr' | 'rtl' | 'auto';

/**
 * A line (no line breaks) as runs in visual order, left to right, each as pdfkit is to be given it;
 * `direction`: its paragraph's.
 */
export function runsOf(line: string, weight: Weight, direction: Direction = 'auto'): Run[] {
  const standard = standardFaceFor(line, weight);
  if (standard) return [{ text: line, face: standard }];
  const clusters = clustersOf(line);
  let levels: number[] = clusters.map(() => 0);
  let visual = clusters.map((_, i) => i);
  if (MAY_BE_RTL.test(line)) {
    bidi ??= bidiFactory();
    const resolved = bidi.getEmbeddingLevels(line, direction).levels;
    let offset = 0;
    levels = clusters.map((cluster) => {
      const level = resolved[offset]!;
      offset += cluster.length;
      return level;
    });
    visual = reorder(levels);
  }
  const faces = facesOf(clusters, weight);
  const runs: (Run & { level: number })[] = [];
  for (const i of visual) {
    const odd = levels[i]! % 2 === 1;
    const cluster = odd ? (bidi!.getMirroredCharacter(clusters[i]!) ?? clusters[i]!) : clusters[i]!;
    const face = faces[i]!;
    const last = runs.at(-1);
    if (last && last.face === face && last.level === levels[i]) last.text += cluster;
    else runs.push({ text: cluster, face, level: levels[i]! });
  }
  // Each run holds its clusters in visual order; fontkit reverses an Arabic or Hebrew run itself (and
  // shapes it, which needs the logical order): such a run is handed over reversed.
  return runs.map(({ text, face }) => ({ face, text: fontkitReverses(face, text) ? clustersOf(text).reverse().join('') : text }));
}

/** Each cluster's face: a word in one font where one holds it all (its letters of one design), else letter by letter. */
function facesOf(clusters: string[], weight: Weight): Face[] {
  const faces: Face[] = [];
  for (let i = 0; i < clusters.length; ) {
    const space = /^\s/.test(clusters[i]!);
    let end = i + 1;
    while (end < clusters.length && /^\s/.test(clusters[end]!) === space) end += 1;
    const word = clusters.slice(i, end);
    const whole = faceHolding(word.join(''), weight);
    for (const cluster of word) faces.push(whole ?? faceFor(cluster, weight));
    i = end;
  }
  return faces;
}

function paragraphDirection(paragraph: string): Direction {
  bidi ??= bidiFactory();
  return (bidi.getEmbeddingLevels(paragraph, 'auto').paragraphs[0]?.level ?? 0) % 2 === 1 ? 'rtl' : 'ltr';
}

/**
 * The bidirectional algorithm's rule L2: from the highest level down to the lowest odd one, reverse every
 * stretch at that level or above.
 */
function reorder(levels: number[]): number[] {
  const order = levels.map((_, i) => i);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.map((l) => (l % 2 === 1 ? l : Number.POSITIVE_INFINITY)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let i = 0; i < order.length; ) {
      if (levels[order[i]!]! < level) {
        i += 1;
        continue;
      }
      let end = i;
      while (end < order.length && levels[order[end]!]! >= level) end += 1;
      order.splice(i, end - i, ...order.slice(i, end).reverse());
      i = end;
    }
  }
  return order;
}

/** The embedded faces registered with each document (pdfkit registers by name, once a document). */
const registered = new WeakMap<Doc, Set<string>>();

function useFace(doc: Doc, face: Face, size: number) {
  if (face.source) {
    const names = registered.get(doc) ?? new Set<string>();
    registered.set(doc, names);
    // pdfkit takes a font fontkit has read: the parsed tables are shared by every document this thread draws.
    if (!names.has(face.name)) doc.registerFont(face.name, face.source as unknown as PDFKit.Mixins.PDFFontSource);
    names.add(face.name);
  }
  doc.font(face.name).fontSize(size);
}

const widthOf = (doc: Doc, runs: Run[], size: number) =>
  runs.reduce((sum, run) => {
    useFace(doc, run.face, size);
    return sum + doc.widthOfString(run.text);
  }, 0);

/** A paragraph cut into lines that fit `width`: greedily by words, a word wider than the box by clusters. */
function wrap(doc: Doc, paragraph: string, width: number, size: number, weight: Weight): string[] {
  // Widths add up word by word (a line's width is its words' and spaces' widths, whatever their order).
  const measure = (text: string) => widthOf(doc, runsOf(text, weight), size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const piece of paragraph.match(/\S+|\s+/g) ?? ['']) {
    const pieceWidth = measure(piece);
    if (/^\s/.test(piece)) {
      line += piece;
      lineWidth += pieceWidth;
      continue;
    }
    if (line.trim() && lineWidth + pieceWidth > width) {
      lines.push(line.trimEnd());
      [line, lineWidth] = ['', 0];
    }
    if (!line.trim() && pieceWidth > width) {
      for (const cluster of clustersOf(piece)) {
        const clusterWidth = measure(cluster);
        if (line && lineWidth + clusterWidth > width) {
          lines.push(line);
          [line, lineWidth] = ['', 0];
        }
        line += cluster;
        lineWidth += clusterWidth;
      }
      continue;
    }
    line += piece;
    lineWidth += pieceWidth;
  }
  lines.push(line.trimEnd());
  return lines;
}

/**
 * Writes text in its box (its `\n` start new lines; long lines wrap by words), left or right aligned,
 * and leaves the document's y under it, as pdfkit's own `text` does.
 */
export function putText(doc: Doc, text: string, box: TextBox): void {
  const x = box.x ?? doc.x;
  let y = box.y ?? doc.y;
  const weight: Weight = box.bold ? 'bold' : 'regular';
  for (const paragraph of text.normalize('NFC').split(/\r?\n/)) {
    // A paragraph's direction is its first strong character's (the bidirectional algorithm's rule P2), kept
    // on each of its lines.
    const direction = MAY_BE_RTL.test(paragraph) ? paragraphDirection(paragraph) : 'ltr';
    for (const line of wrap(doc, paragraph, box.width, box.size, weight)) {
      const runs = runsOf(line, weight, direction);
      const right = box.align === 'right' || (box.align === 'start' && direction === 'rtl');
      let at = right ? x + box.width - widthOf(doc, runs, box.size) : x;
      for (const run of runs) {
        useFace(doc, run.face, box.size);
        doc.text(run.text, at, y + ASCENT * box.size, { lineBreak: false, baseline: 'alphabetic' });
        at += doc.widthOfString(run.text);
      }
      y += LINE_HEIGHT * box.size;
    }
  }
  doc.x = x;
  doc.y = y;
}
