// A document's labels in the organization's language, and in English where none is written.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LANGUAGES, documentSentences, documentWords, WORDS } from '../../src/modules/documents/pdf-words.ts';

describe("a document's words", () => {
  it('are the language of the locale, whatever its region', () => {
    expect(documentWords('de-CH')('Amount due')).toBe('Offener Betrag');
    expect(documentWords('fr-CA')('Invoice')).toBe('Facture');
    expect(documentWords('nl')('Subtotal')).toBe('Subtotaal');
    expect(documentWords('es-MX')('Due date')).toBe('Fecha de vencimiento');
  });

  it('are English without a locale, for a language not written, and for a label no language has yet', () => {
    expect(documentWords(null)('Amount due')).toBe('Amount due');
    expect(documentWords('ja-JP')('Invoice')).toBe('Invoice');
    expect(documentWords('de-DE')('A label a module adds')).toBe('A label a module adds');
  });

  it('are written for every language the documents promise', () => {
    expect(DOCUMENT_LANGUAGES).toEqual(['de', 'fr', 'es', 'nl']);
    for (const language of DOCUMENT_LANGUAGES) expect(documentWords(language)('Amount due')).not.toBe('Amount due');
  });

  it('say sentences with their blanks filled, in the language or else in English', () => {
    const values = { amount: '1.234,50 $', date: '30.11.2026' };
    expect(documentSentences('de-CH')('Amount due: {amount}, due on {date}.', values)).toBe(
      'Offener Betrag: 1.234,50 $, fällig am 30.11.2026.',
    );
    expect(documentSentences('ja-JP')('Amount due: {amount}, due on {date}.', values)).toBe('Amount due: 1.234,50 $, due on 30.11.2026.');
    expect(documentSentences('fr')('This invoice is paid.')).toBe('Cette facture est payée.');
  });

  it('translate every sentence into every language with the same blanks as the English', () => {
    const blanks = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [english, translations] of Object.entries(WORDS))
      for (const language of DOCUMENT_LANGUAGES) expect(blanks(translations[language]), `${language}: ${english}`).toEqual(blanks(english));
  });
});
