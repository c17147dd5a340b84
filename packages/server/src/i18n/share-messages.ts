/** The share links' messages (modules/shares), merged into messages.ts. */
export const shareMessages = {
  en: {
    'shares.created': 'The link has been made. Copy it now: it will not be shown again.',
    'shares.updated': 'The link has been saved.',
    'shares.not_found': 'This link does not exist or has been revoked.',
    'shares.expired': 'This link has expired. Ask the person who shared it for a new one.',
    'shares.locked': 'This link is protected by a password.',
    'shares.wrong_password': 'This password is not the right one.',
    'shares.download_not_allowed': 'Downloading the originals is not allowed through this link.',
    'shares.target_missing': 'There is nothing to share under this number.',
    'shares.expiry_past': 'Choose an expiry date in the future.',
    'shares.revoked_unchanged': 'A revoked link can no longer be changed.',
  },
  fr: {
    'shares.created': 'Le lien a été créé. Copiez-le maintenant : il ne sera plus affiché.',
    'shares.updated': 'Le lien a été enregistré.',
    'shares.not_found': "Ce lien n'existe pas ou a été révoqué.",
    'shares.expired': "Ce lien a expiré. Demandez-en un nouveau à la personne qui l'a partagé.",
    'shares.locked': 'Ce lien est protégé par un mot de passe.',
    'shares.wrong_password': "Ce mot de passe n'est pas le bon.",
    'shares.download_not_allowed':
      "Le téléchargement des originaux n'est pas autorisé par ce lien.",
    'shares.target_missing': "Il n'y a rien à partager sous ce numéro.",
    'shares.expiry_past': "Choisissez une date d'expiration dans le futur.",
    'shares.revoked_unchanged': 'Un lien révoqué ne peut plus être modifié.',
  },
  it: {
    'shares.created': 'Il link è stato creato. Copialo ora: non verrà più mostrato.',
    'shares.updated': 'Il link è stato salvato.',
    'shares.not_found': 'Questo link non esiste o è stato revocato.',
    'shares.expired': "Questo link è scaduto. Chiedine uno nuovo a chi l'ha condiviso.",
    'shares.locked': 'Questo link è protetto da una password.',
    'shares.wrong_password': 'Questa password non è quella giusta.',
    'shares.download_not_allowed': 'Questo link non consente di scaricare gli originali.',
    'shares.target_missing': "Non c'è niente da condividere con questo numero.",
    'shares.expiry_past': 'Scegli una data di scadenza nel futuro.',
    'shares.revoked_unchanged': 'Un link revocato non può più essere modificato.',
  },
  de: {
    'shares.created':
      'Der Link wurde erstellt. Kopieren Sie ihn jetzt: Er wird nicht noch einmal angezeigt.',
    'shares.updated': 'Der Link wurde gespeichert.',
    'shares.not_found': 'Dieser Link existiert nicht oder wurde widerrufen.',
    'shares.expired':
      'Dieser Link ist abgelaufen. Bitten Sie die Person, die ihn geteilt hat, um einen neuen.',
    'shares.locked': 'Dieser Link ist durch ein Passwort geschützt.',
    'shares.wrong_password': 'Dieses Passwort ist nicht das richtige.',
    'shares.download_not_allowed':
      'Das Herunterladen der Originale ist über diesen Link nicht erlaubt.',
    'shares.target_missing': 'Unter dieser Nummer gibt es nichts zu teilen.',
    'shares.expiry_past': 'Wählen Sie ein Ablaufdatum in der Zukunft.',
    'shares.revoked_unchanged': 'Ein widerrufener Link kann nicht mehr geändert werden.',
  },
} as const;
