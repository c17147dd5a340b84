/** The backup routes' messages (modules/backups), merged in messages.ts. */
export const backupMessages = {
  en: {
    'backups.queued': 'The backup has started.',
    'backups.deleted': 'The backup has been deleted.',
    'backups.verified': 'The backup is intact: every checksum matches.',
    'backups.schedule_saved': 'The backup schedule has been saved.',
    'backups.restored':
      'The backup has been restored. Log in again with an account of the restored archive.',
    'backups.not_ready': 'This backup is not written yet (or it failed).',
    'backups.running': 'This backup is still being written.',
    'backups.file_gone': 'The file of this backup is no longer there.',
    'backups.no_file': 'Choose a backup file to restore.',
    'backups.not_backup': 'This file is not a Kinfolio backup.',
    'backups.damaged': 'This backup is damaged: a checksum does not match. Nothing was restored.',
    'backups.truncated': 'This backup is incomplete (cut short). Nothing was restored.',
    'backups.newer_format':
      'This backup was made by a newer version of Kinfolio. Update Kinfolio, then restore it.',
    'backups.newer_schema':
      'This backup was made by a newer version of Kinfolio. Update Kinfolio, then restore it.',
    'backups.schema_mismatch':
      'This backup does not fit this version of Kinfolio. Nothing was restored.',
    'backups.unsafe_entry':
      'This backup holds an entry Kinfolio never writes (a link, or a path leaving its folder). Nothing was restored.',
    'backups.not_empty':
      'The archive is not empty: a backup can only be restored into an empty archive.',
  },
  fr: {
    'backups.queued': 'La sauvegarde a commencé.',
    'backups.deleted': 'La sauvegarde a été supprimée.',
    'backups.verified': 'La sauvegarde est intacte : toutes les sommes de contrôle concordent.',
    'backups.schedule_saved': 'La planification des sauvegardes a été enregistrée.',
    'backups.restored':
      'La sauvegarde a été restaurée. Reconnectez-vous avec un compte de l’archive restaurée.',
    'backups.not_ready': 'Cette sauvegarde n’est pas encore écrite (ou elle a échoué).',
    'backups.running': 'Cette sauvegarde est encore en cours d’écriture.',
    'backups.file_gone': 'Le fichier de cette sauvegarde n’existe plus.',
    'backups.no_file': 'Choisissez un fichier de sauvegarde à restaurer.',
    'backups.not_backup': 'Ce fichier n’est pas une sauvegarde Kinfolio.',
    'backups.damaged':
      'Cette sauvegarde est endommagée : une somme de contrôle ne concorde pas. Rien n’a été restauré.',
    'backups.truncated': 'Cette sauvegarde est incomplète (tronquée). Rien n’a été restauré.',
    'backups.newer_format':
      'Cette sauvegarde vient d’une version plus récente de Kinfolio. Mettez Kinfolio à jour, puis restaurez-la.',
    'backups.newer_schema':
      'Cette sauvegarde vient d’une version plus récente de Kinfolio. Mettez Kinfolio à jour, puis restaurez-la.',
    'backups.schema_mismatch':
      'Cette sauvegarde ne correspond pas à cette version de Kinfolio. Rien n’a été restauré.',
    'backups.unsafe_entry':
      'Cette sauvegarde contient une entrée que Kinfolio n’écrit jamais (un lien, ou un chemin qui sort de son dossier). Rien n’a été restauré.',
    'backups.not_empty':
      'L’archive n’est pas vide : une sauvegarde ne peut être restaurée que dans une archive vide.',
  },
  it: {
    'backups.queued': 'Il backup è iniziato.',
    'backups.deleted': 'Il backup è stato eliminato.',
    'backups.verified': 'Il backup è integro: tutti i checksum corrispondono.',
    'backups.schedule_saved': 'La pianificazione dei backup è stata salvata.',
    'backups.restored':
      "Il backup è stato ripristinato. Accedi di nuovo con un account dell'archivio ripristinato.",
    'backups.not_ready': 'Questo backup non è ancora scritto (o non è riuscito).',
    'backups.running': 'Questo backup è ancora in scrittura.',
    'backups.file_gone': 'Il file di questo backup non esiste più.',
    'backups.no_file': 'Scegli un file di backup da ripristinare.',
    'backups.not_backup': 'Questo file non è un backup di Kinfolio.',
    'backups.damaged':
      'Questo backup è danneggiato: un checksum non corrisponde. Non è stato ripristinato nulla.',
    'backups.truncated': 'Questo backup è incompleto (troncato). Non è stato ripristinato nulla.',
    'backups.newer_format':
      'Questo backup è stato creato da una versione più recente di Kinfolio. Aggiorna Kinfolio, poi ripristinalo.',
    'backups.newer_schema':
      'Questo backup è stato creato da una versione più recente di Kinfolio. Aggiorna Kinfolio, poi ripristinalo.',
    'backups.schema_mismatch':
      'Questo backup non è adatto a questa versione di Kinfolio. Non è stato ripristinato nulla.',
    'backups.unsafe_entry':
      'Questo backup contiene una voce che Kinfolio non scrive mai (un collegamento, o un percorso che esce dalla sua cartella). Non è stato ripristinato nulla.',
    'backups.not_empty':
      "L'archivio non è vuoto: un backup si può ripristinare solo in un archivio vuoto.",
  },
  de: {
    'backups.queued': 'Die Sicherung wurde gestartet.',
    'backups.deleted': 'Die Sicherung wurde gelöscht.',
    'backups.verified': 'Die Sicherung ist unversehrt: Alle Prüfsummen stimmen.',
    'backups.schedule_saved': 'Der Sicherungsplan wurde gespeichert.',
    'backups.restored':
      'Die Sicherung wurde wiederhergestellt. Melden Sie sich mit einem Konto des wiederhergestellten Archivs erneut an.',
    'backups.not_ready':
      'Diese Sicherung ist noch nicht geschrieben (oder sie ist fehlgeschlagen).',
    'backups.running': 'Diese Sicherung wird noch geschrieben.',
    'backups.file_gone': 'Die Datei dieser Sicherung ist nicht mehr vorhanden.',
    'backups.no_file': 'Wählen Sie eine Sicherungsdatei zum Wiederherstellen.',
    'backups.not_backup': 'Diese Datei ist keine Kinfolio-Sicherung.',
    'backups.damaged':
      'Diese Sicherung ist beschädigt: Eine Prüfsumme stimmt nicht. Es wurde nichts wiederhergestellt.',
    'backups.truncated':
      'Diese Sicherung ist unvollständig (abgeschnitten). Es wurde nichts wiederhergestellt.',
    'backups.newer_format':
      'Diese Sicherung stammt von einer neueren Kinfolio-Version. Aktualisieren Sie Kinfolio und stellen Sie sie dann wieder her.',
    'backups.newer_schema':
      'Diese Sicherung stammt von einer neueren Kinfolio-Version. Aktualisieren Sie Kinfolio und stellen Sie sie dann wieder her.',
    'backups.schema_mismatch':
      'Diese Sicherung passt nicht zu dieser Kinfolio-Version. Es wurde nichts wiederhergestellt.',
    'backups.unsafe_entry':
      'Diese Sicherung enthält einen Eintrag, den Kinfolio nie schreibt (eine Verknüpfung oder einen Pfad außerhalb seines Ordners). Es wurde nichts wiederhergestellt.',
    'backups.not_empty':
      'Das Archiv ist nicht leer: Eine Sicherung kann nur in ein leeres Archiv wiederhergestellt werden.',
  },
} as const;
