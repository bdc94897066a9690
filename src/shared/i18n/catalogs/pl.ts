import type { Catalog } from './en.js'

// Polish: Canvass's own words (see ./en.ts).
export const pl: Catalog = {
  'layout.poweredBy': 'Obsługiwane przez Canvass',
  'layout.language': 'Język',
  'layout.errorTitle': 'Błąd: {title}',
  'layout.noticeTitle': '{heading}: {title}',

  'form.questionCount': '{count, plural, one {# pytanie} few {# pytania} many {# pytań} other {# pytania}}',
  'form.requiredCount':
    '{count, plural, one {# wymagane} few {# wymagane} many {# wymaganych} other {# wymaganego}}',
  'form.countAndRequired': '{questions}, {required}',
  'form.answeredCount':
    '{progress} · odpowiedziano na {count, plural, one {# pytanie} few {# pytania} many {# pytań} other {# pytania}}',
  'form.answeredSoFar': 'Udzielone dotąd odpowiedzi',
  'form.submit': 'Wyślij',
  'form.next': 'Dalej',
  'form.back': 'Wstecz',
  'form.later': 'Dokończ później',
  'form.pageOf': 'Strona {index} z {count}',
  'form.pageTitle': '{title} – strona {index} z {count}',
  'form.trap': 'Pozostaw to pole puste',
  'form.summary':
    '{count, plural, one {# odpowiedź wymaga poprawy} few {# odpowiedzi wymagają poprawy} many {# odpowiedzi wymaga poprawy} other {# odpowiedzi wymaga poprawy}}',
  'form.summaryLine': '{title}: {message}',
  'form.errorPrefix': 'Błąd: ',

  'question.required': '(wymagane)',
  'question.choose': 'Wybierz…',
  'question.place': 'Miejsce…',
  'question.yes': 'Tak',
  'question.no': 'Nie',
  'question.accept': 'Akceptuję',
  'question.lowest': 'Najniższa',
  'question.highest': 'Najwyższa',
  'question.npsLow': 'Zupełnie nieprawdopodobne',
  'question.npsHigh': 'Bardzo prawdopodobne',
  'question.csatLow': 'Duże niezadowolenie',
  'question.csatHigh': 'Duże zadowolenie',
  'question.scaleEnd': '{value}: {meaning}',

  'hint.email': 'Adres e-mail, np. name@example.com',
  'hint.url': 'Adres internetowy zaczynający się od https:// lub http://',
  'hint.phone': 'W formacie międzynarodowym, z numerem kierunkowym kraju, np. +4915112345678',
  'hint.numberBetween': 'Liczba całkowita od {min} do {max}',
  'hint.numberAtLeast': 'Liczba całkowita, co najmniej {min}',
  'hint.numberAtMost': 'Liczba całkowita, najwyżej {max}',
  'hint.number': 'Liczba całkowita',
  'hint.chooseAll': 'Zaznacz wszystkie pasujące odpowiedzi',
  'hint.matrix': 'Wybierz jedną odpowiedź w każdym wierszu',
  'hint.ranking': 'Nadaj każdej pozycji inne miejsce: 1 pierwszej, {count} ostatniej',

  'error.required': 'Odpowiedź jest wymagana',
  'error.unstorable': 'Usuń z tej odpowiedzi znaki NUL lub uszkodzone znaki',
  'error.blank': 'Wpisz tekst, nie same spacje',
  'error.tooLong':
    'Wpisz najwyżej {max, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}} (obecnie: {length})',
  'error.maxLength':
    'Wpisz najwyżej {max, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}',
  'error.email': 'Wpisz adres e-mail, np. name@example.com',
  'error.url': 'Wpisz adres internetowy zaczynający się od https:// lub http://',
  'error.phone': 'Wpisz numer z numerem kierunkowym kraju, np. +4915112345678',
  'error.yesNo': 'Wybierz Tak lub Nie',
  'error.consent': 'Zaznacz pole, aby to zaakceptować',
  'error.matrixEveryRow': 'Wybierz odpowiedź w każdym wierszu',
  'error.matrixColumns': 'Wybierz jedną z kolumn w każdym wierszu',
  'error.ranking': 'Nadaj każdej pozycji inne miejsce, od 1 do {count}',
  'hint.fileSize': 'Do {size} MB',
  'question.fileKept': 'Plik jest załączony. Wybierz inny, aby go zastąpić.',
  'error.fileTooLarge': 'Ten plik jest za duży',
  'error.fileType': 'Ten typ pliku nie jest tu akceptowany',
  'error.fileEmpty': 'Ten plik jest pusty',
  'error.fileAgain': 'Wybierz plik ponownie',
  'error.fileBusy': 'Ten formularz nie może teraz przyjmować plików. Spróbuj ponownie później.',
  'error.date': 'Wpisz prawidłową datę',
  'error.choicesOnly': 'Wybieraj tylko spośród podanych opcji',
  'error.chooseOne': 'Wybierz jedną z opcji',
  'error.numberBetween': 'Wpisz liczbę całkowitą od {min} do {max}',
  'error.numberAtLeast': 'Wpisz liczbę całkowitą, co najmniej {min}',
  'error.numberAtMost': 'Wpisz liczbę całkowitą, najwyżej {max}',
  'error.number': 'Wpisz liczbę całkowitą',
  'error.scale': 'Wybierz liczbę od {min} do {max}',

  'outcome.closed': 'Ten formularz jest zamknięty i nie przyjmuje już odpowiedzi.',
  'outcome.opensOn': 'Ten formularz zostanie otwarty {when}. Wróć wtedy, aby go wypełnić.',
  'outcome.notOpenYet': 'Ten formularz nie przyjmuje jeszcze odpowiedzi.',
  'outcome.thanksTitle': 'Dziękujemy',
  'outcome.thanksHeading': 'Dziękujemy!',
  'outcome.thanksMessage': 'Twoje odpowiedzi zostały wysłane.',

  'limit.submissionsTitle': 'Zbyt wiele wysłanych odpowiedzi',
  'limit.submissions':
    'Z Twojego adresu wysłano w krótkim czasie zbyt wiele odpowiedzi. Spróbuj ponownie za {seconds, plural, one {# sekundę} few {# sekundy} many {# sekund} other {# sekundy}}.',
  'limit.formNotice':
    'W ciągu ostatniej minuty z Twojej sieci wysłano do tego formularza zbyt wiele odpowiedzi, dlatego Twoje nie zostały jeszcze wysłane. Zachowaliśmy je poniżej: naciśnij ponownie „Wyślij” za {seconds, plural, one {# sekundę} few {# sekundy} many {# sekund} other {# sekundy}}.',
  'limit.pageNotice':
    'W ciągu ostatniej minuty z Twojej sieci wysłano do tego formularza zbyt wiele odpowiedzi, dlatego ta strona nie została jeszcze zapisana. Odpowiedzi są zachowane poniżej: naciśnij przycisk ponownie za {seconds, plural, one {# sekundę} few {# sekundy} many {# sekund} other {# sekundy}}.',
  'limit.requestsTitle': 'Zbyt wiele żądań',
  'limit.requests':
    'Z Twojego adresu wysłano w krótkim czasie zbyt wiele żądań. Spróbuj ponownie za {seconds, plural, one {# sekundę} few {# sekundy} many {# sekund} other {# sekundy}}.',
  'limit.links':
    'Z Twojego adresu otwarto w krótkim czasie zbyt wiele linków. Spróbuj ponownie za {seconds, plural, one {# sekundę} few {# sekundy} many {# sekund} other {# sekundy}}.',

  'notFound.title': 'Nie znaleziono formularza',
  'notFound.heading': 'Ten formularz jest niedostępny',
  'notFound.message': 'Link może zawierać literówkę albo formularz nie jest dostępny publicznie.',

  'error.pageTitle': 'Coś poszło nie tak',
  'error.400': 'Nie udało się odczytać żądania.',
  'error.403':
    'Te odpowiedzi zostały wysłane z innej witryny, więc nie zostały zapisane. Otwórz formularz ponownie i wypełnij go tam.',
  'error.413': 'Wysłane odpowiedzi przekraczają rozmiar, który przyjmuje ten formularz.',
  'error.415': 'Odpowiedzi zostały wysłane w formacie, którego ten formularz nie przyjmuje.',
  'error.500': 'Coś poszło nie tak po naszej stronie. Spróbuj ponownie.',
  'error.other': 'Nie udało się obsłużyć żądania.',

  'link.unknownTitle': 'Nie znaleziono linku',
  'link.unknownHeading': 'Ten link nie otwiera żadnego formularza',
  'link.unknownMessage':
    'Link może zawierać literówkę lub być ucięty: otwórz go ponownie z zaproszenia albo skopiuj cały adres.',
  'link.usedTitle': 'Odpowiedź już wysłana',
  'link.usedHeading': 'Ten link został już użyty do udzielenia odpowiedzi',
  'link.usedMessage':
    'Każdy link osobisty przyjmuje jedną odpowiedź, a odpowiedź z tego linku została już wysłana. Dziękujemy! Jeśli uważasz, że to pomyłka, skontaktuj się z osobami, które Cię zaprosiły.',

  'resume.title': 'Dokończ później: {title}',
  'resume.heading': 'Twoje odpowiedzi zostały zapisane',
  'resume.intro':
    'Aby później dokończyć formularz „{title}” na tym lub innym urządzeniu, otwórz ten link. Zachowaj go dla siebie: każdy, kto go ma, może zobaczyć i zmienić Twoje odpowiedzi.',
  'resume.lifetime':
    'Link działa do chwili wysłania odpowiedzi albo do upływu {days, plural, one {# dnia} few {# dni} many {# dni} other {# dnia}} bez żadnej zmiany.',
  'resume.mailLabel': 'Wyślij mi ten link e-mailem',
  'resume.mailSend': 'Wyślij link',
  'resume.back': 'Wróć do formularza',
  'resume.mailedTitle': 'Link wysłany: {title}',
  'resume.mailedHeading': 'Link jest w drodze',
  'resume.mailedMessage':
    'Wysyłamy link do dokończenia formularza „{title}” na podany przez Ciebie adres. Może dotrzeć dopiero po kilku minutach.',
  'resume.goneTitle': 'Link jest już nieważny',
  'resume.goneHeading': 'Ten link nie otwiera już zapisanych odpowiedzi',
  'resume.goneMessage':
    'Zapisane w nim odpowiedzi zostały już wysłane albo długo się nie zmieniały i zostały usunięte. Możesz wypełnić formularz od nowa.',

  'unsubscribe.title': 'Rezygnacja z ankiet',
  'unsubscribe.heading': 'Zrezygnować z ankiet?',
  'unsubscribe.question':
    'Wypisać adres {email} z ankiet od {workspace}? Nie dostaniesz od nich więcej zaproszeń ani przypomnień.',
  'unsubscribe.button': 'Wypisz',
  'unsubscribe.doneTitle': 'Wypisano',
  'unsubscribe.doneHeading': 'Wypisano Cię z listy',
  'unsubscribe.doneMessage': 'Adres {email} nie będzie już otrzymywać ankiet od {workspace}.',
  'unsubscribe.unknownTitle': 'Nie znaleziono linku',
  'unsubscribe.unknownHeading': 'Ten link do rezygnacji jest nieprawidłowy',
  'unsubscribe.unknownMessage':
    'Link może zawierać literówkę lub być ucięty. Otwórz go ponownie z wiadomości, w której przyszedł.',

  'mail.footer': 'Otrzymujesz tę wiadomość, ponieważ jesteś na liście kontaktów, którą prowadzi {workspace}.',
  'mail.unsubscribe': 'Wypisz się z ankiet od {workspace}',
}
