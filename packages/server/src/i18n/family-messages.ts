/** The family tree (modules/family), merged into the catalogues of messages.ts. */
export const familyMessages = {
  en: {
    'family.cycle': 'This relation would make someone their own ancestor.',
    'family.duplicate': 'These two people are already related this way.',
    'family.self': 'A person cannot be related to themselves.',
    'family.too_many_parents': 'This child already has two birth parents.',
    'family.date_invalid': 'This date does not exist, or the range ends before it starts.',
    'family.date_range':
      'Give a date (and an end only for “between”), or only words for a date phrase.',
    'family.kind_invalid':
      'Parents are by birth, adoption, fostering or step; partners are married or partners.',
    'family.portrait_invalid':
      'The portrait must be a face named as this person, or a picture of the archive.',
    'family.place_parent': 'The place is a marriage’s: a parent relation has none.',
    'family.relative_required': 'Choose an existing person or give a new person’s name, not both.',
    'family.relation_created': 'The relation has been added.',
    'family.relation_updated': 'The relation has been saved.',
    'family.relation_deleted': 'The relation has been removed.',
  },
  fr: {
    'family.cycle': 'Cette relation ferait de quelqu’un son propre ancêtre.',
    'family.duplicate': 'Ces deux personnes sont déjà liées de cette façon.',
    'family.self': 'Une personne ne peut pas être liée à elle-même.',
    'family.too_many_parents': 'Cet enfant a déjà deux parents biologiques.',
    'family.date_invalid': 'Cette date n’existe pas, ou la période finit avant de commencer.',
    'family.date_range':
      'Indiquez une date (et une fin seulement pour « entre »), ou seulement des mots pour une date en toutes lettres.',
    'family.kind_invalid':
      'Un parent l’est par naissance, adoption, accueil ou alliance ; des partenaires sont mariés ou en couple.',
    'family.portrait_invalid':
      'Le portrait doit être un visage nommé comme cette personne, ou une image des archives.',
    'family.place_parent': 'Le lieu est celui d’un mariage : une relation de parent n’en a pas.',
    'family.relative_required':
      'Choisissez une personne existante ou donnez le nom d’une nouvelle personne, pas les deux.',
    'family.relation_created': 'La relation a été ajoutée.',
    'family.relation_updated': 'La relation a été enregistrée.',
    'family.relation_deleted': 'La relation a été supprimée.',
  },
  it: {
    'family.cycle': 'Questa relazione renderebbe qualcuno antenato di sé stesso.',
    'family.duplicate': 'Queste due persone sono già legate in questo modo.',
    'family.self': 'Una persona non può essere legata a sé stessa.',
    'family.too_many_parents': 'Questo figlio ha già due genitori biologici.',
    'family.date_invalid': 'Questa data non esiste, oppure il periodo finisce prima di iniziare.',
    'family.date_range':
      'Indica una data (e una fine solo per «tra»), oppure solo parole per una data descritta.',
    'family.kind_invalid':
      'Un genitore lo è per nascita, adozione, affido o acquisito; i partner sono sposati o conviventi.',
    'family.portrait_invalid':
      'Il ritratto deve essere un volto associato a questa persona, oppure un’immagine dell’archivio.',
    'family.place_parent':
      'Il luogo è quello di un matrimonio: una relazione di genitore non ne ha.',
    'family.relative_required':
      'Scegli una persona esistente oppure indica il nome di una nuova persona, non entrambe le cose.',
    'family.relation_created': 'La relazione è stata aggiunta.',
    'family.relation_updated': 'La relazione è stata salvata.',
    'family.relation_deleted': 'La relazione è stata eliminata.',
  },
  de: {
    'family.cycle': 'Diese Beziehung würde jemanden zu seinem eigenen Vorfahren machen.',
    'family.duplicate': 'Diese beiden Personen sind bereits so miteinander verbunden.',
    'family.self': 'Eine Person kann nicht mit sich selbst verwandt sein.',
    'family.too_many_parents': 'Dieses Kind hat bereits zwei leibliche Eltern.',
    'family.date_invalid': 'Dieses Datum gibt es nicht, oder der Zeitraum endet, bevor er beginnt.',
    'family.date_range':
      'Geben Sie ein Datum an (ein Ende nur bei „zwischen“), oder nur Worte für eine Datumsangabe.',
    'family.kind_invalid':
      'Eltern sind leiblich, Adoptiv-, Pflege- oder Stiefeltern; Partner sind verheiratet oder Lebenspartner.',
    'family.portrait_invalid':
      'Das Porträt muss ein dieser Person zugeordnetes Gesicht oder ein Bild des Archivs sein.',
    'family.place_parent': 'Der Ort gehört zu einer Ehe: Eine Elternbeziehung hat keinen.',
    'family.relative_required':
      'Wählen Sie eine vorhandene Person oder geben Sie den Namen einer neuen Person an, nicht beides.',
    'family.relation_created': 'Die Beziehung wurde hinzugefügt.',
    'family.relation_updated': 'Die Beziehung wurde gespeichert.',
    'family.relation_deleted': 'Die Beziehung wurde entfernt.',
  },
} as const;
