import type { UiLanguage } from '@kinfolio/contract';

/** Every message the server says to people, in the four interface languages. */
const en = {
  'auth.failed': 'These credentials do not match our records.',
  'auth.throttle': 'Too many login attempts. Please try again in {seconds} seconds.',
  'auth.unauthenticated': 'Unauthenticated. Please log in to continue.',
  'auth.forbidden': 'You do not have permission to access this resource.',
  'csrf.mismatch': 'CSRF token mismatch. Please reload the page.',
  'http.not_found': 'Not found.',
  'http.bad_request': 'The request could not be understood.',
  'http.payload_too_large': 'The request is too large.',
  'http.unsupported_media_type': 'This type of content is not accepted.',
  'http.too_many_requests': 'Too many requests. Please try again in {seconds} seconds.',
  'http.server_error': 'Server error.',
  'validation.failed': 'The given data was invalid.',
  'validation.passwords_mismatch': 'The password confirmation does not match.',
  'validation.hex_color': 'Enter a colour as #rrggbb.',
  'validation.email_taken': 'This email address is already in use.',
  'setup.closed': 'The administrator account already exists.',
  'setup.done': 'Welcome! Your administrator account is ready.',
  'register.disabled': 'Registration is closed. Ask an administrator for an account.',
  'register.done': 'Your account has been created.',
  'passwords.sent': 'If an account exists for this address, we have emailed a password reset link.',
  'passwords.reset': 'Your password has been reset. You can now log in.',
  'passwords.token': 'This password reset link is invalid or has expired.',
  'passwords.changed': 'Your password has been changed.',
  'passwords.current_incorrect': 'The current password is incorrect.',
  'verification.sent': 'A new verification link has been sent to your email address.',
  'verification.already': 'Your email address is already verified.',
  'user.updated': 'Your profile has been saved.',
  'admin.user_updated': 'The user has been saved.',
  'admin.last_admin': 'The last administrator cannot lose the admin permission or be deactivated.',
  'admin.settings_saved': 'Settings saved.',
  'mail.reset.subject': 'Reset your Kinfolio password',
  'mail.reset.body':
    'Hello {name},\n\nSomeone asked to reset the password of your Kinfolio account. To choose a new password, open this link within {minutes} minutes:\n\n{url}\n\nIf you did not ask for this, you can ignore this message.',
  'mail.verify.subject': 'Confirm your email address for Kinfolio',
  'mail.verify.body':
    'Hello {name},\n\nPlease confirm your email address by opening this link:\n\n{url}\n\nIf you did not create an account, you can ignore this message.',
} as const;

export type MessageKey = keyof typeof en;
type Catalogue = Record<MessageKey, string>;

