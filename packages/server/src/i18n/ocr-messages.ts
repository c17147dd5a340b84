/** The OCR routes' messages (modules/ocr), merged in messages.ts. */
export const ocrMessages = {
  en: {
    'ocr.corrected': 'The text of the scan has been saved.',
    'ocr.read_queued': 'The scan will be read again.',
    'ocr.settings_saved': 'The text recognition setting has been saved.',
    'ocr.backfill_queued': 'The scans not read yet will be read.',
    'ocr.off': 'Text recognition is turned off.',
    'ocr.unavailable': 'Text recognition is not available on this installation.',
    'validation.file_text_too_long': 'The text is too long.',
  },
  fr: {
    'ocr.corrected': 'Le texte du document numérisé a été enregistré.',
    'ocr.read_queued': 'Le document numérisé va être relu.',
    'ocr.settings_saved': 'Le réglage de la reconnaissance de texte a été enregistré.',
    'ocr.backfill_queued': 'Les documents numérisés pas encore lus vont être lus.',
    'ocr.off': 'La reconnaissance de texte est désactivée.',
    'ocr.unavailable': 'La reconnaissance de texte n’est pas disponible sur cette installation.',
    'validation.file_text_too_long': 'Le texte est trop long.',
  },
  it: {
    'ocr.corrected': 'Il testo della scansione è stato salvato.',
    'ocr.read_queued': 'La scansione verrà riletta.',
    'ocr.settings_saved': 'L’impostazione del riconoscimento del testo è stata salvata.',
    'ocr.backfill_queued': 'Le scansioni non ancora lette verranno lette.',
    'ocr.off': 'Il riconoscimento del testo è disattivato.',
    'ocr.unavailable': 'Il riconoscimento del testo non è disponibile su questa installazione.',
    'validation.file_text_too_long': 'Il testo è troppo lungo.',
  },
  de: {
    'ocr.corrected': 'Der Text des Scans wurde gespeichert.',
    'ocr.read_queued': 'Der Scan wird erneut gelesen.',
    'ocr.settings_saved': 'Die Einstellung der Texterkennung wurde gespeichert.',
    'ocr.backfill_queued': 'Die noch nicht gelesenen Scans werden gelesen.',
    'ocr.off': 'Die Texterkennung ist ausgeschaltet.',
    'ocr.unavailable': 'Die Texterkennung ist auf dieser Installation nicht verfügbar.',
    'validation.file_text_too_long': 'Der Text ist zu lang.',
  },
} as const;
