/** The account module's messages (pictures, linked logins), merged into messages.ts. */
export const accountMessages = {
  en: {
    'pictures.missing': 'Choose a picture to upload.',
    'pictures.not_an_image':
      'This file is not a picture: send a JPEG, PNG, WebP, GIF or AVIF image.',
    'pictures.too_large': 'This picture is too large: at most {max}.',
    'pictures.profile_saved': 'Your profile picture has been saved.',
    'pictures.profile_removed': 'Your profile picture has been removed.',
    'pictures.site_saved': 'Your site picture has been saved.',
    'pictures.site_removed': 'Your site picture has been removed.',
    'identities.unlinked': 'The account has been unlinked.',
    'identities.last_login':
      'This is your only way to log in: set a password or link another account first.',
  },
  fr: {
    'pictures.missing': 'Choisissez une image à envoyer.',
    'pictures.not_an_image':
      "Ce fichier n'est pas une image : envoyez une image JPEG, PNG, WebP, GIF ou AVIF.",
    'pictures.too_large': 'Cette image est trop volumineuse : {max} au maximum.',
    'pictures.profile_saved': 'Votre photo de profil a été enregistrée.',
    'pictures.profile_removed': 'Votre photo de profil a été retirée.',
    'pictures.site_saved': 'Votre image de site a été enregistrée.',
    'pictures.site_removed': 'Votre image de site a été retirée.',
    'identities.unlinked': 'Le compte a été dissocié.',
    'identities.last_login':
      "C'est votre seul moyen de connexion : définissez un mot de passe ou liez un autre compte d'abord.",
  },
  it: {
    'pictures.missing': "Scegli un'immagine da caricare.",
    'pictures.not_an_image':
      "Questo file non è un'immagine: invia un'immagine JPEG, PNG, WebP, GIF o AVIF.",
    'pictures.too_large': 'Questa immagine è troppo grande: al massimo {max}.',
    'pictures.profile_saved': 'La tua foto del profilo è stata salvata.',
    'pictures.profile_removed': 'La tua foto del profilo è stata rimossa.',
    'pictures.site_saved': "L'immagine del sito è stata salvata.",
    'pictures.site_removed': "L'immagine del sito è stata rimossa.",
    'identities.unlinked': "L'account è stato scollegato.",
    'identities.last_login':
      'È il tuo unico modo di accedere: imposta una password o collega prima un altro account.',
  },
  de: {
    'pictures.missing': 'Wählen Sie ein Bild zum Hochladen.',
    'pictures.not_an_image':
      'Diese Datei ist kein Bild: Senden Sie ein JPEG-, PNG-, WebP-, GIF- oder AVIF-Bild.',
    'pictures.too_large': 'Dieses Bild ist zu groß: höchstens {max}.',
    'pictures.profile_saved': 'Ihr Profilbild wurde gespeichert.',
    'pictures.profile_removed': 'Ihr Profilbild wurde entfernt.',
    'pictures.site_saved': 'Ihr Seitenbild wurde gespeichert.',
    'pictures.site_removed': 'Ihr Seitenbild wurde entfernt.',
    'identities.unlinked': 'Das Konto wurde getrennt.',
    'identities.last_login':
      'Dies ist Ihre einzige Anmeldemöglichkeit: Legen Sie zuerst ein Passwort fest oder verknüpfen Sie ein weiteres Konto.',
  },
} as const;
