// A document's labels in the organization's language, and in English where none is written.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LANGUAGES, documentWords } from '../../src/modules/documents/pdf-words.ts';

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
});
