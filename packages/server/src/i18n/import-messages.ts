/** The import routes' and jobs' messages (modules/imports), merged in messages.ts. */
export const importMessages = {
  en: {
    'imports.bad_time_zone': 'This time zone is unknown: {zone}. Nothing was imported.',
    'imports.whatsapp_order_guessed':
      'The chat’s dates do not tell the day from the month: day first or month first was guessed.',
    'imports.whatsapp_server_zone':
      'The chat’s times were read in the server’s time zone ({zone}).',
    'imports.queued': 'The import has started.',
    'imports.undone': 'Everything this import created has gone to the trash.',
    'imports.undone_kept_edits':
      'Everything this import created has gone to the trash. Items it added to and that were edited by hand since are left as they are: {count}.',
    'imports.no_file': 'Choose a file or a zip to import.',
    'imports.path_admin_only': 'Only an administrator can import from a path on the server.',
    'imports.path_missing': 'There is no file or folder at this path on the server.',
    'imports.running': 'This import is not finished yet.',
    'imports.already_undone': 'This import has been undone already.',
    'imports.not_recognised':
      'Nothing Kinfolio can import was found in this source (photos and videos are read by their content).',
    'imports.damaged': 'This archive is damaged or is not a zip. Nothing was imported.',
    'imports.bomb':
      'This archive unpacks to far more than it weighs, or than it says (a zip bomb). Nothing was imported.',
    'imports.too_large': 'This archive unpacks to more than {max}. Nothing was imported.',
    'imports.unsafe_entry':
      'This archive holds a link or a path leaving its folder ({name}). Nothing was imported.',
    'imports.lying_entry':
      'This archive holds a file whose content is not what its name says ({name}). Nothing was imported.',
    'imports.not_mbox':
      '“{name}” is called a mailbox but is not one (an mbox starts with a “From ” line). Nothing was imported.',
    'imports.mail_no_subject': '(no subject)',
    'imports.mail_in_reply_to': 'In reply to:',
    'imports.interrupted': 'The import stopped: {reason}',
    'imports.dated_by_file_time':
      'Dated by the file’s time: the picture does not say when it was taken.',
  },
  fr: {
    'imports.bad_time_zone': 'Ce fuseau horaire est inconnu : {zone}. Rien n’a été importé.',
    'imports.whatsapp_order_guessed':
      'Les dates de la discussion ne distinguent pas le jour du mois : l’ordre a été deviné.',
    'imports.whatsapp_server_zone':
      'Les heures de la discussion ont été lues dans le fuseau horaire du serveur ({zone}).',
    'imports.queued': 'L’import a commencé.',
    'imports.undone': 'Tout ce que cet import avait créé est passé à la corbeille.',
    'imports.undone_kept_edits':
      'Tout ce que cet import avait créé est passé à la corbeille. Les éléments qu’il avait complétés et qui ont été modifiés à la main depuis restent tels quels : {count}.',
    'imports.no_file': 'Choisissez un fichier ou un zip à importer.',
    'imports.path_admin_only':
      'Seul un administrateur peut importer depuis un chemin sur le serveur.',
    'imports.path_missing': 'Il n’y a ni fichier ni dossier à ce chemin sur le serveur.',
    'imports.running': 'Cet import n’est pas encore terminé.',
    'imports.already_undone': 'Cet import a déjà été annulé.',
    'imports.not_recognised':
      'Rien de ce que Kinfolio sait importer n’a été trouvé dans cette source (photos et vidéos sont reconnues à leur contenu).',
    'imports.damaged': 'Cette archive est endommagée ou n’est pas un zip. Rien n’a été importé.',
    'imports.bomb':
      'Cette archive se décompresse en bien plus que son poids, ou que ce qu’elle annonce (une bombe zip). Rien n’a été importé.',
    'imports.too_large': 'Cette archive se décompresse en plus de {max}. Rien n’a été importé.',
    'imports.unsafe_entry':
      'Cette archive contient un lien ou un chemin sortant de son dossier ({name}). Rien n’a été importé.',
    'imports.lying_entry':
      'Cette archive contient un fichier dont le contenu n’est pas ce que dit son nom ({name}). Rien n’a été importé.',
    'imports.not_mbox':
      '« {name} » porte le nom d’une boîte mail mais n’en est pas une (un mbox commence par une ligne « From »). Rien n’a été importé.',
    'imports.mail_no_subject': '(sans objet)',
    'imports.mail_in_reply_to': 'En réponse à :',
    'imports.interrupted': 'L’import s’est arrêté : {reason}',
    'imports.dated_by_file_time':
      'Daté par l’heure du fichier : l’image ne dit pas quand elle a été prise.',
  },
  it: {
    'imports.bad_time_zone':
      'Questo fuso orario è sconosciuto: {zone}. Non è stato importato nulla.',
    'imports.whatsapp_order_guessed':
      'Le date della chat non distinguono il giorno dal mese: l’ordine è stato indovinato.',
    'imports.whatsapp_server_zone':
      'Gli orari della chat sono stati letti nel fuso orario del server ({zone}).',
    'imports.queued': 'L’importazione è iniziata.',
    'imports.undone': 'Tutto ciò che questa importazione aveva creato è finito nel cestino.',
    'imports.undone_kept_edits':
      'Tutto ciò che questa importazione aveva creato è finito nel cestino. Gli elementi che aveva completato e che sono stati modificati a mano da allora restano come sono: {count}.',
    'imports.no_file': 'Scegli un file o uno zip da importare.',
    'imports.path_admin_only': 'Solo un amministratore può importare da un percorso sul server.',
    'imports.path_missing': 'Non c’è alcun file o cartella in questo percorso sul server.',
    'imports.running': 'Questa importazione non è ancora finita.',
    'imports.already_undone': 'Questa importazione è già stata annullata.',
    'imports.not_recognised':
      'In questa sorgente non c’è nulla che Kinfolio sappia importare (foto e video sono riconosciuti dal contenuto).',
    'imports.damaged':
      'Questo archivio è danneggiato o non è uno zip. Non è stato importato nulla.',
    'imports.bomb':
      'Questo archivio si decomprime in molto più di quanto pesa, o di quanto dichiara (una zip bomb). Non è stato importato nulla.',
    'imports.too_large':
      'Questo archivio si decomprime in più di {max}. Non è stato importato nulla.',
    'imports.unsafe_entry':
      'Questo archivio contiene un collegamento o un percorso che esce dalla sua cartella ({name}). Non è stato importato nulla.',
    'imports.lying_entry':
      'Questo archivio contiene un file il cui contenuto non corrisponde al nome ({name}). Non è stato importato nulla.',
    'imports.not_mbox':
      '“{name}” ha il nome di una casella di posta ma non lo è (un mbox inizia con una riga “From ”). Non è stato importato nulla.',
    'imports.mail_no_subject': '(senza oggetto)',
    'imports.mail_in_reply_to': 'In risposta a:',
    'imports.interrupted': 'L’importazione si è fermata: {reason}',
    'imports.dated_by_file_time':
      'Datata dall’ora del file: l’immagine non dice quando è stata scattata.',
  },
  de: {
    'imports.bad_time_zone': 'Diese Zeitzone ist unbekannt: {zone}. Es wurde nichts importiert.',
    'imports.whatsapp_order_guessed':
      'Die Daten des Chats unterscheiden Tag und Monat nicht: die Reihenfolge wurde geraten.',
    'imports.whatsapp_server_zone':
      'Die Uhrzeiten des Chats wurden in der Zeitzone des Servers gelesen ({zone}).',
    'imports.queued': 'Der Import hat begonnen.',
    'imports.undone': 'Alles, was dieser Import angelegt hatte, liegt nun im Papierkorb.',
    'imports.undone_kept_edits':
      'Alles, was dieser Import angelegt hatte, liegt nun im Papierkorb. Einträge, die er ergänzt hatte und die seitdem von Hand bearbeitet wurden, bleiben, wie sie sind: {count}.',
    'imports.no_file': 'Wählen Sie eine Datei oder ein ZIP zum Importieren.',
    'imports.path_admin_only':
      'Nur ein Administrator kann aus einem Pfad auf dem Server importieren.',
    'imports.path_missing': 'Unter diesem Pfad gibt es auf dem Server weder Datei noch Ordner.',
    'imports.running': 'Dieser Import ist noch nicht fertig.',
    'imports.already_undone': 'Dieser Import wurde bereits rückgängig gemacht.',
    'imports.not_recognised':
      'In dieser Quelle wurde nichts gefunden, was Kinfolio importieren kann (Fotos und Videos werden am Inhalt erkannt).',
    'imports.damaged': 'Dieses Archiv ist beschädigt oder kein ZIP. Es wurde nichts importiert.',
    'imports.bomb':
      'Dieses Archiv entpackt sich zu weit mehr, als es wiegt oder angibt (eine ZIP-Bombe). Es wurde nichts importiert.',
    'imports.too_large':
      'Dieses Archiv entpackt sich zu mehr als {max}. Es wurde nichts importiert.',
    'imports.unsafe_entry':
      'Dieses Archiv enthält einen Link oder einen Pfad außerhalb seines Ordners ({name}). Es wurde nichts importiert.',
    'imports.lying_entry':
      'Dieses Archiv enthält eine Datei, deren Inhalt nicht zu ihrem Namen passt ({name}). Es wurde nichts importiert.',
    'imports.not_mbox':
      '„{name}“ heißt wie ein Postfach, ist aber keines (ein mbox beginnt mit einer „From “-Zeile). Es wurde nichts importiert.',
    'imports.mail_no_subject': '(kein Betreff)',
    'imports.mail_in_reply_to': 'Antwort auf:',
    'imports.interrupted': 'Der Import wurde abgebrochen: {reason}',
    'imports.dated_by_file_time':
      'Nach der Dateizeit datiert: Das Bild sagt nicht, wann es aufgenommen wurde.',
  },
} as const;
