/** The records module's messages (and the files' about audio parts), merged in messages.ts. */
export const recordMessages = {
  en: {
    'records.blank': 'Give the record a title, a number, a summary or a transcription.',
    'records.created': 'The record has been created.',
    'records.updated': 'The record has been saved; the previous version is kept in its history.',
    'records.unchanged': 'Nothing has changed.',
    'records.trashed': 'The record has been moved to the trash.',
    'records.restored': 'The record has been restored.',
    'records.hard_deleted': 'The record and its audio files have been deleted for good.',
    'records.participant_missing': 'Some of these people do not exist.',
    'records.not_in_trash': 'Only a record in the trash can be deleted for good.',
    'records.files_ordered': 'The audio parts have been put in order.',
    'records.files_mismatch': "List each of the record's audio parts once, and only them.",
    'records.mp3_queued': 'The MP3 is being generated.',
    'records.mp3_ready': 'The MP3 is ready.',
    // Word for word the English message clients of the records API already know.
    'records.mp3_generating': 'record is currently generated, please retry',
    'records.mp3_missing':
      'The MP3 has not been generated yet, or the record has changed since: generate it.',
    'records.mp3_no_parts': 'This record has no audio part to make an MP3 of.',
    'records.bulk_unknown': 'Some of the selected records do not exist.',
    'records.bulk_changed': 'Records changed: {count}.',
    'records.bulk_trashed': 'Records moved to the trash: {count}.',
    'records.bulk_restored': 'Records restored: {count}.',
    'records.bulk_hard_deleted': 'Records and their audio files deleted for good: {count}.',
    'records.bulk_reverted': 'Records put back as they were: {count}.',
    'files.too_many_parts': 'A record holds at most {max} audio parts.',
  },
  fr: {
    'records.blank':
      "Donnez à l'enregistrement un titre, un numéro, un résumé ou une transcription.",
    'records.created': "L'enregistrement a été créé.",
    'records.updated':
      "L'enregistrement a été sauvegardé ; la version précédente est conservée dans son historique.",
    'records.unchanged': "Rien n'a changé.",
    'records.trashed': "L'enregistrement a été placé dans la corbeille.",
    'records.restored': "L'enregistrement a été restauré.",
    'records.hard_deleted':
      "L'enregistrement et ses fichiers audio ont été supprimés définitivement.",
    'records.participant_missing': "Certaines de ces personnes n'existent pas.",
    'records.not_in_trash':
      'Seul un enregistrement placé dans la corbeille peut être supprimé définitivement.',
    'records.files_ordered': 'Les parties audio ont été remises en ordre.',
    'records.files_mismatch':
      "Indiquez chacune des parties audio de l'enregistrement une fois, et seulement elles.",
    'records.mp3_queued': 'Le MP3 est en cours de génération.',
    'records.mp3_ready': 'Le MP3 est prêt.',
    'records.mp3_generating': "l'enregistrement est en cours de génération, veuillez réessayer",
    'records.mp3_missing':
      "Le MP3 n'a pas encore été généré, ou l'enregistrement a changé depuis : générez-le.",
    'records.mp3_no_parts': "Cet enregistrement n'a aucune partie audio dont faire un MP3.",
    'records.bulk_unknown': "Certains des enregistrements sélectionnés n'existent pas.",
    'records.bulk_changed': 'Enregistrements modifiés : {count}.',
    'records.bulk_trashed': 'Enregistrements placés dans la corbeille : {count}.',
    'records.bulk_restored': 'Enregistrements restaurés : {count}.',
    'records.bulk_hard_deleted':
      'Enregistrements et leurs fichiers audio supprimés définitivement : {count}.',
    'records.bulk_reverted': 'Enregistrements remis dans leur état précédent : {count}.',
    'files.too_many_parts': 'Un enregistrement compte au plus {max} parties audio.',
  },
  it: {
    'records.blank':
      'Dai alla registrazione un titolo, un numero, un riassunto o una trascrizione.',
    'records.created': 'La registrazione è stata creata.',
    'records.updated':
      'La registrazione è stata salvata; la versione precedente è conservata nella sua cronologia.',
    'records.unchanged': 'Non è cambiato nulla.',
    'records.trashed': 'La registrazione è stata spostata nel cestino.',
    'records.restored': 'La registrazione è stata ripristinata.',
    'records.hard_deleted':
      'La registrazione e i suoi file audio sono stati eliminati definitivamente.',
    'records.participant_missing': 'Alcune di queste persone non esistono.',
    'records.not_in_trash':
      'Solo una registrazione nel cestino può essere eliminata definitivamente.',
    'records.files_ordered': 'Le parti audio sono state riordinate.',
    'records.files_mismatch':
      'Indica ciascuna delle parti audio della registrazione una volta, e solo quelle.',
    'records.mp3_queued': "L'MP3 è in corso di generazione.",
    'records.mp3_ready': "L'MP3 è pronto.",
    'records.mp3_generating': 'la registrazione è in corso di generazione, riprova',
    'records.mp3_missing':
      "L'MP3 non è ancora stato generato, o la registrazione è cambiata da allora: generalo.",
    'records.mp3_no_parts': 'Questa registrazione non ha parti audio da cui ricavare un MP3.',
    'records.bulk_unknown': 'Alcune delle registrazioni selezionate non esistono.',
    'records.bulk_changed': 'Registrazioni modificate: {count}.',
    'records.bulk_trashed': 'Registrazioni spostate nel cestino: {count}.',
    'records.bulk_restored': 'Registrazioni ripristinate: {count}.',
    'records.bulk_hard_deleted':
      'Registrazioni e relativi file audio eliminati definitivamente: {count}.',
    'records.bulk_reverted': 'Registrazioni riportate allo stato precedente: {count}.',
    'files.too_many_parts': 'Una registrazione contiene al massimo {max} parti audio.',
  },
  de: {
    'records.blank':
      'Geben Sie der Aufnahme einen Titel, eine Nummer, eine Zusammenfassung oder eine Transkription.',
    'records.created': 'Die Aufnahme wurde erstellt.',
    'records.updated':
      'Die Aufnahme wurde gespeichert; die vorherige Fassung bleibt in ihrem Verlauf erhalten.',
    'records.unchanged': 'Nichts hat sich geändert.',
    'records.trashed': 'Die Aufnahme wurde in den Papierkorb verschoben.',
    'records.restored': 'Die Aufnahme wurde wiederhergestellt.',
    'records.hard_deleted': 'Die Aufnahme und ihre Audiodateien wurden endgültig gelöscht.',
    'records.participant_missing': 'Einige dieser Personen existieren nicht.',
    'records.not_in_trash': 'Nur eine Aufnahme im Papierkorb kann endgültig gelöscht werden.',
    'records.files_ordered': 'Die Audioteile wurden neu geordnet.',
    'records.files_mismatch':
      'Nennen Sie jeden Audioteil der Aufnahme genau einmal, und nur diese.',
    'records.mp3_queued': 'Die MP3-Datei wird erstellt.',
    'records.mp3_ready': 'Die MP3-Datei ist fertig.',
    'records.mp3_generating': 'die Aufnahme wird gerade erstellt, bitte erneut versuchen',
    'records.mp3_missing':
      'Die MP3-Datei wurde noch nicht erstellt, oder die Aufnahme hat sich seitdem geändert: Erstellen Sie sie.',
    'records.mp3_no_parts':
      'Diese Aufnahme hat keinen Audioteil, aus dem eine MP3-Datei entstehen könnte.',
    'records.bulk_unknown': 'Einige der ausgewählten Aufnahmen existieren nicht.',
    'records.bulk_changed': 'Geänderte Aufnahmen: {count}.',
    'records.bulk_trashed': 'In den Papierkorb verschobene Aufnahmen: {count}.',
    'records.bulk_restored': 'Wiederhergestellte Aufnahmen: {count}.',
    'records.bulk_hard_deleted': 'Endgültig gelöschte Aufnahmen samt Audiodateien: {count}.',
    'records.bulk_reverted': 'Auf den vorherigen Stand zurückgesetzte Aufnahmen: {count}.',
    'files.too_many_parts': 'Eine Aufnahme umfasst höchstens {max} Audioteile.',
  },
} as const;
