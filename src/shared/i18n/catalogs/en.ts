// Canvass's own words on the pages respondents see, and in the footer of the mails they get, in
// ICU MessageFormat (formatted by intl-messageformat: plurals by the language's rules, numbers in
// its digits). The source catalog: every other language (./index.ts) has every key of this one, as
// the type checker and test/i18n/catalogs.test.ts insist. A respondent sees the form's own words in
// the form's translation (src/shared/i18n/localise.ts); these are the words around them.
// Placeholders are named by what they hold; `#` in a plural is the number.

export const en = {
  'layout.poweredBy': 'Powered by Canvass',
  'layout.language': 'Language',
  'layout.errorTitle': 'Error: {title}',
  'layout.noticeTitle': '{heading}: {title}',

  'form.questionCount': '{count, plural, one {# question} other {# questions}}',
  'form.requiredCount': '{count, plural, one {# required} other {# required}}',
  'form.countAndRequired': '{questions}, {required}',
  'form.answeredCount': '{progress} · {count, plural, one {# answered} other {# answered}}',
  'form.answeredSoFar': 'Answered so far',
  'form.submit': 'Submit',
  'form.next': 'Next',
  'form.back': 'Back',
  'form.later': 'Continue later',
  'form.pageOf': 'Page {index} of {count}',
  'form.pageTitle': '{title} – page {index} of {count}',
  'form.trap': 'Leave this field empty',
  'form.summary':
    '{count, plural, one {There is a problem with # answer} other {There are problems with # answers}}',
  'form.summaryLine': '{title}: {message}',
  'form.errorPrefix': 'Error: ',

  'question.required': '(required)',
  'question.choose': 'Choose…',
  'question.place': 'Place…',
  'question.yes': 'Yes',
  'question.no': 'No',
  'question.accept': 'I accept',
  'question.lowest': 'Lowest',
  'question.highest': 'Highest',
  'question.npsLow': 'Not at all likely',
  'question.npsHigh': 'Extremely likely',
  'question.csatLow': 'Very unsatisfied',
  'question.csatHigh': 'Very satisfied',
  'question.scaleEnd': '{value}: {meaning}',

  'hint.email': 'An e-mail address, e.g. name@example.com',
  'hint.url': 'A web address starting with https:// or http://',
  'hint.phone': 'In international form with country code, e.g. +4915112345678',
  'hint.numberBetween': 'A whole number from {min} to {max}',
  'hint.numberAtLeast': 'A whole number, at least {min}',
  'hint.numberAtMost': 'A whole number, at most {max}',
  'hint.number': 'A whole number',
  'hint.chooseAll': 'Choose all that apply',
  'hint.matrix': 'Choose one answer in each row',
  'hint.ranking': 'Give each item its own place, 1 for the first and {count} for the last',

  'error.required': 'Required',
  'error.unstorable': 'Remove the NUL or broken characters from this answer',
  'error.blank': 'Enter some text, not only spaces',
  'error.tooLong': 'Use at most {max, plural, one {# character} other {# characters}} (this has {length})',
  'error.maxLength': 'Use at most {max, plural, one {# character} other {# characters}}',
  'error.email': 'Enter an e-mail address, e.g. name@example.com',
  'error.url': 'Enter a web address starting with https:// or http://',
  'error.phone': 'Enter the number with its country code, e.g. +4915112345678',
  'error.yesNo': 'Choose Yes or No',
  'error.consent': 'Tick the box to accept this',
  'error.matrixEveryRow': 'Choose an answer in every row',
  'error.matrixColumns': 'Choose one of the columns in each row',
  'error.ranking': 'Give each item its own place, from 1 to {count}',
  'hint.fileSize': 'Up to {size} MB',
  'question.fileKept': 'A file is attached. Choose another to replace it.',
  'error.fileTooLarge': 'This file is too large',
  'error.fileType': 'This type of file is not accepted here',
  'error.fileEmpty': 'This file is empty',
  'error.fileAgain': 'Choose the file again',
  'error.fileBusy': 'This form cannot take files right now. Please try again later.',
  'error.date': 'Enter a real date',
  'error.choicesOnly': 'Choose only from the options',
  'error.chooseOne': 'Choose one of the options',
  'error.numberBetween': 'Enter a whole number from {min} to {max}',
  'error.numberAtLeast': 'Enter a whole number, at least {min}',
  'error.numberAtMost': 'Enter a whole number, at most {max}',
  'error.number': 'Enter a whole number',
  'error.scale': 'Choose a number from {min} to {max}',

  'outcome.closed': 'This form is closed and no longer accepts answers.',
  'outcome.opensOn': 'This form opens on {when}. Come back then to answer it.',
  'outcome.notOpenYet': 'This form does not accept answers yet.',
  'outcome.thanksTitle': 'Thank you',
  'outcome.thanksHeading': 'Thank you!',
  'outcome.thanksMessage': 'Your answers have been sent.',

  'limit.submissionsTitle': 'Too many submissions',
  'limit.submissions':
    'Too many answers were sent from your address in a short time. Please try again in {seconds, plural, one {# second} other {# seconds}}.',
  'limit.formNotice':
    'Too many answers were sent to this form from your network in the last minute, so yours have not been sent yet. They are kept below: press Submit again in {seconds, plural, one {# second} other {# seconds}}.',
  'limit.pageNotice':
    'Too many answers were sent to this form from your network in the last minute, so this page has not been saved yet. Its answers are kept below: press the button again in {seconds, plural, one {# second} other {# seconds}}.',
  'limit.requestsTitle': 'Too many requests',
  'limit.requests':
    'Too many requests came from your address in a short time. Please try again in {seconds, plural, one {# second} other {# seconds}}.',
  'limit.links':
    'Too many links were opened from your address in a short time. Please try again in {seconds, plural, one {# second} other {# seconds}}.',

  'notFound.title': 'Form not found',
  'notFound.heading': 'This form is not available',
  'notFound.message': 'The link may be mistyped, or the form is not open to the public.',

  'error.pageTitle': 'Something went wrong',
  'error.400': 'The request could not be read.',
  'error.403':
    'These answers were sent from another site, so they were not saved. Open the form again and answer it there.',
  'error.413': 'The answers sent are larger than this form accepts.',
  'error.415': 'The answers were sent in a format this form does not accept.',
  'error.500': 'Something went wrong on our side. Please try again.',
  'error.other': 'The request could not be handled.',

  'link.unknownTitle': 'Link not found',
  'link.unknownHeading': 'This link does not open a form',
  'link.unknownMessage':
    'The link may be mistyped or cut short: open it again from your invitation, or copy the whole address.',
  'link.usedTitle': 'Already answered',
  'link.usedHeading': 'This link has already been used to answer',
  'link.usedMessage':
    'Each personal link takes one response, and this one has been sent. Thank you! If you think this is a mistake, contact the people who invited you.',

  'resume.title': 'Continue later: {title}',
  'resume.heading': 'Your answers are saved',
  'resume.intro':
    'To continue {title} later, on this device or another one, open this link. Keep it to yourself: anyone with it can see and change your answers.',
  'resume.lifetime':
    'It works until you send your answers, or for {days, plural, one {# day} other {# days}} without a change.',
  'resume.mailLabel': 'Email me this link',
  'resume.mailSend': 'Send the link',
  'resume.back': 'Back to the form',
  'resume.mailedTitle': 'Link sent: {title}',
  'resume.mailedHeading': 'The link is on its way',
  'resume.mailedMessage':
    'We are sending the link to continue {title} to the address you typed. It may take a few minutes to arrive.',
  'resume.goneTitle': 'Link no longer valid',
  'resume.goneHeading': 'This link no longer opens saved answers',
  'resume.goneMessage':
    'The answers it kept were sent already, or were not changed for a long time and were deleted. You can start the form again.',

  'unsubscribe.title': 'Unsubscribe',
  'unsubscribe.heading': 'Unsubscribe?',
  'unsubscribe.question':
    'Unsubscribe {email} from {workspace}’s surveys? You will get no more invitations or reminders from them.',
  'unsubscribe.button': 'Unsubscribe',
  'unsubscribe.doneTitle': 'Unsubscribed',
  'unsubscribe.doneHeading': 'You are unsubscribed',
  'unsubscribe.doneMessage': '{email} will get no more surveys from {workspace}.',
  'unsubscribe.unknownTitle': 'Link not found',
  'unsubscribe.unknownHeading': 'This unsubscribe link is not valid',
  'unsubscribe.unknownMessage':
    'The link may be mistyped or cut short. Open it again from the mail it came in.',

  'mail.footer': 'You received this mail because you are on a contact list of {workspace}.',
  'mail.unsubscribe': 'Unsubscribe from {workspace}’s surveys',
} as const

export type MessageKey = keyof typeof en
/** A language's catalog: every key of the source's. */
export type Catalog = Record<MessageKey, string>
