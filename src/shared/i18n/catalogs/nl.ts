import type { Catalog } from './en.js'

// Dutch: Canvass's own words (see ./en.ts).
export const nl: Catalog = {
  'layout.poweredBy': 'Mogelijk gemaakt door Canvass',
  'layout.language': 'Taal',
  'layout.errorTitle': 'Fout: {title}',
  'layout.noticeTitle': '{heading}: {title}',

  'form.questionCount': '{count, plural, one {# vraag} other {# vragen}}',
  'form.requiredCount': '{count, plural, one {# verplicht} other {# verplicht}}',
  'form.countAndRequired': '{questions}, {required}',
  'form.answeredCount': '{progress} · {count, plural, one {# beantwoord} other {# beantwoord}}',
  'form.answeredSoFar': 'Tot nu toe beantwoord',
  'form.submit': 'Verzenden',
  'form.next': 'Volgende',
  'form.back': 'Vorige',
  'form.later': 'Later verdergaan',
  'form.pageOf': 'Pagina {index} van {count}',
  'form.pageTitle': '{title} – pagina {index} van {count}',
  'form.trap': 'Laat dit veld leeg',
  'form.summary':
    '{count, plural, one {Er is een probleem met # antwoord} other {Er zijn problemen met # antwoorden}}',
  'form.summaryLine': '{title}: {message}',
  'form.errorPrefix': 'Fout: ',

  'question.required': '(verplicht)',
  'question.choose': 'Kies…',
  'question.place': 'Plaats…',
  'question.yes': 'Ja',
  'question.no': 'Nee',
  'question.accept': 'Ik ga akkoord',
  'question.lowest': 'Laagst',
  'question.highest': 'Hoogst',
  'question.npsLow': 'Helemaal niet waarschijnlijk',
  'question.npsHigh': 'Zeer waarschijnlijk',
  'question.csatLow': 'Zeer ontevreden',
  'question.csatHigh': 'Zeer tevreden',
  'question.scaleEnd': '{value}: {meaning}',

  'hint.email': 'Een e-mailadres, bijvoorbeeld name@example.com',
  'hint.url': 'Een webadres dat begint met https:// of http://',
  'hint.phone': 'In internationale notatie met landcode, bijvoorbeeld +4915112345678',
  'hint.numberBetween': 'Een geheel getal van {min} tot en met {max}',
  'hint.numberAtLeast': 'Een geheel getal, minimaal {min}',
  'hint.numberAtMost': 'Een geheel getal, maximaal {max}',
  'hint.number': 'Een geheel getal',
  'hint.chooseAll': 'Kies alles wat van toepassing is',
  'hint.matrix': 'Kies één antwoord per rij',
  'hint.ranking': 'Geef elk item een eigen plaats, 1 voor het eerste en {count} voor het laatste',

  'error.required': 'Verplicht',
  'error.unstorable': 'Verwijder de NUL-tekens of ongeldige tekens uit dit antwoord',
  'error.blank': 'Vul tekst in, niet alleen spaties',
  'error.tooLong': 'Gebruik maximaal {max, plural, one {# teken} other {# tekens}} (nu {length})',
  'error.maxLength': 'Gebruik maximaal {max, plural, one {# teken} other {# tekens}}',
  'error.email': 'Vul een e-mailadres in, bijvoorbeeld name@example.com',
  'error.url': 'Vul een webadres in dat begint met https:// of http://',
  'error.phone': 'Vul het nummer in met landcode, bijvoorbeeld +4915112345678',
  'error.yesNo': 'Kies Ja of Nee',
  'error.consent': 'Vink het vakje aan om akkoord te gaan',
  'error.matrixEveryRow': 'Kies in elke rij een antwoord',
  'error.matrixColumns': 'Kies in elke rij een van de kolommen',
  'error.ranking': 'Geef elk item een eigen plaats, van 1 tot en met {count}',
  'hint.fileSize': 'Maximaal {size} MB',
  'question.fileKept': 'Er is een bestand bijgevoegd. Kies een ander om het te vervangen.',
  'error.fileTooLarge': 'Dit bestand is te groot',
  'error.fileType': 'Dit type bestand wordt hier niet geaccepteerd',
  'error.fileEmpty': 'Dit bestand is leeg',
  'error.fileAgain': 'Kies het bestand opnieuw',
  'error.fileBusy': 'Dit formulier kan op dit moment geen bestanden ontvangen. Probeer het later opnieuw.',
  'error.date': 'Vul een bestaande datum in',
  'error.choicesOnly': 'Kies alleen uit de opties',
  'error.chooseOne': 'Kies een van de opties',
  'error.numberBetween': 'Vul een geheel getal in van {min} tot en met {max}',
  'error.numberAtLeast': 'Vul een geheel getal in, minimaal {min}',
  'error.numberAtMost': 'Vul een geheel getal in, maximaal {max}',
  'error.number': 'Vul een geheel getal in',
  'error.scale': 'Kies een getal van {min} tot en met {max}',

  'outcome.closed': 'Dit formulier is gesloten en neemt geen antwoorden meer aan.',
  'outcome.opensOn': 'Dit formulier gaat open op {when}. Kom dan terug om het in te vullen.',
  'outcome.notOpenYet': 'Dit formulier neemt nog geen antwoorden aan.',
  'outcome.thanksTitle': 'Bedankt',
  'outcome.thanksHeading': 'Bedankt!',
  'outcome.thanksMessage': 'Uw antwoorden zijn verzonden.',

  'limit.submissionsTitle': 'Te veel inzendingen',
  'limit.submissions':
    'Er zijn in korte tijd te veel antwoorden verzonden vanaf uw adres. Probeer het over {seconds, plural, one {# seconde} other {# seconden}} opnieuw.',
  'limit.formNotice':
    'Er zijn de afgelopen minuut te veel antwoorden vanaf uw netwerk naar dit formulier verzonden, daarom zijn die van u nog niet verzonden. Ze staan hieronder: klik over {seconds, plural, one {# seconde} other {# seconden}} opnieuw op Verzenden.',
  'limit.pageNotice':
    'Er zijn in de afgelopen minuut te veel antwoorden vanaf uw netwerk naar dit formulier gestuurd, daarom is deze pagina nog niet opgeslagen. De antwoorden staan hieronder bewaard: druk over {seconds, plural, one {# seconde} other {# seconden}} opnieuw op de knop.',
  'limit.requestsTitle': 'Te veel verzoeken',
  'limit.requests':
    'Er kwamen in korte tijd te veel verzoeken van uw adres. Probeer het over {seconds, plural, one {# seconde} other {# seconden}} opnieuw.',
  'limit.links':
    'Er zijn in korte tijd te veel links geopend vanaf uw adres. Probeer het over {seconds, plural, one {# seconde} other {# seconden}} opnieuw.',

  'notFound.title': 'Formulier niet gevonden',
  'notFound.heading': 'Dit formulier is niet beschikbaar',
  'notFound.message': 'Misschien bevat de link een typefout, of is het formulier niet openbaar.',

  'error.pageTitle': 'Er is iets misgegaan',
  'error.400': 'Het verzoek kon niet worden gelezen.',
  'error.403':
    'Deze antwoorden zijn vanaf een andere website verzonden en daarom niet opgeslagen. Open het formulier opnieuw en vul het daar in.',
  'error.413': 'De verzonden antwoorden zijn groter dan dit formulier toestaat.',
  'error.415': 'De antwoorden zijn verzonden in een indeling die dit formulier niet accepteert.',
  'error.500': 'Er is aan onze kant iets misgegaan. Probeer het opnieuw.',
  'error.other': 'Het verzoek kon niet worden verwerkt.',

  'link.unknownTitle': 'Link niet gevonden',
  'link.unknownHeading': 'Deze link opent geen formulier',
  'link.unknownMessage':
    'Misschien bevat de link een typefout of is hij afgebroken: open hem opnieuw vanuit uw uitnodiging, of kopieer het volledige adres.',
  'link.usedTitle': 'Al beantwoord',
  'link.usedHeading': 'Deze link is al gebruikt om te antwoorden',
  'link.usedMessage':
    'Met elke persoonlijke link kunt u één keer antwoorden, en met deze link is dat al gebeurd. Bedankt! Denkt u dat dit een vergissing is? Neem dan contact op met wie u heeft uitgenodigd.',

  'resume.title': 'Later verdergaan: {title}',
  'resume.heading': 'Uw antwoorden zijn opgeslagen',
  'resume.intro':
    'Open deze link om later verder te gaan met {title}, op dit apparaat of op een ander. Houd hem voor uzelf: iedereen met deze link kan uw antwoorden bekijken en wijzigen.',
  'resume.lifetime':
    'De link werkt tot u uw antwoorden verzendt, of tot er {days, plural, one {# dag} other {# dagen}} lang niets is gewijzigd.',
  'resume.mailLabel': 'Stuur mij deze link per e-mail',
  'resume.mailSend': 'Link versturen',
  'resume.back': 'Terug naar het formulier',
  'resume.mailedTitle': 'Link verstuurd: {title}',
  'resume.mailedHeading': 'De link is onderweg',
  'resume.mailedMessage':
    'We sturen de link om verder te gaan met {title} naar het adres dat u heeft ingevuld. Het kan een paar minuten duren voordat hij aankomt.',
  'resume.goneTitle': 'Link niet meer geldig',
  'resume.goneHeading': 'Deze link opent geen opgeslagen antwoorden meer',
  'resume.goneMessage':
    'De opgeslagen antwoorden zijn al verzonden, of zijn lange tijd niet gewijzigd en daarom verwijderd. U kunt het formulier opnieuw invullen.',

  'unsubscribe.title': 'Afmelden',
  'unsubscribe.heading': 'Afmelden?',
  'unsubscribe.question':
    '{email} afmelden voor de enquêtes van {workspace}? U krijgt dan geen uitnodigingen of herinneringen meer van hen.',
  'unsubscribe.button': 'Afmelden',
  'unsubscribe.doneTitle': 'Afgemeld',
  'unsubscribe.doneHeading': 'U bent afgemeld',
  'unsubscribe.doneMessage': '{email} ontvangt geen enquêtes meer van {workspace}.',
  'unsubscribe.unknownTitle': 'Link niet gevonden',
  'unsubscribe.unknownHeading': 'Deze afmeldlink is niet geldig',
  'unsubscribe.unknownMessage':
    'Misschien bevat de link een typefout of is hij afgebroken. Open hem opnieuw vanuit de e-mail waarmee u hem heeft ontvangen.',

  'mail.footer': 'U ontvangt deze e-mail omdat u op een contactlijst van {workspace} staat.',
  'mail.unsubscribe': 'Afmelden voor de enquêtes van {workspace}',
}
