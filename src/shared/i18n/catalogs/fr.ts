import type { Catalog } from './en.js'

// French: Canvass's own words (see ./en.ts).
export const fr: Catalog = {
  'layout.poweredBy': 'Propulsé par Canvass',
  'layout.language': 'Langue',
  'layout.errorTitle': 'Erreur\u00a0: {title}',
  'layout.noticeTitle': '{heading}\u00a0: {title}',

  'form.questionCount': '{count, plural, one {# question} many {# questions} other {# questions}}',
  'form.requiredCount': '{count, plural, one {# obligatoire} many {# obligatoires} other {# obligatoires}}',
  'form.countAndRequired': '{questions}, dont {required}',
  'form.answeredCount':
    '{progress} · {count, plural, one {# réponse donnée} many {# réponses données} other {# réponses données}}',
  'form.answeredSoFar': 'Réponses données jusqu’ici',
  'form.submit': 'Envoyer',
  'form.next': 'Suivant',
  'form.back': 'Précédent',
  'form.later': 'Continuer plus tard',
  'form.pageOf': 'Page {index} sur {count}',
  'form.pageTitle': '{title} – page {index} sur {count}',
  'form.trap': 'Laissez ce champ vide',
  'form.summary':
    '{count, plural, one {Il y a un problème avec # réponse} many {Il y a des problèmes avec # réponses} other {Il y a des problèmes avec # réponses}}',
  'form.summaryLine': '{title}\u00a0: {message}',
  'form.errorPrefix': 'Erreur\u00a0: ',

  'question.required': '(obligatoire)',
  'question.choose': 'Choisir…',
  'question.place': 'Rang…',
  'question.yes': 'Oui',
  'question.no': 'Non',
  'question.accept': 'J’accepte',
  'question.lowest': 'Le plus bas',
  'question.highest': 'Le plus élevé',
  'question.npsLow': 'Pas du tout probable',
  'question.npsHigh': 'Extrêmement probable',
  'question.csatLow': 'Très insatisfait',
  'question.csatHigh': 'Très satisfait',
  'question.scaleEnd': '{value}\u00a0: {meaning}',

  'hint.email': 'Une adresse e-mail, par exemple name@example.com',
  'hint.url': 'Une adresse web commençant par https:// ou http://',
  'hint.phone': 'Au format international avec l’indicatif du pays, par exemple +4915112345678',
  'hint.numberBetween': 'Un nombre entier de {min} à {max}',
  'hint.numberAtLeast': 'Un nombre entier, au moins {min}',
  'hint.numberAtMost': 'Un nombre entier, au plus {max}',
  'hint.number': 'Un nombre entier',
  'hint.chooseAll': 'Cochez toutes les réponses qui conviennent',
  'hint.matrix': 'Choisissez une réponse par ligne',
  'hint.ranking': 'Donnez à chaque élément un rang différent, 1 pour le premier et {count} pour le dernier',

  'error.required': 'Réponse obligatoire',
  'error.unstorable': 'Retirez les caractères NUL ou invalides de cette réponse',
  'error.blank': 'Saisissez du texte, pas seulement des espaces',
  'error.tooLong':
    'Utilisez {max, plural, one {# caractère} many {# caractères} other {# caractères}} au maximum (actuellement {length})',
  'error.maxLength':
    'Utilisez {max, plural, one {# caractère} many {# caractères} other {# caractères}} au maximum',
  'error.email': 'Saisissez une adresse e-mail, par exemple name@example.com',
  'error.url': 'Saisissez une adresse web commençant par https:// ou http://',
  'error.phone': 'Saisissez le numéro avec l’indicatif du pays, par exemple +4915112345678',
  'error.yesNo': 'Choisissez Oui ou Non',
  'error.consent': 'Cochez la case pour accepter',
  'error.matrixEveryRow': 'Choisissez une réponse dans chaque ligne',
  'error.matrixColumns': 'Choisissez l’une des colonnes dans chaque ligne',
  'error.ranking': 'Donnez à chaque élément un rang différent, de 1 à {count}',
  'hint.fileSize': 'Jusqu’à {size} Mo',
  'question.fileKept': 'Un fichier est joint. Choisissez-en un autre pour le remplacer.',
  'error.fileTooLarge': 'Ce fichier est trop volumineux',
  'error.fileType': 'Ce type de fichier n’est pas accepté ici',
  'error.fileEmpty': 'Ce fichier est vide',
  'error.fileAgain': 'Choisissez à nouveau le fichier',
  'error.fileBusy':
    'Ce formulaire ne peut pas recevoir de fichiers pour le moment. Veuillez réessayer plus tard.',
  'error.date': 'Saisissez une date valide',
  'error.choicesOnly': 'Choisissez uniquement parmi les options proposées',
  'error.chooseOne': 'Choisissez l’une des options',
  'error.numberBetween': 'Saisissez un nombre entier de {min} à {max}',
  'error.numberAtLeast': 'Saisissez un nombre entier, au moins {min}',
  'error.numberAtMost': 'Saisissez un nombre entier, au plus {max}',
  'error.number': 'Saisissez un nombre entier',
  'error.scale': 'Choisissez un nombre de {min} à {max}',

  'outcome.closed': 'Ce formulaire est clos et n’accepte plus de réponses.',
  'outcome.opensOn': 'Ce formulaire ouvrira le {when}. Revenez à ce moment-là pour y répondre.',
  'outcome.notOpenYet': 'Ce formulaire n’accepte pas encore de réponses.',
  'outcome.thanksTitle': 'Merci',
  'outcome.thanksHeading': 'Merci\u202f!',
  'outcome.thanksMessage': 'Vos réponses ont été envoyées.',

  'limit.submissionsTitle': 'Trop d’envois',
  'limit.submissions':
    'Trop de réponses ont été envoyées depuis votre adresse en peu de temps. Veuillez réessayer dans {seconds, plural, one {# seconde} many {# secondes} other {# secondes}}.',
  'limit.formNotice':
    'Trop de réponses ont été envoyées à ce formulaire depuis votre réseau au cours de la dernière minute, les vôtres n’ont donc pas encore été envoyées. Elles sont conservées ci-dessous\u00a0: cliquez à nouveau sur «\u00a0Envoyer\u00a0» dans {seconds, plural, one {# seconde} many {# secondes} other {# secondes}}.',
  'limit.pageNotice':
    'Trop de réponses ont été envoyées à ce formulaire depuis votre réseau au cours de la dernière minute, cette page n’a donc pas encore été enregistrée. Ses réponses sont conservées ci-dessous : appuyez de nouveau sur le bouton dans {seconds, plural, one {# seconde} many {# secondes} other {# secondes}}.',
  'limit.requestsTitle': 'Trop de demandes',
  'limit.requests':
    'Trop de demandes ont été envoyées depuis votre adresse en peu de temps. Veuillez réessayer dans {seconds, plural, one {# seconde} many {# secondes} other {# secondes}}.',
  'limit.links':
    'Trop de liens ont été ouverts depuis votre adresse en peu de temps. Veuillez réessayer dans {seconds, plural, one {# seconde} many {# secondes} other {# secondes}}.',

  'notFound.title': 'Formulaire introuvable',
  'notFound.heading': 'Ce formulaire n’est pas disponible',
  'notFound.message': 'Le lien est peut-être mal saisi, ou le formulaire n’est pas ouvert au public.',

  'error.pageTitle': 'Une erreur s’est produite',
  'error.400': 'La demande n’a pas pu être lue.',
  'error.403':
    'Ces réponses ont été envoyées depuis un autre site et n’ont donc pas été enregistrées. Rouvrez le formulaire et répondez-y directement.',
  'error.413': 'Les réponses envoyées dépassent la taille acceptée par ce formulaire.',
  'error.415': 'Les réponses ont été envoyées dans un format que ce formulaire n’accepte pas.',
  'error.500': 'Une erreur s’est produite de notre côté. Veuillez réessayer.',
  'error.other': 'La demande n’a pas pu être traitée.',

  'link.unknownTitle': 'Lien introuvable',
  'link.unknownHeading': 'Ce lien n’ouvre aucun formulaire',
  'link.unknownMessage':
    'Le lien est peut-être mal saisi ou tronqué\u00a0: ouvrez-le à nouveau depuis votre invitation, ou copiez l’adresse complète.',
  'link.usedTitle': 'Réponse déjà envoyée',
  'link.usedHeading': 'Ce lien a déjà servi à répondre',
  'link.usedMessage':
    'Chaque lien personnel permet d’envoyer une seule réponse, et celle-ci a déjà été envoyée. Merci\u202f! Si vous pensez qu’il s’agit d’une erreur, contactez les personnes qui vous ont envoyé l’invitation.',

  'resume.title': 'Continuer plus tard\u00a0: {title}',
  'resume.heading': 'Vos réponses sont enregistrées',
  'resume.intro':
    'Pour continuer «\u00a0{title}\u00a0» plus tard, sur cet appareil ou sur un autre, ouvrez ce lien. Gardez-le pour vous\u00a0: toute personne qui l’a peut voir et modifier vos réponses.',
  'resume.lifetime':
    'Il reste valable jusqu’à l’envoi de vos réponses, ou pendant {days, plural, one {# jour} many {# jours} other {# jours}} sans modification.',
  'resume.mailLabel': 'M’envoyer ce lien par e-mail',
  'resume.mailSend': 'Envoyer le lien',
  'resume.back': 'Retour au formulaire',
  'resume.mailedTitle': 'Lien envoyé\u00a0: {title}',
  'resume.mailedHeading': 'Le lien est en route',
  'resume.mailedMessage':
    'Nous envoyons le lien pour continuer «\u00a0{title}\u00a0» à l’adresse que vous avez saisie. Il peut mettre quelques minutes à arriver.',
  'resume.goneTitle': 'Lien expiré',
  'resume.goneHeading': 'Ce lien n’ouvre plus de réponses enregistrées',
  'resume.goneMessage':
    'Les réponses qu’il conservait ont déjà été envoyées, ou n’ont pas été modifiées depuis longtemps et ont été supprimées. Vous pouvez recommencer le formulaire.',

  'unsubscribe.title': 'Se désabonner',
  'unsubscribe.heading': 'Se désabonner\u202f?',
  'unsubscribe.question':
    'Désabonner {email} des enquêtes de {workspace}\u202f? Vous ne recevrez plus ni invitations ni rappels de sa part.',
  'unsubscribe.button': 'Me désabonner',
  'unsubscribe.doneTitle': 'Désabonnement confirmé',
  'unsubscribe.doneHeading': 'Votre désabonnement est enregistré',
  'unsubscribe.doneMessage': '{email} ne recevra plus d’enquêtes de {workspace}.',
  'unsubscribe.unknownTitle': 'Lien introuvable',
  'unsubscribe.unknownHeading': 'Ce lien de désabonnement n’est pas valide',
  'unsubscribe.unknownMessage':
    'Le lien est peut-être mal saisi ou tronqué. Ouvrez-le à nouveau depuis l’e-mail qui le contenait.',

  'mail.footer': 'Vous recevez cet e-mail car vous figurez sur une liste de contacts de {workspace}.',
  'mail.unsubscribe': 'Se désabonner des enquêtes de {workspace}',
}
