import type { Catalog } from './en.js'

// Italian: Canvass's own words (see ./en.ts).
export const it: Catalog = {
  'layout.poweredBy': 'Realizzato con Canvass',
  'layout.language': 'Lingua',
  'layout.errorTitle': 'Errore: {title}',
  'layout.noticeTitle': '{heading}: {title}',

  'form.questionCount': '{count, plural, one {# domanda} many {# domande} other {# domande}}',
  'form.requiredCount': '{count, plural, one {# obbligatoria} many {# obbligatorie} other {# obbligatorie}}',
  'form.countAndRequired': '{questions}, {required}',
  'form.answeredCount':
    '{progress} · {count, plural, one {# con risposta} many {# con risposta} other {# con risposta}}',
  'form.answeredSoFar': 'Risposte date finora',
  'form.submit': 'Invia',
  'form.next': 'Avanti',
  'form.back': 'Indietro',
  'form.later': 'Continua più tardi',
  'form.pageOf': 'Pagina {index} di {count}',
  'form.pageTitle': '{title} – pagina {index} di {count}',
  'form.trap': 'Lascia vuoto questo campo',
  'form.summary':
    '{count, plural, one {C’è un problema con # risposta} many {Ci sono problemi con # risposte} other {Ci sono problemi con # risposte}}',
  'form.summaryLine': '{title}: {message}',
  'form.errorPrefix': 'Errore: ',

  'question.required': '(obbligatoria)',
  'question.choose': 'Scegli…',
  'question.place': 'Posizione…',
  'question.yes': 'Sì',
  'question.no': 'No',
  'question.accept': 'Accetto',
  'question.lowest': 'Minimo',
  'question.highest': 'Massimo',
  'question.npsLow': 'Per niente probabile',
  'question.npsHigh': 'Estremamente probabile',
  'question.csatLow': 'Molto insoddisfatto',
  'question.csatHigh': 'Molto soddisfatto',
  'question.scaleEnd': '{value}: {meaning}',

  'hint.email': 'Un indirizzo email, ad esempio name@example.com',
  'hint.url': 'Un indirizzo web che inizia con https:// o http://',
  'hint.phone': 'In formato internazionale con il prefisso del paese, ad esempio +4915112345678',
  'hint.numberBetween': 'Un numero intero da {min} a {max}',
  'hint.numberAtLeast': 'Un numero intero, minimo {min}',
  'hint.numberAtMost': 'Un numero intero, massimo {max}',
  'hint.number': 'Un numero intero',
  'hint.chooseAll': 'Scegli tutte le opzioni pertinenti',
  'hint.matrix': 'Scegli una risposta per ogni riga',
  'hint.ranking': 'Assegna a ogni elemento una posizione diversa, 1 per il primo e {count} per l’ultimo',

  'error.required': 'Risposta obbligatoria',
  'error.unstorable': 'Rimuovi i caratteri NUL o non validi da questa risposta',
  'error.blank': 'Inserisci del testo, non solo spazi',
  'error.tooLong':
    'Usa al massimo {max, plural, one {# carattere} many {# caratteri} other {# caratteri}} (ne hai scritti {length})',
  'error.maxLength': 'Usa al massimo {max, plural, one {# carattere} many {# caratteri} other {# caratteri}}',
  'error.email': 'Inserisci un indirizzo email, ad esempio name@example.com',
  'error.url': 'Inserisci un indirizzo web che inizi con https:// o http://',
  'error.phone': 'Inserisci il numero con il prefisso del paese, ad esempio +4915112345678',
  'error.yesNo': 'Scegli Sì o No',
  'error.consent': 'Seleziona la casella per accettare',
  'error.matrixEveryRow': 'Scegli una risposta in ogni riga',
  'error.matrixColumns': 'Scegli una delle colonne in ogni riga',
  'error.ranking': 'Assegna a ogni elemento una posizione diversa, da 1 a {count}',
  'hint.fileSize': 'Fino a {size} MB',
  'question.fileKept': 'È allegato un file. Scegline un altro per sostituirlo.',
  'error.fileTooLarge': 'Questo file è troppo grande',
  'error.fileType': 'Questo tipo di file non è accettato qui',
  'error.fileEmpty': 'Questo file è vuoto',
  'error.fileAgain': 'Scegli di nuovo il file',
  'error.fileBusy': 'Questo modulo non può ricevere file in questo momento. Riprova più tardi.',
  'error.date': 'Inserisci una data valida',
  'error.choicesOnly': 'Scegli solo tra le opzioni proposte',
  'error.chooseOne': 'Scegli una delle opzioni',
  'error.numberBetween': 'Inserisci un numero intero da {min} a {max}',
  'error.numberAtLeast': 'Inserisci un numero intero, minimo {min}',
  'error.numberAtMost': 'Inserisci un numero intero, massimo {max}',
  'error.number': 'Inserisci un numero intero',
  'error.scale': 'Scegli un numero da {min} a {max}',

  'outcome.closed': 'Questo modulo è chiuso e non accetta più risposte.',
  'outcome.opensOn': 'Questo modulo sarà aperto dal {when}. Torna allora per compilarlo.',
  'outcome.notOpenYet': 'Questo modulo non accetta ancora risposte.',
  'outcome.thanksTitle': 'Grazie',
  'outcome.thanksHeading': 'Grazie!',
  'outcome.thanksMessage': 'Le tue risposte sono state inviate.',

  'limit.submissionsTitle': 'Troppi invii',
  'limit.submissions':
    'Dal tuo indirizzo sono state inviate troppe risposte in poco tempo. Riprova tra {seconds, plural, one {# secondo} many {# secondi} other {# secondi}}.',
  'limit.formNotice':
    'Dalla tua rete sono state inviate troppe risposte a questo modulo nell’ultimo minuto, quindi le tue non sono ancora state inviate. Sono conservate qui sotto: premi di nuovo Invia tra {seconds, plural, one {# secondo} many {# secondi} other {# secondi}}.',
  'limit.pageNotice':
    'Dalla tua rete sono state inviate troppe risposte a questo modulo nell’ultimo minuto, quindi questa pagina non è ancora stata salvata. Le risposte sono conservate qui sotto: premi di nuovo il pulsante tra {seconds, plural, one {# secondo} many {# secondi} other {# secondi}}.',
  'limit.requestsTitle': 'Troppe richieste',
  'limit.requests':
    'Dal tuo indirizzo sono arrivate troppe richieste in poco tempo. Riprova tra {seconds, plural, one {# secondo} many {# secondi} other {# secondi}}.',
  'limit.links':
    'Dal tuo indirizzo sono stati aperti troppi link in poco tempo. Riprova tra {seconds, plural, one {# secondo} many {# secondi} other {# secondi}}.',

  'notFound.title': 'Modulo non trovato',
  'notFound.heading': 'Questo modulo non è disponibile',
  'notFound.message':
    'Il link potrebbe contenere un errore di battitura, oppure il modulo non è aperto al pubblico.',

  'error.pageTitle': 'Si è verificato un errore',
  'error.400': 'Non è stato possibile leggere la richiesta.',
  'error.403':
    'Queste risposte sono state inviate da un altro sito, quindi non sono state salvate. Apri di nuovo il modulo e compilalo lì.',
  'error.413': 'Le risposte inviate superano le dimensioni accettate da questo modulo.',
  'error.415': 'Le risposte sono state inviate in un formato che questo modulo non accetta.',
  'error.500': 'Si è verificato un errore da parte nostra. Riprova.',
  'error.other': 'Non è stato possibile elaborare la richiesta.',

  'link.unknownTitle': 'Link non trovato',
  'link.unknownHeading': 'Questo link non apre alcun modulo',
  'link.unknownMessage':
    'Il link potrebbe contenere un errore di battitura o essere incompleto: aprilo di nuovo dal tuo invito, oppure copia l’indirizzo completo.',
  'link.usedTitle': 'Risposta già inviata',
  'link.usedHeading': 'Questo link è già stato usato per rispondere',
  'link.usedMessage':
    'Ogni link personale accetta una sola risposta, e questa è già stata inviata. Grazie! Se pensi che si tratti di un errore, contatta chi ti ha invitato.',

  'resume.title': 'Continua più tardi: {title}',
  'resume.heading': 'Le tue risposte sono salvate',
  'resume.intro':
    'Per riprendere {title} più tardi, su questo dispositivo o su un altro, apri questo link. Non condividerlo: chiunque lo abbia può vedere e modificare le tue risposte.',
  'resume.lifetime':
    'Il link scade quando invii le risposte, oppure dopo {days, plural, one {# giorno} many {# giorni} other {# giorni}} senza modifiche.',
  'resume.mailLabel': 'Inviami questo link via email',
  'resume.mailSend': 'Invia il link',
  'resume.back': 'Torna al modulo',
  'resume.mailedTitle': 'Link inviato: {title}',
  'resume.mailedHeading': 'Il link è in arrivo',
  'resume.mailedMessage':
    'Stiamo inviando il link per riprendere {title} all’indirizzo che hai inserito. Potrebbero volerci alcuni minuti.',
  'resume.goneTitle': 'Link non più valido',
  'resume.goneHeading': 'Questo link non apre più le risposte salvate',
  'resume.goneMessage':
    'Le risposte salvate sono già state inviate, oppure non sono state modificate per molto tempo e sono state eliminate. Puoi ricominciare a compilare il modulo.',

  'unsubscribe.title': 'Annulla iscrizione',
  'unsubscribe.heading': 'Annullare l’iscrizione?',
  'unsubscribe.question':
    'Annullare l’iscrizione di {email} ai sondaggi di {workspace}? Non riceverai più inviti né promemoria da loro.',
  'unsubscribe.button': 'Annulla iscrizione',
  'unsubscribe.doneTitle': 'Iscrizione annullata',
  'unsubscribe.doneHeading': 'La tua iscrizione è stata annullata',
  'unsubscribe.doneMessage': '{email} non riceverà più sondaggi da {workspace}.',
  'unsubscribe.unknownTitle': 'Link non trovato',
  'unsubscribe.unknownHeading': 'Questo link per annullare l’iscrizione non è valido',
  'unsubscribe.unknownMessage':
    'Il link potrebbe contenere un errore di battitura o essere incompleto. Aprilo di nuovo dall’email in cui l’hai ricevuto.',

  'mail.footer': 'Hai ricevuto questa email perché sei in una lista di contatti di {workspace}.',
  'mail.unsubscribe': 'Annulla l’iscrizione ai sondaggi di {workspace}',
}