const fr: Catalogue = {
  'auth.failed': 'Ces identifiants ne correspondent à aucun compte.',
  'auth.throttle': 'Trop de tentatives de connexion. Réessayez dans {seconds} secondes.',
  'auth.unauthenticated': 'Non authentifié. Connectez-vous pour continuer.',
  'auth.forbidden': "Vous n'avez pas la permission d'accéder à cette ressource.",
  'csrf.mismatch': 'Jeton CSRF invalide. Veuillez recharger la page.',
  'http.not_found': 'Introuvable.',
  'http.bad_request': "La requête n'a pas pu être comprise.",
  'http.payload_too_large': 'La requête est trop volumineuse.',
  'http.unsupported_media_type': "Ce type de contenu n'est pas accepté.",
  'http.too_many_requests': 'Trop de requêtes. Réessayez dans {seconds} secondes.',
  'http.server_error': 'Erreur du serveur.',
  'validation.failed': 'Les données fournies ne sont pas valides.',
  'validation.passwords_mismatch': 'La confirmation du mot de passe ne correspond pas.',
  'validation.hex_color': 'Saisissez une couleur au format #rrvvbb.',
  'validation.email_taken': 'Cette adresse e-mail est déjà utilisée.',
  'setup.closed': 'Le compte administrateur existe déjà.',
  'setup.done': 'Bienvenue ! Votre compte administrateur est prêt.',
  'register.disabled': 'Les inscriptions sont fermées. Demandez un compte à un administrateur.',
  'register.done': 'Votre compte a été créé.',
  'passwords.sent':
    'Si un compte existe pour cette adresse, nous avons envoyé un lien de réinitialisation du mot de passe.',
  'passwords.reset':
    'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.',
  'passwords.token': 'Ce lien de réinitialisation est invalide ou a expiré.',
  'passwords.changed': 'Votre mot de passe a été modifié.',
  'passwords.current_incorrect': 'Le mot de passe actuel est incorrect.',
  'verification.sent': 'Un nouveau lien de vérification a été envoyé à votre adresse e-mail.',
  'verification.already': 'Votre adresse e-mail est déjà vérifiée.',
  'user.updated': 'Votre profil a été enregistré.',
  'admin.user_updated': "L'utilisateur a été enregistré.",
  'admin.last_admin':
    'Le dernier administrateur ne peut pas perdre la permission admin ni être désactivé.',
  'admin.settings_saved': 'Paramètres enregistrés.',
  'mail.reset.subject': 'Réinitialisez votre mot de passe Kinfolio',
  'mail.reset.body':
    "Bonjour {name},\n\nQuelqu'un a demandé la réinitialisation du mot de passe de votre compte Kinfolio. Pour choisir un nouveau mot de passe, ouvrez ce lien dans les {minutes} minutes :\n\n{url}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
  'mail.verify.subject': 'Confirmez votre adresse e-mail pour Kinfolio',
  'mail.verify.body':
    "Bonjour {name},\n\nVeuillez confirmer votre adresse e-mail en ouvrant ce lien :\n\n{url}\n\nSi vous n'avez pas créé de compte, ignorez ce message.",
};

const it: Catalogue = {
  'auth.failed': 'Queste credenziali non corrispondono ai nostri dati.',
  'auth.throttle': 'Troppi tentativi di accesso. Riprova tra {seconds} secondi.',
  'auth.unauthenticated': 'Non autenticato. Accedi per continuare.',
  'auth.forbidden': 'Non hai il permesso di accedere a questa risorsa.',
  'csrf.mismatch': 'Token CSRF non valido. Ricarica la pagina.',
  'http.not_found': 'Non trovato.',
  'http.bad_request': 'La richiesta non è comprensibile.',
  'http.payload_too_large': 'La richiesta è troppo grande.',
  'http.unsupported_media_type': 'Questo tipo di contenuto non è accettato.',
  'http.too_many_requests': 'Troppe richieste. Riprova tra {seconds} secondi.',
  'http.server_error': 'Errore del server.',
  'validation.failed': 'I dati forniti non sono validi.',
  'validation.passwords_mismatch': 'La conferma della password non corrisponde.',
  'validation.hex_color': 'Inserisci un colore nel formato #rrggbb.',
  'validation.email_taken': 'Questo indirizzo email è già in uso.',
  'setup.closed': "L'account amministratore esiste già.",
  'setup.done': 'Benvenuto! Il tuo account amministratore è pronto.',
  'register.disabled': 'Le registrazioni sono chiuse. Chiedi un account a un amministratore.',
  'register.done': 'Il tuo account è stato creato.',
  'passwords.sent':
    'Se esiste un account per questo indirizzo, abbiamo inviato un link per reimpostare la password.',
  'passwords.reset': 'La tua password è stata reimpostata. Ora puoi accedere.',
  'passwords.token': 'Questo link di reimpostazione non è valido o è scaduto.',
  'passwords.changed': 'La tua password è stata modificata.',
  'passwords.current_incorrect': 'La password attuale non è corretta.',
  'verification.sent': 'Un nuovo link di verifica è stato inviato al tuo indirizzo email.',
  'verification.already': 'Il tuo indirizzo email è già verificato.',
  'user.updated': 'Il tuo profilo è stato salvato.',
  'admin.user_updated': "L'utente è stato salvato.",
  'admin.last_admin':
    "L'ultimo amministratore non può perdere il permesso admin né essere disattivato.",
  'admin.settings_saved': 'Impostazioni salvate.',
  'mail.reset.subject': 'Reimposta la tua password Kinfolio',
  'mail.reset.body':
    'Ciao {name},\n\nqualcuno ha chiesto di reimpostare la password del tuo account Kinfolio. Per sceglierne una nuova, apri questo link entro {minutes} minuti:\n\n{url}\n\nSe non sei stato tu, puoi ignorare questo messaggio.',
  'mail.verify.subject': 'Conferma il tuo indirizzo email per Kinfolio',
  'mail.verify.body':
    'Ciao {name},\n\nconferma il tuo indirizzo email aprendo questo link:\n\n{url}\n\nSe non hai creato un account, puoi ignorare questo messaggio.',
};

