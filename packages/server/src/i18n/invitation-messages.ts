/** Invitation messages (modules/users/invitations.ts), merged into the catalogues of messages.ts. */
export const invitationMessages = {
  en: {
    'invitation.sent': 'An invitation has been sent to {email}.',
    'invitation.resent': 'A new invitation link has been sent to {email}.',
    'invitation.revoked': 'The invitation has been withdrawn.',
    'invitation.invalid':
      'This invitation link is invalid, has expired or has already been used. Ask an administrator for a new one.',
    'invitation.accepted': 'Welcome! Your account is ready.',
    'mail.invitation.subject': '{inviter} invites you to Kinfolio',
    'mail.invitation.body':
      'Hello,\n\n{inviter} invites you to the family archive on Kinfolio. To choose your name and password, open this link within {days} days:\n\n{url}\n\nIf you do not expect this invitation, you can ignore this message.',
  },
  fr: {
    'invitation.sent': 'Une invitation a été envoyée à {email}.',
    'invitation.resent': "Un nouveau lien d'invitation a été envoyé à {email}.",
    'invitation.revoked': "L'invitation a été retirée.",
    'invitation.invalid':
      "Ce lien d'invitation n'est pas valide, a expiré ou a déjà été utilisé. Demandez-en un nouveau à un administrateur.",
    'invitation.accepted': 'Bienvenue ! Votre compte est prêt.',
    'mail.invitation.subject': '{inviter} vous invite sur Kinfolio',
    'mail.invitation.body':
      "Bonjour,\n\n{inviter} vous invite aux archives familiales sur Kinfolio. Pour choisir votre nom et votre mot de passe, ouvrez ce lien dans les {days} jours :\n\n{url}\n\nSi vous n'attendez pas cette invitation, ignorez ce message.",
  },
  it: {
    'invitation.sent': 'Un invito è stato inviato a {email}.',
    'invitation.resent': 'Un nuovo link di invito è stato inviato a {email}.',
    'invitation.revoked': "L'invito è stato ritirato.",
    'invitation.invalid':
      'Questo link di invito non è valido, è scaduto o è già stato usato. Chiedine uno nuovo a un amministratore.',
    'invitation.accepted': 'Benvenuto! Il tuo account è pronto.',
    'mail.invitation.subject': '{inviter} ti invita su Kinfolio',
    'mail.invitation.body':
      "Ciao,\n\n{inviter} ti invita nell'archivio di famiglia su Kinfolio. Per scegliere il tuo nome e la tua password, apri questo link entro {days} giorni:\n\n{url}\n\nSe non ti aspetti questo invito, puoi ignorare questo messaggio.",
  },
  de: {
    'invitation.sent': 'Eine Einladung wurde an {email} gesendet.',
    'invitation.resent': 'Ein neuer Einladungslink wurde an {email} gesendet.',
    'invitation.revoked': 'Die Einladung wurde zurückgezogen.',
    'invitation.invalid':
      'Dieser Einladungslink ist ungültig, abgelaufen oder wurde bereits verwendet. Bitten Sie einen Administrator um einen neuen.',
    'invitation.accepted': 'Willkommen! Ihr Konto ist bereit.',
    'mail.invitation.subject': '{inviter} lädt Sie zu Kinfolio ein',
    'mail.invitation.body':
      'Hallo,\n\n{inviter} lädt Sie in das Familienarchiv auf Kinfolio ein. Um Ihren Namen und Ihr Passwort zu wählen, öffnen Sie diesen Link innerhalb von {days} Tagen:\n\n{url}\n\nWenn Sie diese Einladung nicht erwarten, können Sie diese Nachricht ignorieren.',
  },
} as const;
