/** The one-time sign-in links' messages (auth/login-link.ts), merged into messages.ts. */
export const loginLinkMessages = {
  en: {
    'login_link.invalid':
      'This sign-in link is invalid, has expired or has already been used. Ask for a new one from the login page.',
    'mail.login_link.subject': 'Your Kinfolio sign-in link',
    'mail.login_link.body':
      'Hello {name},\n\nSomeone asked for a link to sign in to your Kinfolio account without a password. To sign in, open this link within {minutes} minutes and press the button on the page:\n\n{url}\n\nThe link works once. If you did not ask for it, you can ignore this message: nobody can sign in without it.',
  },
  fr: {
    'login_link.invalid':
      'Ce lien de connexion est invalide, a expiré ou a déjà servi. Demandez-en un nouveau depuis la page de connexion.',
    'mail.login_link.subject': 'Votre lien de connexion Kinfolio',
    'mail.login_link.body':
      "Bonjour {name},\n\nQuelqu'un a demandé un lien pour se connecter à votre compte Kinfolio sans mot de passe. Pour vous connecter, ouvrez ce lien dans les {minutes} minutes et appuyez sur le bouton de la page :\n\n{url}\n\nLe lien ne sert qu'une fois. Si vous ne l'avez pas demandé, vous pouvez ignorer ce message : personne ne peut se connecter sans lui.",
  },
  it: {
    'login_link.invalid':
      'Questo link di accesso non è valido, è scaduto o è già stato usato. Chiedine uno nuovo dalla pagina di accesso.',
    'mail.login_link.subject': 'Il tuo link di accesso a Kinfolio',
    'mail.login_link.body':
      "Ciao {name},\n\nqualcuno ha chiesto un link per accedere al tuo account Kinfolio senza password. Per accedere, apri questo link entro {minutes} minuti e premi il pulsante nella pagina:\n\n{url}\n\nIl link funziona una sola volta. Se non l'hai chiesto tu, puoi ignorare questo messaggio: nessuno può accedere senza di esso.",
  },
  de: {
    'login_link.invalid':
      'Dieser Anmeldelink ist ungültig, abgelaufen oder wurde bereits benutzt. Fordern Sie auf der Anmeldeseite einen neuen an.',
    'mail.login_link.subject': 'Ihr Kinfolio-Anmeldelink',
    'mail.login_link.body':
      'Hallo {name},\n\njemand hat einen Link angefordert, um sich ohne Passwort bei Ihrem Kinfolio-Konto anzumelden. Öffnen Sie diesen Link innerhalb von {minutes} Minuten und drücken Sie die Schaltfläche auf der Seite:\n\n{url}\n\nDer Link funktioniert nur einmal. Wenn Sie ihn nicht angefordert haben, können Sie diese Nachricht ignorieren: Ohne ihn kann sich niemand anmelden.',
  },
} as const;
