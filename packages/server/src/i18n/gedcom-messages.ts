/** GEDCOM import and export messages (modules/gedcom), merged in messages.ts. */
export const gedcomMessages = {
  en: {
    'gedcom.participant_required': 'Choose the person whose ancestors or descendants to export.',
    'imports.gedcom_unreadable':
      '“{name}” starts like a GEDCOM file but cannot be read as one (its lines are broken or it is not text). Nothing was imported.',
    'imports.gedcom_too_large':
      '“{name}” is larger than a family tree can be ({max}). Nothing was imported.',
    'imports.gedcom_refused_cycle':
      'Not added: {first} as parent of {second} (family {family}) would make someone their own ancestor.',
    'imports.gedcom_refused_self':
      'Not added: a relation of {first} with themselves (family {family}).',
    'imports.gedcom_refused_parents':
      'Not added: {first} as parent of {second} (family {family}): {second} already has two birth parents.',
    'imports.gedcom_refused_other':
      'Not added: the relation between {first} and {second} (family {family}) breaks a rule of the tree.',
  },
  fr: {
    'gedcom.participant_required':
      'Choisissez la personne dont exporter les ancêtres ou les descendants.',
    'imports.gedcom_unreadable':
      '« {name} » commence comme un fichier GEDCOM mais ne peut pas être lu (lignes cassées ou pas du texte). Rien n’a été importé.',
    'imports.gedcom_too_large':
      '« {name} » est plus grand qu’un arbre généalogique ne peut l’être ({max}). Rien n’a été importé.',
    'imports.gedcom_refused_cycle':
      'Non ajouté : {first} comme parent de {second} (famille {family}) ferait de quelqu’un son propre ancêtre.',
    'imports.gedcom_refused_self':
      'Non ajouté : une relation de {first} avec lui-même ou elle-même (famille {family}).',
    'imports.gedcom_refused_parents':
      'Non ajouté : {first} comme parent de {second} (famille {family}) : {second} a déjà deux parents de naissance.',
    'imports.gedcom_refused_other':
      'Non ajouté : la relation entre {first} et {second} (famille {family}) enfreint une règle de l’arbre.',
  },
  it: {
    'gedcom.participant_required':
      'Scegli la persona di cui esportare gli antenati o i discendenti.',
    'imports.gedcom_unreadable':
      '«{name}» inizia come un file GEDCOM ma non si può leggere (righe rotte o non è testo). Non è stato importato nulla.',
    'imports.gedcom_too_large':
      '«{name}» è più grande di quanto possa essere un albero genealogico ({max}). Non è stato importato nulla.',
    'imports.gedcom_refused_cycle':
      'Non aggiunto: {first} come genitore di {second} (famiglia {family}) renderebbe qualcuno antenato di sé stesso.',
    'imports.gedcom_refused_self':
      'Non aggiunto: una relazione di {first} con sé stesso (famiglia {family}).',
    'imports.gedcom_refused_parents':
      'Non aggiunto: {first} come genitore di {second} (famiglia {family}): {second} ha già due genitori naturali.',
    'imports.gedcom_refused_other':
      'Non aggiunto: la relazione tra {first} e {second} (famiglia {family}) viola una regola dell’albero.',
  },
  de: {
    'gedcom.participant_required':
      'Wählen Sie die Person, deren Vorfahren oder Nachkommen exportiert werden sollen.',
    'imports.gedcom_unreadable':
      '„{name}“ beginnt wie eine GEDCOM-Datei, lässt sich aber nicht lesen (kaputte Zeilen oder kein Text). Es wurde nichts importiert.',
    'imports.gedcom_too_large':
      '„{name}“ ist größer, als ein Stammbaum sein kann ({max}). Es wurde nichts importiert.',
    'imports.gedcom_refused_cycle':
      'Nicht hinzugefügt: {first} als Elternteil von {second} (Familie {family}) würde jemanden zu seinem eigenen Vorfahren machen.',
    'imports.gedcom_refused_self':
      'Nicht hinzugefügt: eine Beziehung von {first} zu sich selbst (Familie {family}).',
    'imports.gedcom_refused_parents':
      'Nicht hinzugefügt: {first} als Elternteil von {second} (Familie {family}): {second} hat bereits zwei leibliche Eltern.',
    'imports.gedcom_refused_other':
      'Nicht hinzugefügt: Die Beziehung zwischen {first} und {second} (Familie {family}) verstößt gegen eine Regel des Stammbaums.',
  },
} as const;
