// The words a document's PDF is printed in, by the organization's locale (its language: `de-CH` is German).
// Every label the views give is English and is looked up here at draw time; one without a translation in
// a language is printed in English, so a label a module adds is never lost, only untranslated. The sentences
// of the documents' emails are here too, with named blanks. Hand-kept: these few dozen entries are the whole
// vocabulary, and a translation library would add a catalogue format for them.

/** The languages a document is printed in besides English. */
export const DOCUMENT_LANGUAGES = ['de', 'fr', 'es', 'nl'] as const;
type Language = (typeof DOCUMENT_LANGUAGES)[number];

/** Every label and sentence, in English, with its translations (exported for the test that holds them complete). */
export const WORDS: Record<string, Record<Language, string>> = {
  Invoice: { de: 'Rechnung', fr: 'Facture', es: 'Factura', nl: 'Factuur' },
  'Credit note': { de: 'Gutschrift', fr: 'Avoir', es: 'Nota de crédito', nl: 'Creditnota' },
  Estimate: { de: 'Angebot', fr: 'Devis', es: 'Presupuesto', nl: 'Offerte' },
  'Purchase order': { de: 'Bestellung', fr: 'Bon de commande', es: 'Orden de compra', nl: 'Inkooporder' },
  'Sales receipt': { de: 'Quittung', fr: 'Reçu de vente', es: 'Recibo de venta', nl: 'Verkoopbon' },
  'Refund receipt': { de: 'Erstattungsbeleg', fr: 'Reçu de remboursement', es: 'Recibo de reembolso', nl: 'Terugbetalingsbon' },
  Statement: { de: 'Kontoauszug', fr: 'Relevé de compte', es: 'Estado de cuenta', nl: 'Rekeningoverzicht' },
  'Issue date': { de: 'Rechnungsdatum', fr: "Date d'émission", es: 'Fecha de emisión', nl: 'Factuurdatum' },
  'Due date': { de: 'Fällig am', fr: "Date d'échéance", es: 'Fecha de vencimiento', nl: 'Vervaldatum' },
  Date: { de: 'Datum', fr: 'Date', es: 'Fecha', nl: 'Datum' },
  'Valid until': { de: 'Gültig bis', fr: "Valable jusqu'au", es: 'Válido hasta', nl: 'Geldig tot' },
  'Deliver by': { de: 'Liefern bis', fr: 'Livrer avant le', es: 'Entregar antes de', nl: 'Leveren voor' },
  From: { de: 'Von', fr: 'Du', es: 'Desde', nl: 'Van' },
  To: { de: 'Bis', fr: 'Au', es: 'Hasta', nl: 'Tot' },
  'Bill to': { de: 'Rechnung an', fr: 'Facturer à', es: 'Facturar a', nl: 'Factuur aan' },
  'Credit to': { de: 'Gutschrift an', fr: 'Avoir pour', es: 'Crédito a', nl: 'Credit aan' },
  'Estimate for': { de: 'Angebot für', fr: 'Devis pour', es: 'Presupuesto para', nl: 'Offerte voor' },
  'Order from': { de: 'Bestellt bei', fr: 'Commandé à', es: 'Pedido a', nl: 'Besteld bij' },
  'Sold to': { de: 'Verkauft an', fr: 'Vendu à', es: 'Vendido a', nl: 'Verkocht aan' },
  'Refunded to': { de: 'Erstattet an', fr: 'Remboursé à', es: 'Reembolsado a', nl: 'Terugbetaald aan' },
  Description: { de: 'Beschreibung', fr: 'Description', es: 'Descripción', nl: 'Omschrijving' },
  Qty: { de: 'Menge', fr: 'Qté', es: 'Cant.', nl: 'Aantal' },
  'Unit price': { de: 'Einzelpreis', fr: 'Prix unitaire', es: 'Precio unitario', nl: 'Stukprijs' },
  Tax: { de: 'Steuer', fr: 'Taxe', es: 'Impuesto', nl: 'Belasting' },
  Amount: { de: 'Betrag', fr: 'Montant', es: 'Importe', nl: 'Bedrag' },
  Balance: { de: 'Saldo', fr: 'Solde', es: 'Saldo', nl: 'Saldo' },
  'Date and document': { de: 'Datum und Beleg', fr: 'Date et document', es: 'Fecha y documento', nl: 'Datum en document' },
  Subtotal: { de: 'Zwischensumme', fr: 'Sous-total', es: 'Subtotal', nl: 'Subtotaal' },
  Discount: { de: 'Rabatt', fr: 'Remise', es: 'Descuento', nl: 'Korting' },
  Total: { de: 'Gesamt', fr: 'Total', es: 'Total', nl: 'Totaal' },
  Paid: { de: 'Bezahlt', fr: 'Payé', es: 'Pagado', nl: 'Betaald' },
  Credited: { de: 'Gutgeschrieben', fr: 'Crédité', es: 'Acreditado', nl: 'Gecrediteerd' },
  'Written off': { de: 'Abgeschrieben', fr: 'Passé en perte', es: 'Cancelado como incobrable', nl: 'Afgeschreven' },
  'Amount due': { de: 'Offener Betrag', fr: 'Montant dû', es: 'Importe adeudado', nl: 'Openstaand bedrag' },
  'Credit remaining': { de: 'Verbleibende Gutschrift', fr: 'Crédit restant', es: 'Crédito restante', nl: 'Resterend tegoed' },
  'Total paid': { de: 'Bezahlt gesamt', fr: 'Total payé', es: 'Total pagado', nl: 'Totaal betaald' },
  'Total refunded': { de: 'Erstattet gesamt', fr: 'Total remboursé', es: 'Total reembolsado', nl: 'Totaal terugbetaald' },
  'Opening balance': { de: 'Anfangssaldo', fr: "Solde d'ouverture", es: 'Saldo inicial', nl: 'Beginsaldo' },
  'Closing balance': { de: 'Endsaldo', fr: 'Solde de clôture', es: 'Saldo final', nl: 'Eindsaldo' },
  'Not yet due': { de: 'Noch nicht fällig', fr: 'Non échu', es: 'No vencido', nl: 'Nog niet vervallen' },
  '1\u201330 days overdue': {
    de: '1\u201330 Tage überfällig',
    fr: 'Retard 1\u201330 jours',
    es: 'Vencido 1\u201330 días',
    nl: '1\u201330 dagen te laat',
  },
  '31\u201360 days overdue': {
    de: '31\u201360 Tage überfällig',
    fr: 'Retard 31\u201360 jours',
    es: 'Vencido 31\u201360 días',
    nl: '31\u201360 dagen te laat',
  },
  '61\u201390 days overdue': {
    de: '61\u201390 Tage überfällig',
    fr: 'Retard 61\u201390 jours',
    es: 'Vencido 61\u201390 días',
    nl: '61\u201390 dagen te laat',
  },
  'Over 90 days overdue': {
    de: 'Über 90 Tage überfällig',
    fr: 'Retard de plus de 90 jours',
    es: 'Vencido más de 90 días',
    nl: 'Meer dan 90 dagen te laat',
  },
  // The sentences a document's email says ({name}: what fills it in).
  '{title} from {organization} is attached.': {
    de: '{title} von {organization} finden Sie im Anhang.',
    fr: '{title} de {organization} est en pièce jointe.',
    es: 'Adjuntamos {title} de {organization}.',
    nl: '{title} van {organization} is bijgevoegd.',
  },
  '{title} from {organization}': {
    de: '{title} von {organization}',
    fr: '{title} de {organization}',
    es: '{title} de {organization}',
    nl: '{title} van {organization}',
  },
  'Statement {from} to {to}': {
    de: 'Kontoauszug {from} bis {to}',
    fr: 'Relevé de compte du {from} au {to}',
    es: 'Estado de cuenta del {from} al {to}',
    nl: 'Rekeningoverzicht {from} tot {to}',
  },
  'Amount due: {amount}, due on {date}.': {
    de: 'Offener Betrag: {amount}, fällig am {date}.',
    fr: 'Montant dû : {amount}, à payer le {date}.',
    es: 'Importe adeudado: {amount}, vence el {date}.',
    nl: 'Openstaand bedrag: {amount}, te betalen op {date}.',
  },
  'This invoice is paid.': {
    de: 'Diese Rechnung ist bezahlt.',
    fr: 'Cette facture est payée.',
    es: 'Esta factura está pagada.',
    nl: 'Deze factuur is betaald.',
  },
  'Credit: {amount}.': { de: 'Gutschrift: {amount}.', fr: 'Crédit : {amount}.', es: 'Crédito: {amount}.', nl: 'Tegoed: {amount}.' },
  'Total: {amount}.': { de: 'Gesamt: {amount}.', fr: 'Total : {amount}.', es: 'Total: {amount}.', nl: 'Totaal: {amount}.' },
  'Total: {amount}, valid until {date}.': {
    de: 'Gesamt: {amount}, gültig bis {date}.',
    fr: "Total : {amount}, valable jusqu'au {date}.",
    es: 'Total: {amount}, válido hasta el {date}.',
    nl: 'Totaal: {amount}, geldig tot {date}.',
  },
  'Balance owed on {date}: {amount}.': {
    de: 'Offener Saldo am {date}: {amount}.',
    fr: 'Solde dû au {date} : {amount}.',
    es: 'Saldo adeudado al {date}: {amount}.',
    nl: 'Openstaand saldo op {date}: {amount}.',
  },
  'Credit in your favour on {date}: {amount}.': {
    de: 'Guthaben zu Ihren Gunsten am {date}: {amount}.',
    fr: 'Crédit en votre faveur au {date} : {amount}.',
    es: 'Saldo a su favor al {date}: {amount}.',
    nl: 'Tegoed in uw voordeel op {date}: {amount}.',
  },
  'Nothing is owed on {date}.': {
    de: 'Am {date} ist nichts offen.',
    fr: "Rien n'est dû au {date}.",
    es: 'No hay nada pendiente al {date}.',
    nl: 'Op {date} staat niets open.',
  },
  'View it online: {link}': {
    de: 'Online ansehen: {link}',
    fr: 'Voir en ligne : {link}',
    es: 'Ver en línea: {link}',
    nl: 'Online bekijken: {link}',
  },
  'View {title} online': {
    de: '{title} online ansehen',
    fr: 'Voir {title} en ligne',
    es: 'Ver {title} en línea',
    nl: '{title} online bekijken',
  },
  // The customer's invoice page.
  'Void: this invoice was cancelled on {date} and is not owed': {
    de: 'Storniert: Diese Rechnung wurde am {date} storniert und ist nicht geschuldet',
    fr: "Annulée : cette facture a été annulée le {date} et n'est pas due",
    es: 'Anulada: esta factura se anuló el {date} y no se adeuda',
    nl: 'Geannuleerd: deze factuur is op {date} geannuleerd en is niet verschuldigd',
  },
  'Paid on {date}': { de: 'Bezahlt am {date}', fr: 'Payée le {date}', es: 'Pagada el {date}', nl: 'Betaald op {date}' },
  'Overdue: {amount} was due on {date}': {
    de: 'Überfällig: {amount} war am {date} fällig',
    fr: 'En retard : {amount} était dû le {date}',
    es: 'Vencida: {amount} vencía el {date}',
    nl: 'Te laat: {amount} moest betaald zijn op {date}',
  },
  '{amount} due on {date}': {
    de: '{amount} fällig am {date}',
    fr: '{amount} à payer le {date}',
    es: '{amount} vence el {date}',
    nl: '{amount} te betalen op {date}',
  },
  'Issued {date} to {customer}': {
    de: 'Ausgestellt am {date} an {customer}',
    fr: 'Émise le {date} à {customer}',
    es: 'Emitida el {date} a {customer}',
    nl: 'Uitgegeven op {date} aan {customer}',
  },
  'Download PDF': { de: 'PDF herunterladen', fr: 'Télécharger le PDF', es: 'Descargar PDF', nl: 'PDF downloaden' },
  'Tax ID': { de: 'USt-IdNr.', fr: 'N° TVA', es: 'NIF', nl: 'Btw-nummer' },
  'How to pay': { de: 'Zahlungsinformationen', fr: 'Comment payer', es: 'Cómo pagar', nl: 'Betaalinformatie' },
  Reference: { de: 'Verwendungszweck', fr: 'Référence', es: 'Referencia', nl: 'Kenmerk' },
  VOID: { de: 'STORNIERT', fr: 'ANNULÉ', es: 'ANULADO', nl: 'GEANNULEERD' },
  PAID: { de: 'BEZAHLT', fr: 'PAYÉ', es: 'PAGADO', nl: 'BETAALD' },
  DRAFT: { de: 'ENTWURF', fr: 'BROUILLON', es: 'BORRADOR', nl: 'CONCEPT' },
  REFUNDED: { de: 'ERSTATTET', fr: 'REMBOURSÉ', es: 'REEMBOLSADO', nl: 'TERUGBETAALD' },
  CLOSED: { de: 'ABGESCHLOSSEN', fr: 'CLÔTURÉ', es: 'CERRADO', nl: 'GESLOTEN' },
  DECLINED: { de: 'ABGELEHNT', fr: 'REFUSÉ', es: 'RECHAZADO', nl: 'AFGEWEZEN' },
  ACCEPTED: { de: 'ANGENOMMEN', fr: 'ACCEPTÉ', es: 'ACEPTADO', nl: 'GEACCEPTEERD' },
};

/**
 * A sentence in a locale's language with its blanks filled: `say('Amount due: {amount}, due on {date}.',
 * { amount, date })`. A sentence without a translation is said in English; one without blanks is a label.
 */
export function documentSentences(locale: string | null): (english: string, values?: Record<string, string>) => string {
  const words = documentWords(locale);
  return (english, values = {}) => words(english).replace(/\{(\w+)\}/g, (blank, name: string) => values[name] ?? blank);
}

/** The translator of a locale (`de-DE`, `fr`, null): English labels in its language, or as they are. */
export function documentWords(locale: string | null): (english: string) => string {
  const language = (locale ?? 'en').slice(0, 2).toLowerCase() as Language;
  if (!(DOCUMENT_LANGUAGES as readonly string[]).includes(language)) return (english) => english;
  return (english) => WORDS[english]?.[language] ?? english;
}