const de: Catalogue = {
  'auth.failed': 'Diese Zugangsdaten stimmen mit keinem Konto überein.',
  'auth.throttle': 'Zu viele Anmeldeversuche. Bitte in {seconds} Sekunden erneut versuchen.',
  'auth.unauthenticated': 'Nicht angemeldet. Bitte melden Sie sich an, um fortzufahren.',
  'auth.forbidden': 'Sie haben keine Berechtigung für diese Ressource.',
  'csrf.mismatch': 'CSRF-Token ungültig. Bitte laden Sie die Seite neu.',
  'http.not_found': 'Nicht gefunden.',
  'http.bad_request': 'Die Anfrage konnte nicht verstanden werden.',
  'http.payload_too_large': 'Die Anfrage ist zu groß.',
  'http.unsupported_media_type': 'Dieser Inhaltstyp wird nicht akzeptiert.',
  'http.too_many_requests': 'Zu viele Anfragen. Bitte in {seconds} Sekunden erneut versuchen.',
  'http.server_error': 'Serverfehler.',
  'validation.failed': 'Die übermittelten Daten sind ungültig.',
  'validation.passwords_mismatch': 'Die Passwortbestätigung stimmt nicht überein.',
  'validation.hex_color': 'Geben Sie eine Farbe im Format #rrggbb ein.',
  'validation.email_taken': 'Diese E-Mail-Adresse wird bereits verwendet.',
  'setup.closed': 'Das Administratorkonto existiert bereits.',
  'setup.done': 'Willkommen! Ihr Administratorkonto ist bereit.',
  'register.disabled':
    'Die Registrierung ist geschlossen. Bitten Sie einen Administrator um ein Konto.',
  'register.done': 'Ihr Konto wurde erstellt.',
  'passwords.sent':
    'Falls für diese Adresse ein Konto existiert, haben wir einen Link zum Zurücksetzen des Passworts gesendet.',
  'passwords.reset': 'Ihr Passwort wurde zurückgesetzt. Sie können sich jetzt anmelden.',
  'passwords.token': 'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen.',
  'passwords.changed': 'Ihr Passwort wurde geändert.',
  'passwords.current_incorrect': 'Das aktuelle Passwort ist falsch.',
  'verification.sent': 'Ein neuer Bestätigungslink wurde an Ihre E-Mail-Adresse gesendet.',
  'verification.already': 'Ihre E-Mail-Adresse ist bereits bestätigt.',
  'user.updated': 'Ihr Profil wurde gespeichert.',
  'admin.user_updated': 'Der Benutzer wurde gespeichert.',
  'admin.last_admin':
    'Der letzte Administrator kann die Admin-Berechtigung nicht verlieren und nicht deaktiviert werden.',
  'admin.settings_saved': 'Einstellungen gespeichert.',
  'mail.reset.subject': 'Setzen Sie Ihr Kinfolio-Passwort zurück',
  'mail.reset.body':
    'Hallo {name},\n\njemand hat das Zurücksetzen des Passworts Ihres Kinfolio-Kontos angefordert. Um ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb von {minutes} Minuten:\n\n{url}\n\nWenn Sie das nicht waren, können Sie diese Nachricht ignorieren.',
  'mail.verify.subject': 'Bestätigen Sie Ihre E-Mail-Adresse für Kinfolio',
  'mail.verify.body':
    'Hallo {name},\n\nbitte bestätigen Sie Ihre E-Mail-Adresse, indem Sie diesen Link öffnen:\n\n{url}\n\nWenn Sie kein Konto erstellt haben, können Sie diese Nachricht ignorieren.',
};

export const catalogues: Record<UiLanguage, Catalogue> = { en, fr, it, de };
