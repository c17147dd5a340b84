/** The files module's messages, merged into the catalogues of messages.ts. */
export const fileMessages = {
  en: {
    'storage.bytes_missing':
      'The stored bytes of this file are missing: an administrator can restore them from a backup.',
    'files.restored': 'The file is back in «{title}».',
    'files.restored_to_new_media':
      'Its item or record is gone: the file is back in a new media item, «{title}».',
    'files.purged': 'The file has been deleted for good.',
    'files.purged_all': '{count} files have been deleted for good.',
    'files.retention_saved': 'The retention periods have been saved.',
    'files.attached': 'The files have been attached.',
    'files.deleted': 'The file has been deleted.',
    'files.reverted': 'The upload has been removed.',
    'files.missing': 'Choose a file to upload.',
    'files.too_large': 'This file is too large: at most {max}.',
    'files.type_refused':
      'This type of file is not accepted: send photos, audio, video, PDF or plain text.',
    'files.unknown_upload':
      'Some of these uploads are unknown, have expired or are already attached: upload them again.',
    'files.item_missing': 'The item or record to attach the files to does not exist.',
    'validation.model_type': 'Choose an item type of the archive, or record.',
  },
  fr: {
    'storage.bytes_missing':
      'Les données enregistrées de ce fichier sont introuvables : un administrateur peut les restaurer depuis une sauvegarde.',
    'files.restored': 'Le fichier est de retour dans « {title} ».',
    'files.restored_to_new_media':
      "Son élément ou son enregistrement n'existe plus : le fichier est de retour dans un nouveau média, « {title} ».",
    'files.purged': 'Le fichier a été supprimé définitivement.',
    'files.purged_all': '{count} fichiers ont été supprimés définitivement.',
    'files.retention_saved': 'Les durées de conservation ont été enregistrées.',
    'files.attached': 'Les fichiers ont été joints.',
    'files.deleted': 'Le fichier a été supprimé.',
    'files.reverted': "L'envoi a été retiré.",
    'files.missing': 'Choisissez un fichier à envoyer.',
    'files.too_large': 'Ce fichier est trop volumineux : {max} au maximum.',
    'files.type_refused':
      "Ce type de fichier n'est pas accepté : envoyez des photos, de l'audio, de la vidéo, du PDF ou du texte brut.",
    'files.unknown_upload':
      'Certains de ces envois sont inconnus, ont expiré ou sont déjà joints : envoyez-les à nouveau.',
    'files.item_missing': "L'élément ou l'enregistrement auquel joindre les fichiers n'existe pas.",
    'validation.model_type': 'Choisissez un type d’élément de l’archive, ou record.',
  },
  it: {
    'storage.bytes_missing':
      'I dati salvati di questo file non si trovano: un amministratore può ripristinarli da un backup.',
    'files.restored': 'Il file è di nuovo in «{title}».',
    'files.restored_to_new_media':
      'Il suo elemento o registrazione non esiste più: il file è di nuovo in un nuovo media, «{title}».',
    'files.purged': 'Il file è stato eliminato definitivamente.',
    'files.purged_all': '{count} file sono stati eliminati definitivamente.',
    'files.retention_saved': 'I periodi di conservazione sono stati salvati.',
    'files.attached': 'I file sono stati allegati.',
    'files.deleted': 'Il file è stato eliminato.',
    'files.reverted': 'Il caricamento è stato rimosso.',
    'files.missing': 'Scegli un file da caricare.',
    'files.too_large': 'Questo file è troppo grande: al massimo {max}.',
    'files.type_refused':
      'Questo tipo di file non è accettato: invia foto, audio, video, PDF o testo semplice.',
    'files.unknown_upload':
      'Alcuni di questi caricamenti sono sconosciuti, scaduti o già allegati: caricali di nuovo.',
    'files.item_missing': "L'elemento o la registrazione a cui allegare i file non esiste.",
    'validation.model_type': 'Scegli un tipo di elemento dell’archivio, o record.',
  },
  de: {
    'storage.bytes_missing':
      'Die gespeicherten Daten dieser Datei fehlen: ein Administrator kann sie aus einer Sicherung wiederherstellen.',
    'files.restored': 'Die Datei ist wieder in „{title}“.',
    'files.restored_to_new_media':
      'Ihr Eintrag oder ihre Aufnahme existiert nicht mehr: Die Datei ist wieder da, in einem neuen Medium „{title}“.',
    'files.purged': 'Die Datei wurde endgültig gelöscht.',
    'files.purged_all': '{count} Dateien wurden endgültig gelöscht.',
    'files.retention_saved': 'Die Aufbewahrungsfristen wurden gespeichert.',
    'files.attached': 'Die Dateien wurden angehängt.',
    'files.deleted': 'Die Datei wurde gelöscht.',
    'files.reverted': 'Der Upload wurde entfernt.',
    'files.missing': 'Wählen Sie eine Datei zum Hochladen.',
    'files.too_large': 'Diese Datei ist zu groß: höchstens {max}.',
    'files.type_refused':
      'Dieser Dateityp wird nicht angenommen: Senden Sie Fotos, Audio, Video, PDF oder reinen Text.',
    'files.unknown_upload':
      'Einige dieser Uploads sind unbekannt, abgelaufen oder bereits angehängt: Laden Sie sie erneut hoch.',
    'files.item_missing':
      'Der Eintrag oder die Aufnahme, an den die Dateien angehängt werden sollen, existiert nicht.',
    'validation.model_type': 'Wählen Sie einen Elementtyp des Archivs oder record.',
  },
} as const;
