/** The items module's messages, merged into the catalogues of messages.ts. */
export const itemMessages = {
  en: {
    'items.created': 'The item has been created.',
    'items.updated': 'The item has been saved; the previous version is kept in its history.',
    'items.unchanged': 'Nothing has changed.',
    'items.separated': 'The translation is now an original of its own.',
    'items.trashed': 'The item has been moved to the trash.',
    'items.restored': 'The item has been restored.',
    'items.hard_deleted': 'The item has been deleted for good.',
    'items.participant_missing': 'Some of these participants do not exist.',
    'items.tag_missing': 'Some of these tags do not exist.',
    'items.category_missing': 'Some of these categories do not exist.',
    'items.parent_missing': 'The original to translate does not exist or is in the trash.',
    'items.parent_not_original': 'A translation cannot be translated: translate its original.',
    'items.translation_exists': 'There is already a version in this language.',
    'items.translation_same_language': "A translation cannot be in its original's language.",
    'items.not_translation': 'This item is not a translation.',
    'items.not_in_trash': 'Only an item in the trash can be deleted for good.',
  },
  fr: {
    'items.created': "L'élément a été créé.",
    'items.updated':
      "L'élément a été enregistré ; la version précédente est conservée dans son historique.",
    'items.unchanged': "Rien n'a changé.",
    'items.separated': 'La traduction est désormais un original à part entière.',
    'items.trashed': "L'élément a été placé dans la corbeille.",
    'items.restored': "L'élément a été restauré.",
    'items.hard_deleted': "L'élément a été supprimé définitivement.",
    'items.participant_missing': "Certains de ces participants n'existent pas.",
    'items.tag_missing': "Certaines de ces étiquettes n'existent pas.",
    'items.category_missing': "Certaines de ces catégories n'existent pas.",
    'items.parent_missing': "L'original à traduire n'existe pas ou est dans la corbeille.",
    'items.parent_not_original':
      'Une traduction ne peut pas être traduite : traduisez son original.',
    'items.translation_exists': 'Une version dans cette langue existe déjà.',
    'items.translation_same_language':
      "Une traduction ne peut pas être dans la langue de l'original.",
    'items.not_translation': "Cet élément n'est pas une traduction.",
    'items.not_in_trash': 'Seul un élément de la corbeille peut être supprimé définitivement.',
  },
  it: {
    'items.created': "L'elemento è stato creato.",
    'items.updated':
      "L'elemento è stato salvato; la versione precedente è conservata nella sua cronologia.",
    'items.unchanged': 'Non è cambiato nulla.',
    'items.separated': 'La traduzione è ora un originale a sé stante.',
    'items.trashed': "L'elemento è stato spostato nel cestino.",
    'items.restored': "L'elemento è stato ripristinato.",
    'items.hard_deleted': "L'elemento è stato eliminato definitivamente.",
    'items.participant_missing': 'Alcuni di questi partecipanti non esistono.',
    'items.tag_missing': 'Alcune di queste etichette non esistono.',
    'items.category_missing': 'Alcune di queste categorie non esistono.',
    'items.parent_missing': "L'originale da tradurre non esiste o è nel cestino.",
    'items.parent_not_original':
      'Una traduzione non può essere tradotta: traduci il suo originale.',
    'items.translation_exists': 'Esiste già una versione in questa lingua.',
    'items.translation_same_language': "Una traduzione non può essere nella lingua dell'originale.",
    'items.not_translation': 'Questo elemento non è una traduzione.',
    'items.not_in_trash': 'Solo un elemento nel cestino può essere eliminato definitivamente.',
  },
  de: {
    'items.created': 'Der Eintrag wurde erstellt.',
    'items.updated':
      'Der Eintrag wurde gespeichert; die vorherige Version bleibt in seinem Verlauf erhalten.',
    'items.unchanged': 'Es hat sich nichts geändert.',
    'items.separated': 'Die Übersetzung ist jetzt ein eigenständiges Original.',
    'items.trashed': 'Der Eintrag wurde in den Papierkorb verschoben.',
    'items.restored': 'Der Eintrag wurde wiederhergestellt.',
    'items.hard_deleted': 'Der Eintrag wurde endgültig gelöscht.',
    'items.participant_missing': 'Einige dieser Beteiligten gibt es nicht.',
    'items.tag_missing': 'Einige dieser Schlagwörter gibt es nicht.',
    'items.category_missing': 'Einige dieser Kategorien gibt es nicht.',
    'items.parent_missing':
      'Das zu übersetzende Original gibt es nicht oder es liegt im Papierkorb.',
    'items.parent_not_original':
      'Eine Übersetzung kann nicht übersetzt werden: Übersetzen Sie ihr Original.',
    'items.translation_exists': 'Es gibt bereits eine Version in dieser Sprache.',
    'items.translation_same_language':
      'Eine Übersetzung kann nicht in der Sprache des Originals sein.',
    'items.not_translation': 'Dieser Eintrag ist keine Übersetzung.',
    'items.not_in_trash': 'Nur ein Eintrag im Papierkorb kann endgültig gelöscht werden.',
  },
} as const;
