import type { Catalog } from './en.js'

// German: Canvass's own words (see ./en.ts).
export const de: Catalog = {
  'layout.poweredBy': 'Bereitgestellt von Canvass',
  'layout.language': 'Sprache',
  'layout.errorTitle': 'Fehler: {title}',
  'layout.noticeTitle': '{heading}: {title}',

  'form.questionCount': '{count, plural, one {# Frage} other {# Fragen}}',
  'form.requiredCount': '{count, plural, one {# Pflichtfrage} other {# Pflichtfragen}}',
  'form.countAndRequired': '{questions}, {required}',
  'form.answeredCount': '{progress} · {count, plural, one {# beantwortet} other {# beantwortet}}',
  'form.answeredSoFar': 'Bisher beantwortet',
  'form.submit': 'Absenden',
  'form.next': 'Weiter',
  'form.back': 'Zurück',
  'form.later': 'Später fortsetzen',
  'form.pageOf': 'Seite {index} von {count}',
  'form.pageTitle': '{title} – Seite {index} von {count}',
  'form.trap': 'Lassen Sie dieses Feld leer',
  'form.summary':
    '{count, plural, one {Bei # Antwort gibt es ein Problem} other {Bei # Antworten gibt es Probleme}}',
  'form.summaryLine': '{title}: {message}',
  'form.errorPrefix': 'Fehler: ',

  'question.required': '(erforderlich)',
  'question.choose': 'Bitte wählen…',
  'question.place': 'Platz…',
  'question.yes': 'Ja',
  'question.no': 'Nein',
  'question.accept': 'Ich stimme zu',
  'question.lowest': 'Niedrigster Wert',
  'question.highest': 'Höchster Wert',
  'question.npsLow': 'Überhaupt nicht wahrscheinlich',
  'question.npsHigh': 'Äußerst wahrscheinlich',
  'question.csatLow': 'Sehr unzufrieden',
  'question.csatHigh': 'Sehr zufrieden',
  'question.scaleEnd': '{value}: {meaning}',

  'hint.email': 'Eine E-Mail-Adresse, z. B. name@example.com',
  'hint.url': 'Eine Webadresse, die mit https:// oder http:// beginnt',
  'hint.phone': 'Im internationalen Format mit Ländervorwahl, z. B. +4915112345678',
  'hint.numberBetween': 'Eine ganze Zahl von {min} bis {max}',
  'hint.numberAtLeast': 'Eine ganze Zahl, mindestens {min}',
  'hint.numberAtMost': 'Eine ganze Zahl, höchstens {max}',
  'hint.number': 'Eine ganze Zahl',
  'hint.chooseAll': 'Wählen Sie alle zutreffenden Antworten aus',
  'hint.matrix': 'Wählen Sie in jeder Zeile genau eine Antwort',
  'hint.ranking': 'Geben Sie jedem Eintrag einen eigenen Platz, 1 für den ersten und {count} für den letzten',

  'error.required': 'Antwort erforderlich',
  'error.unstorable': 'Entfernen Sie NUL-Zeichen und fehlerhafte Zeichen aus dieser Antwort',
  'error.blank': 'Geben Sie Text ein, nicht nur Leerzeichen',
  'error.tooLong':
    'Verwenden Sie höchstens {max, plural, one {# Zeichen} other {# Zeichen}} (derzeit {length})',
  'error.maxLength': 'Verwenden Sie höchstens {max, plural, one {# Zeichen} other {# Zeichen}}',
  'error.email': 'Geben Sie eine E-Mail-Adresse ein, z. B. name@example.com',
  'error.url': 'Geben Sie eine Webadresse ein, die mit https:// oder http:// beginnt',
  'error.phone': 'Geben Sie die Nummer mit Ländervorwahl ein, z. B. +4915112345678',
  'error.yesNo': 'Wählen Sie Ja oder Nein',
  'error.consent': 'Setzen Sie das Häkchen, um zuzustimmen',
  'error.matrixEveryRow': 'Wählen Sie in jeder Zeile eine Antwort aus',
  'error.matrixColumns': 'Wählen Sie in jeder Zeile eine der vorgegebenen Spalten',
  'error.ranking': 'Geben Sie jedem Eintrag einen eigenen Platz von 1 bis {count}',
  'hint.fileSize': 'Bis zu {size} MB',
  'question.fileKept': 'Eine Datei ist angehängt. Wählen Sie eine andere, um sie zu ersetzen.',
  'error.fileTooLarge': 'Diese Datei ist zu groß',
  'error.fileType': 'Dieser Dateityp wird hier nicht angenommen',
  'error.fileEmpty': 'Diese Datei ist leer',
  'error.fileAgain': 'Wählen Sie die Datei erneut aus',
  'error.fileBusy':
    'Dieses Formular kann gerade keine Dateien annehmen. Bitte versuchen Sie es später erneut.',
  'error.date': 'Geben Sie ein gültiges Datum ein',
  'error.choicesOnly': 'Wählen Sie nur aus den vorgegebenen Optionen',
  'error.chooseOne': 'Wählen Sie eine der Optionen',
  'error.numberBetween': 'Geben Sie eine ganze Zahl von {min} bis {max} ein',
  'error.numberAtLeast': 'Geben Sie eine ganze Zahl ein, mindestens {min}',
  'error.numberAtMost': 'Geben Sie eine ganze Zahl ein, höchstens {max}',
  'error.number': 'Geben Sie eine ganze Zahl ein',
  'error.scale': 'Wählen Sie eine Zahl von {min} bis {max}',

  'outcome.closed': 'Dieses Formular ist geschlossen und nimmt keine Antworten mehr an.',
  'outcome.opensOn': 'Dieses Formular wird am {when} geöffnet. Kommen Sie dann wieder, um es auszufüllen.',
  'outcome.notOpenYet': 'Dieses Formular nimmt noch keine Antworten an.',
  'outcome.thanksTitle': 'Vielen Dank',
  'outcome.thanksHeading': 'Vielen Dank!',
  'outcome.thanksMessage': 'Ihre Antworten wurden gesendet.',

  'limit.submissionsTitle': 'Zu viele Einsendungen',
  'limit.submissions':
    'Von Ihrer Adresse wurden in kurzer Zeit zu viele Antworten gesendet. Bitte versuchen Sie es in {seconds, plural, one {# Sekunde} other {# Sekunden}} erneut.',
  'limit.formNotice':
    'Aus Ihrem Netzwerk wurden in der letzten Minute zu viele Antworten an dieses Formular gesendet, daher wurden Ihre noch nicht gesendet. Sie bleiben unten erhalten: Klicken Sie in {seconds, plural, one {# Sekunde} other {# Sekunden}} erneut auf „Absenden“.',
  'limit.pageNotice':
    'Aus Ihrem Netzwerk wurden in der letzten Minute zu viele Antworten an dieses Formular gesendet, deshalb wurde diese Seite noch nicht gespeichert. Ihre Antworten bleiben unten erhalten: Drücken Sie die Schaltfläche in {seconds, plural, one {# Sekunde} other {# Sekunden}} erneut.',
  'limit.requestsTitle': 'Zu viele Anfragen',
  'limit.requests':
    'Von Ihrer Adresse kamen in kurzer Zeit zu viele Anfragen. Bitte versuchen Sie es in {seconds, plural, one {# Sekunde} other {# Sekunden}} erneut.',
  'limit.links':
    'Von Ihrer Adresse wurden in kurzer Zeit zu viele Links geöffnet. Bitte versuchen Sie es in {seconds, plural, one {# Sekunde} other {# Sekunden}} erneut.',

  'notFound.title': 'Formular nicht gefunden',
  'notFound.heading': 'Dieses Formular ist nicht verfügbar',
  'notFound.message':
    'Möglicherweise ist der Link falsch geschrieben, oder das Formular ist nicht öffentlich zugänglich.',

  'error.pageTitle': 'Etwas ist schiefgelaufen',
  'error.400': 'Die Anfrage konnte nicht gelesen werden.',
  'error.403':
    'Diese Antworten wurden von einer anderen Website gesendet und daher nicht gespeichert. Öffnen Sie das Formular erneut und beantworten Sie es dort.',
  'error.413': 'Die gesendeten Antworten sind größer, als dieses Formular zulässt.',
  'error.415': 'Die Antworten wurden in einem Format gesendet, das dieses Formular nicht annimmt.',
  'error.500': 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
  'error.other': 'Die Anfrage konnte nicht bearbeitet werden.',

  'link.unknownTitle': 'Link nicht gefunden',
  'link.unknownHeading': 'Dieser Link öffnet kein Formular',
  'link.unknownMessage':
    'Möglicherweise ist der Link falsch geschrieben oder abgeschnitten: Öffnen Sie ihn erneut aus Ihrer Einladung, oder kopieren Sie die vollständige Adresse.',
  'link.usedTitle': 'Bereits beantwortet',
  'link.usedHeading': 'Mit diesem Link wurde bereits geantwortet',
  'link.usedMessage':
    'Mit jedem persönlichen Link kann einmal geantwortet werden, und für diesen wurde die Antwort bereits gesendet. Vielen Dank! Wenn Sie glauben, dass es sich um einen Fehler handelt, wenden Sie sich an die Personen, die Sie eingeladen haben.',

  'resume.title': 'Später fortsetzen: {title}',
  'resume.heading': 'Ihre Antworten sind gespeichert',
  'resume.intro':
    'Um „{title}“ später fortzusetzen, auf diesem oder einem anderen Gerät, öffnen Sie diesen Link. Geben Sie ihn nicht weiter: Wer ihn hat, kann Ihre Antworten sehen und ändern.',
  'resume.lifetime':
    'Er bleibt gültig, bis Sie Ihre Antworten absenden oder {days, plural, one {# Tag} other {# Tage}} lang nichts ändern.',
  'resume.mailLabel': 'Diesen Link per E-Mail an mich senden',
  'resume.mailSend': 'Link senden',
  'resume.back': 'Zurück zum Formular',
  'resume.mailedTitle': 'Link gesendet: {title}',
  'resume.mailedHeading': 'Der Link ist unterwegs',
  'resume.mailedMessage':
    'Wir senden den Link zum Fortsetzen von „{title}“ an die von Ihnen eingegebene Adresse. Es kann einige Minuten dauern, bis er ankommt.',
  'resume.goneTitle': 'Link nicht mehr gültig',
  'resume.goneHeading': 'Dieser Link öffnet keine gespeicherten Antworten mehr',
  'resume.goneMessage':
    'Die gespeicherten Antworten wurden entweder bereits gesendet, oder sie wurden lange nicht geändert und daher gelöscht. Sie können das Formular neu beginnen.',

  'unsubscribe.title': 'Abmelden',
  'unsubscribe.heading': 'Abmelden?',
  'unsubscribe.question':
    '{email} von den Umfragen von {workspace} abmelden? Sie erhalten dann keine weiteren Einladungen oder Erinnerungen.',
  'unsubscribe.button': 'Abmelden',
  'unsubscribe.doneTitle': 'Abgemeldet',
  'unsubscribe.doneHeading': 'Sie sind abgemeldet',
  'unsubscribe.doneMessage': '{email} erhält keine Umfragen mehr von {workspace}.',
  'unsubscribe.unknownTitle': 'Link nicht gefunden',
  'unsubscribe.unknownHeading': 'Dieser Abmeldelink ist ungültig',
  'unsubscribe.unknownMessage':
    'Möglicherweise ist der Link falsch geschrieben oder abgeschnitten. Öffnen Sie ihn erneut aus der E-Mail, mit der Sie ihn erhalten haben.',

  'mail.footer': 'Sie erhalten diese E-Mail, weil Sie auf einer Kontaktliste von {workspace} stehen.',
  'mail.unsubscribe': 'Von den Umfragen von {workspace} abmelden',
}
