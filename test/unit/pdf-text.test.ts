// Text of any script on a PDF: which font draws each piece of a line, and the order the pieces are drawn
// in, left to right (the Unicode Bidirectional Algorithm's visual order). pdftotext reads a drawn line
// back by its own guesses at direction, so the order is checked here, where it is decided; what a reader
// gets back is checked in test/features/documents-pdf.test.ts.
import { describe, expect, it } from 'vitest';
import { fontChain } from '../../src/modules/documents/pdf-fonts.ts';
import { runsOf } from '../../src/modules/documents/pdf-text.ts';

/** A line's runs as `font: text`, each run's text as a reader sees it on the page, left to right. */
const seen = (line: string, direction: 'ltr' | 'rtl' | 'auto' = 'auto', weight: 'regular' | 'bold' = 'regular') =>
  runsOf(line, weight, direction).map(({ face, text }) => {
    // An Arabic or Hebrew run is handed to pdfkit in reading order: fontkit lays it out right to left.
    const onPage = /[\u0590-\u06ff]/.test(text) ? [...text].reverse().join('') : text;
    return `${face.name.replace(/-(regular|bold)$/, '')}: ${onPage}`;
  });

describe('a line on a PDF', () => {
  it('is drawn in Helvetica whole when Helvetica holds it (nothing embedded)', () => {
    expect(seen('Müller & Söhne — €1.234,50 “quoted”')).toEqual(['Helvetica: Müller & Söhne — €1.234,50 “quoted”']);
    expect(seen('Bold', 'ltr', 'bold')).toEqual(['Helvetica-Bold: Bold']);
  });

  it('goes to Noto Sans only for what Helvetica lacks, and keeps a letter with its accents in one font', () => {
    // A word is one font's (its letters of one design); the words Helvetica holds stay in it.
    expect(seen('Łódź and Αθήνα')).toEqual(['NotoSans: Łódź', 'Helvetica:  and ', 'NotoSans: Αθήνα']);
    // e and a combining acute accent: one letter, in a font that has both (not e in Helvetica, the accent elsewhere).
    expect(seen('Tie\u0301ng sa\u0301ch')).toEqual(['NotoSans: Tie\u0301ng', 'Helvetica:  ', 'NotoSans: sa\u0301ch']);
    // A word no one font holds: letter by letter.
    expect(seen('Acme\u{1f9fe}')).toEqual(['Helvetica: Acme', 'NotoSans: \u{1f9fe}']);
  });

  it('sets Hebrew and Arabic words right to left inside a left-to-right line', () => {
    expect(seen('Acme שלום עולם Ltd', 'ltr')).toEqual([
      'Helvetica: Acme ',
      'NotoSansHebrew: םלוע',
      'Helvetica:  ',
      'NotoSansHebrew: םולש',
      'Helvetica:  Ltd',
    ]);
    expect(seen('Invoice for شركة السلام', 'ltr')).toEqual([
      'Helvetica: Invoice for ',
      'NotoSansArabic: مالسلا',
      'Helvetica:  ',
      'NotoSansArabic: ةكرش',
    ]);
  });

  it('in a right-to-left paragraph puts its left-to-right words and numbers where a reader of it expects them', () => {
    // "Shalom Ltd (Jerusalem) 123", read right to left: the number ends up leftmost, the brackets mirrored.
    expect(seen('שלום Ltd (ירושלים) 123', 'rtl').join('|')).toBe(
      [
        'Helvetica: 123',
        'Helvetica:  ',
        'NotoSansHebrew: (םילשורי)',
        'Helvetica:  ',
        'Helvetica: Ltd',
        'Helvetica:  ',
        'NotoSansHebrew: םולש',
      ].join('|'),
    );
    // Arabic-Indic digits keep their order (fontkit would reverse them as Arabic script: they are handed over reversed).
    expect(seen('المجموع ١٢٣', 'rtl')).toEqual(['NotoSansArabic: ١٢٣', 'Helvetica:  ', 'NotoSansArabic: عومجملا']);
  });

  it('draws Chinese, Japanese and Korean in the system Noto Sans CJK when it is installed, else an empty box', () => {
    const cjk = fontChain('regular').some((face) => face.name.startsWith('NotoSansCJK'));
    expect(seen('東京 서울')).toEqual(
      cjk ? ['NotoSansCJK: 東京', 'Helvetica:  ', 'NotoSansCJK: 서울'] : ['NotoSans: 東京', 'Helvetica:  ', 'NotoSans: 서울'],
    );
  });
});
