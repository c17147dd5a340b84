/** The messages of records' segments (modules/records/segments), merged in messages.ts. */
export const recordSegmentMessages = {
  en: {
    'record_segments.created': 'The segment has been added.',
    'record_segments.split': 'The segment has been split in two.',
    'record_segments.updated': 'The segment has been saved.',
    'record_segments.merged': 'The two segments have been merged.',
    'record_segments.deleted': 'The segment has been deleted.',
    'record_segments.detect_queued': 'Looking for the silences of the recording…',
    'record_segments.from_time_codes': 'Segments made from the time codes: {count}.',
    'record_segments.time_code': 'Give a time as hh:mm:ss, mm:ss, or in seconds.',
    'record_segments.lengths': 'The longest segment must be at least twice the shortest.',
    'record_segments.end_before_start': 'A segment must end after it starts.',
    'record_segments.overlap': 'This segment would overlap another one.',
    'record_segments.duplicate_start': 'A segment already starts at this time.',
    'record_segments.not_neighbour': 'Only two neighbouring segments of a record can be merged.',
    'record_segments.too_many': 'A record holds at most 2,000 segments.',
    'record_segments.participant_missing': 'Some of these people do not exist.',
    'record_segments.no_parts': 'This record has no audio part to look for silences in.',
    'record_segments.record_trashed': 'Restore the record from the trash to change its segments.',
  },
  fr: {
    'record_segments.created': 'Le segment a été ajouté.',
    'record_segments.split': 'Le segment a été coupé en deux.',
    'record_segments.updated': 'Le segment a été enregistré.',
    'record_segments.merged': 'Les deux segments ont été fusionnés.',
    'record_segments.deleted': 'Le segment a été supprimé.',
    'record_segments.detect_queued': "Recherche des silences de l'enregistrement…",
    'record_segments.from_time_codes': 'Segments créés à partir des codes temporels : {count}.',
    'record_segments.time_code': 'Indiquez un temps en hh:mm:ss, mm:ss ou en secondes.',
    'record_segments.lengths':
      'Le segment le plus long doit faire au moins deux fois le plus court.',
    'record_segments.end_before_start': 'Un segment doit finir après son début.',
    'record_segments.overlap': 'Ce segment chevaucherait un autre segment.',
    'record_segments.duplicate_start': 'Un segment commence déjà à ce moment.',
    'record_segments.not_neighbour':
      "Seuls deux segments voisins d'un même enregistrement peuvent être fusionnés.",
    'record_segments.too_many': 'Un enregistrement compte au plus 2 000 segments.',
    'record_segments.participant_missing': "Certaines de ces personnes n'existent pas.",
    'record_segments.no_parts':
      "Cet enregistrement n'a aucune partie audio dans laquelle chercher des silences.",
    'record_segments.record_trashed':
      "Restaurez l'enregistrement depuis la corbeille pour modifier ses segments.",
  },
  it: {
    'record_segments.created': 'Il segmento è stato aggiunto.',
    'record_segments.split': 'Il segmento è stato diviso in due.',
    'record_segments.updated': 'Il segmento è stato salvato.',
    'record_segments.merged': 'I due segmenti sono stati uniti.',
    'record_segments.deleted': 'Il segmento è stato eliminato.',
    'record_segments.detect_queued': 'Ricerca dei silenzi della registrazione…',
    'record_segments.from_time_codes': 'Segmenti creati dai codici temporali: {count}.',
    'record_segments.time_code': 'Indica un tempo come hh:mm:ss, mm:ss o in secondi.',
    'record_segments.lengths': 'Il segmento più lungo deve durare almeno il doppio del più corto.',
    'record_segments.end_before_start': "Un segmento deve finire dopo l'inizio.",
    'record_segments.overlap': 'Questo segmento si sovrapporrebbe a un altro.',
    'record_segments.duplicate_start': 'Un segmento inizia già in questo momento.',
    'record_segments.not_neighbour':
      'Si possono unire solo due segmenti vicini della stessa registrazione.',
    'record_segments.too_many': 'Una registrazione contiene al massimo 2.000 segmenti.',
    'record_segments.participant_missing': 'Alcune di queste persone non esistono.',
    'record_segments.no_parts': 'Questa registrazione non ha parti audio in cui cercare silenzi.',
    'record_segments.record_trashed':
      'Ripristina la registrazione dal cestino per modificarne i segmenti.',
  },
  de: {
    'record_segments.created': 'Der Abschnitt wurde hinzugefügt.',
    'record_segments.split': 'Der Abschnitt wurde in zwei geteilt.',
    'record_segments.updated': 'Der Abschnitt wurde gespeichert.',
    'record_segments.merged': 'Die beiden Abschnitte wurden zusammengeführt.',
    'record_segments.deleted': 'Der Abschnitt wurde gelöscht.',
    'record_segments.detect_queued': 'Die Pausen der Aufnahme werden gesucht …',
    'record_segments.from_time_codes': 'Aus den Zeitmarken erstellte Abschnitte: {count}.',
    'record_segments.time_code': 'Geben Sie eine Zeit als hh:mm:ss, mm:ss oder in Sekunden an.',
    'record_segments.lengths':
      'Der längste Abschnitt muss mindestens doppelt so lang sein wie der kürzeste.',
    'record_segments.end_before_start': 'Ein Abschnitt muss nach seinem Beginn enden.',
    'record_segments.overlap': 'Dieser Abschnitt würde sich mit einem anderen überschneiden.',
    'record_segments.duplicate_start': 'Zu dieser Zeit beginnt bereits ein Abschnitt.',
    'record_segments.not_neighbour':
      'Nur zwei benachbarte Abschnitte derselben Aufnahme können zusammengeführt werden.',
    'record_segments.too_many': 'Eine Aufnahme hat höchstens 2.000 Abschnitte.',
    'record_segments.participant_missing': 'Einige dieser Personen existieren nicht.',
    'record_segments.no_parts':
      'Diese Aufnahme hat keinen Audioteil, in dem Pausen zu suchen wären.',
    'record_segments.record_trashed':
      'Stellen Sie die Aufnahme aus dem Papierkorb wieder her, um ihre Abschnitte zu ändern.',
  },
} as const;
