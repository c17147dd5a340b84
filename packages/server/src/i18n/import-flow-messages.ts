/** The import flow's messages (a preview waiting for its start, chunked uploads), merged in messages.ts. */
export const importFlowMessages = {
  en: {
    'imports.near_duplicate_missing': 'This import has no such near-duplicate.',
    'imports.near_duplicate_decided': 'This near-duplicate has been reviewed already.',
    'imports.not_done':
      'This import is not done (still running, or undone): its near-duplicates cannot be reviewed.',
    'imports.both_kept': 'Both pictures kept.',
    'imports.new_trashed': 'The new picture is in the trash.',
    'imports.not_restored':
      'This import was under way when the backup was made; its source is not in the backup. Import it again.',
    'imports.not_ready': 'This import is not waiting for its start (still being read, or started).',
    'imports.preview_expired':
      'This import waited more than a day for its start: its upload was removed. Nothing was imported.',
    'imports.unknown_participant': 'This participant does not exist (any more).',
    'imports.bad_time_zone': 'This is not a time zone (such as Europe/Paris).',
    'imports.upload_missing': 'This upload is not there (finished, expired or someone else’s).',
    'imports.upload_incomplete': 'This upload has not received all its bytes yet.',
    'imports.upload_offset': 'This upload has {offset} bytes: send the rest from there.',
    'imports.upload_protocol': 'Send this upload with the tus 1.0.0 protocol.',
    'imports.upload_too_large': 'This upload is larger than {max}.',
  },
  fr: {
    'imports.near_duplicate_missing': 'Cet import n’a pas ce quasi-doublon.',
    'imports.near_duplicate_decided': 'Ce quasi-doublon a déjà été examiné.',
    'imports.not_done':
      'Cet import n’est pas terminé (encore en cours, ou annulé) : ses quasi-doublons ne peuvent pas être examinés.',
    'imports.both_kept': 'Les deux images sont conservées.',
    'imports.new_trashed': 'La nouvelle image est dans la corbeille.',
    'imports.not_restored':
      'Cet import était en cours quand la sauvegarde a été faite ; sa source n’est pas dans la sauvegarde. Importez-la à nouveau.',
    'imports.not_ready':
      'Cet import n’attend pas son lancement (sa lecture n’est pas finie, ou il est lancé).',
    'imports.preview_expired':
      'Cet import a attendu son lancement plus d’un jour : son envoi a été supprimé. Rien n’a été importé.',
    'imports.unknown_participant': 'Ce participant n’existe pas (ou plus).',
    'imports.bad_time_zone': 'Ce n’est pas un fuseau horaire (comme Europe/Paris).',
    'imports.upload_missing':
      'Cet envoi n’existe pas (terminé, expiré ou appartenant à quelqu’un d’autre).',
    'imports.upload_incomplete': 'Cet envoi n’a pas encore reçu tous ses octets.',
    'imports.upload_offset': 'Cet envoi a {offset} octets : envoyez la suite à partir de là.',
    'imports.upload_protocol': 'Envoyez ce fichier avec le protocole tus 1.0.0.',
    'imports.upload_too_large': 'Cet envoi dépasse {max}.',
  },
  it: {
    'imports.near_duplicate_missing': 'Questa importazione non ha questo quasi-duplicato.',
    'imports.near_duplicate_decided': 'Questo quasi-duplicato è già stato esaminato.',
    'imports.not_done':
      'Questa importazione non è terminata (ancora in corso, o annullata): i suoi quasi-duplicati non possono essere esaminati.',
    'imports.both_kept': 'Entrambe le immagini sono conservate.',
    'imports.new_trashed': 'La nuova immagine è nel cestino.',
    'imports.not_restored':
      'Questa importazione era in corso quando è stato fatto il backup; la sua sorgente non è nel backup. Importala di nuovo.',
    'imports.not_ready':
      'Questa importazione non attende il suo avvio (la lettura non è finita, o è già avviata).',
    'imports.preview_expired':
      'Questa importazione ha atteso il suo avvio più di un giorno: il suo caricamento è stato rimosso. Non è stato importato nulla.',
    'imports.unknown_participant': 'Questo partecipante non esiste (più).',
    'imports.bad_time_zone': 'Questo non è un fuso orario (come Europe/Paris).',
    'imports.upload_missing':
      'Questo caricamento non esiste (terminato, scaduto o di qualcun altro).',
    'imports.upload_incomplete': 'Questo caricamento non ha ancora ricevuto tutti i suoi byte.',
    'imports.upload_offset': 'Questo caricamento ha {offset} byte: invia il resto da lì.',
    'imports.upload_protocol': 'Invia questo file con il protocollo tus 1.0.0.',
    'imports.upload_too_large': 'Questo caricamento supera {max}.',
  },
  de: {
    'imports.near_duplicate_missing': 'Dieser Import hat kein solches Beinahe-Duplikat.',
    'imports.near_duplicate_decided': 'Dieses Beinahe-Duplikat wurde bereits geprüft.',
    'imports.not_done':
      'Dieser Import ist nicht abgeschlossen (läuft noch oder wurde rückgängig gemacht): seine Beinahe-Duplikate können nicht geprüft werden.',
    'imports.both_kept': 'Beide Bilder bleiben erhalten.',
    'imports.new_trashed': 'Das neue Bild ist im Papierkorb.',
    'imports.not_restored':
      'Dieser Import lief noch, als die Sicherung erstellt wurde; seine Quelle ist nicht in der Sicherung. Importieren Sie sie erneut.',
    'imports.not_ready':
      'Dieser Import wartet nicht auf seinen Start (er wird noch gelesen oder ist schon gestartet).',
    'imports.preview_expired':
      'Dieser Import hat länger als einen Tag auf seinen Start gewartet: sein Upload wurde entfernt. Nichts wurde importiert.',
    'imports.unknown_participant': 'Diese Person gibt es nicht (mehr).',
    'imports.bad_time_zone': 'Das ist keine Zeitzone (wie Europe/Paris).',
    'imports.upload_missing':
      'Diesen Upload gibt es nicht (abgeschlossen, abgelaufen oder von jemand anderem).',
    'imports.upload_incomplete': 'Dieser Upload hat noch nicht alle seine Bytes erhalten.',
    'imports.upload_offset': 'Dieser Upload hat {offset} Bytes: senden Sie den Rest ab dort.',
    'imports.upload_protocol': 'Senden Sie diese Datei mit dem Protokoll tus 1.0.0.',
    'imports.upload_too_large': 'Dieser Upload ist größer als {max}.',
  },
} as const;
