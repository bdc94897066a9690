import type { Catalog } from './en.js'

// Spanish: Canvass's own words (see ./en.ts).
export const es: Catalog = {
  'layout.poweredBy': 'Con la tecnología de Canvass',
  'layout.language': 'Idioma',
  'layout.errorTitle': 'Error en el formulario: {title}',
  'layout.noticeTitle': '{heading}: {title}',

  'form.questionCount': '{count, plural, one {# pregunta} other {# preguntas}}',
  'form.requiredCount': '{count, plural, one {# obligatoria} other {# obligatorias}}',
  'form.countAndRequired': '{questions}, {required}',
  'form.answeredCount': '{progress} · {count, plural, one {# respondida} other {# respondidas}}',
  'form.answeredSoFar': 'Respondidas hasta ahora',
  'form.submit': 'Enviar',
  'form.next': 'Siguiente',
  'form.back': 'Anterior',
  'form.later': 'Continuar más tarde',
  'form.pageOf': 'Página {index} de {count}',
  'form.pageTitle': '{title} – página {index} de {count}',
  'form.trap': 'Deje este campo vacío',
  'form.summary':
    '{count, plural, one {Hay un problema con # respuesta} other {Hay problemas con # respuestas}}',
  'form.summaryLine': '{title}: {message}',
  'form.errorPrefix': 'Error en la respuesta: ',

  'question.required': '(obligatoria)',
  'question.choose': 'Seleccione…',
  'question.place': 'Puesto…',
  'question.yes': 'Sí',
  'question.no': 'No',
  'question.accept': 'Acepto',
  'question.lowest': 'Mínimo',
  'question.highest': 'Máximo',
  'question.npsLow': 'Nada probable',
  'question.npsHigh': 'Extremadamente probable',
  'question.csatLow': 'Muy insatisfecho',
  'question.csatHigh': 'Muy satisfecho',
  'question.scaleEnd': '{value}: {meaning}',

  'hint.email': 'Una dirección de correo electrónico, por ejemplo, name@example.com',
  'hint.url': 'Una dirección web que empiece por https:// o http://',
  'hint.phone': 'En formato internacional con el prefijo del país, por ejemplo, +4915112345678',
  'hint.numberBetween': 'Un número entero de {min} a {max}',
  'hint.numberAtLeast': 'Un número entero, como mínimo {min}',
  'hint.numberAtMost': 'Un número entero, como máximo {max}',
  'hint.number': 'Un número entero',
  'hint.chooseAll': 'Elija todas las opciones que correspondan',
  'hint.matrix': 'Elija una respuesta por fila',
  'hint.ranking': 'Asigne a cada elemento un puesto distinto, el 1 al primero y el {count} al último',

  'error.required': 'Respuesta obligatoria',
  'error.unstorable': 'Elimine los caracteres NUL o dañados de esta respuesta',
  'error.blank': 'Escriba algún texto, no solo espacios',
  'error.tooLong':
    'Use como máximo {max, plural, one {# carácter} other {# caracteres}} (ahora tiene {length})',
  'error.maxLength': 'Use como máximo {max, plural, one {# carácter} other {# caracteres}}',
  'error.email': 'Introduzca una dirección de correo electrónico, por ejemplo, name@example.com',
  'error.url': 'Introduzca una dirección web que empiece por https:// o http://',
  'error.phone': 'Introduzca el número con el prefijo del país, por ejemplo, +4915112345678',
  'error.yesNo': 'Elija Sí o No',
  'error.consent': 'Marque la casilla para aceptar',
  'error.matrixEveryRow': 'Elija una respuesta en cada fila',
  'error.matrixColumns': 'Elija una de las columnas en cada fila',
  'error.ranking': 'Asigne a cada elemento un puesto distinto, del 1 al {count}',
  'hint.fileSize': 'Hasta {size} MB',
  'question.fileKept': 'Hay un archivo adjunto. Elija otro para sustituirlo.',
  'error.fileTooLarge': 'Este archivo es demasiado grande',
  'error.fileType': 'Aquí no se acepta este tipo de archivo',
  'error.fileEmpty': 'Este archivo está vacío',
  'error.fileAgain': 'Vuelva a elegir el archivo',
  'error.fileBusy':
    'Este formulario no puede recibir archivos en este momento. Vuelva a intentarlo más tarde.',
  'error.date': 'Introduzca una fecha válida',
  'error.choicesOnly': 'Elija solo entre las opciones disponibles',
  'error.chooseOne': 'Elija una de las opciones',
  'error.numberBetween': 'Introduzca un número entero de {min} a {max}',
  'error.numberAtLeast': 'Introduzca un número entero, como mínimo {min}',
  'error.numberAtMost': 'Introduzca un número entero, como máximo {max}',
  'error.number': 'Introduzca un número entero',
  'error.scale': 'Elija un número de {min} a {max}',

  'outcome.closed': 'Este formulario está cerrado y ya no acepta respuestas.',
  'outcome.opensOn': 'Este formulario se abrirá el {when}. Vuelva entonces para responderlo.',
  'outcome.notOpenYet': 'Este formulario aún no acepta respuestas.',
  'outcome.thanksTitle': 'Gracias',
  'outcome.thanksHeading': '¡Gracias!',
  'outcome.thanksMessage': 'Sus respuestas se han enviado.',

  'limit.submissionsTitle': 'Demasiados envíos',
  'limit.submissions':
    'Se han enviado demasiadas respuestas desde su dirección en poco tiempo. Vuelva a intentarlo dentro de {seconds, plural, one {# segundo} other {# segundos}}.',
  'limit.formNotice':
    'En el último minuto se han enviado demasiadas respuestas a este formulario desde su red, así que las suyas aún no se han enviado. Se conservan a continuación: pulse «Enviar» de nuevo dentro de {seconds, plural, one {# segundo} other {# segundos}}.',
  'limit.pageNotice':
    'Se enviaron demasiadas respuestas a este formulario desde su red en el último minuto, por lo que esta página aún no se ha guardado. Sus respuestas se conservan abajo: pulse el botón de nuevo dentro de {seconds, plural, one {# segundo} other {# segundos}}.',
  'limit.requestsTitle': 'Demasiadas solicitudes',
  'limit.requests':
    'Han llegado demasiadas solicitudes desde su dirección en poco tiempo. Vuelva a intentarlo dentro de {seconds, plural, one {# segundo} other {# segundos}}.',
  'limit.links':
    'Se han abierto demasiados enlaces desde su dirección en poco tiempo. Vuelva a intentarlo dentro de {seconds, plural, one {# segundo} other {# segundos}}.',

  'notFound.title': 'Formulario no encontrado',
  'notFound.heading': 'Este formulario no está disponible',
  'notFound.message': 'Puede que el enlace esté mal escrito o que el formulario no sea público.',

  'error.pageTitle': 'Algo ha salido mal',
  'error.400': 'No se ha podido leer la solicitud.',
  'error.403':
    'Estas respuestas se enviaron desde otro sitio, por lo que no se han guardado. Vuelva a abrir el formulario y respóndalo allí.',
  'error.413': 'Las respuestas enviadas superan el tamaño que admite este formulario.',
  'error.415': 'Las respuestas se enviaron en un formato que este formulario no admite.',
  'error.500': 'Algo ha salido mal por nuestra parte. Vuelva a intentarlo.',
  'error.other': 'No se ha podido procesar la solicitud.',

  'link.unknownTitle': 'Enlace no encontrado',
  'link.unknownHeading': 'Este enlace no abre ningún formulario',
  'link.unknownMessage':
    'Puede que el enlace esté mal escrito o incompleto: vuelva a abrirlo desde su invitación o copie la dirección completa.',
  'link.usedTitle': 'Ya respondido',
  'link.usedHeading': 'Este enlace ya se ha usado para responder',
  'link.usedMessage':
    'Cada enlace personal admite una sola respuesta, y la de este ya se ha enviado. ¡Gracias! Si cree que se trata de un error, póngase en contacto con quienes le invitaron.',

  'resume.title': 'Continuar más tarde: {title}',
  'resume.heading': 'Sus respuestas están guardadas',
  'resume.intro':
    'Para continuar «{title}» más tarde, en este dispositivo o en otro, abra este enlace. No lo comparta: cualquier persona que lo tenga puede ver y cambiar sus respuestas.',
  'resume.lifetime':
    'Funciona hasta que envíe sus respuestas o durante {days, plural, one {# día} other {# días}} sin cambios.',
  'resume.mailLabel': 'Enviarme este enlace por correo electrónico',
  'resume.mailSend': 'Enviar el enlace',
  'resume.back': 'Volver al formulario',
  'resume.mailedTitle': 'Enlace enviado: {title}',
  'resume.mailedHeading': 'El enlace está en camino',
  'resume.mailedMessage':
    'Estamos enviando el enlace para continuar «{title}» a la dirección que ha escrito. Puede tardar unos minutos en llegar.',
  'resume.goneTitle': 'Enlace caducado',
  'resume.goneHeading': 'Este enlace ya no abre respuestas guardadas',
  'resume.goneMessage':
    'Las respuestas que guardaba ya se enviaron, o no se modificaron durante mucho tiempo y se eliminaron. Puede volver a empezar el formulario.',

  'unsubscribe.title': 'Darse de baja',
  'unsubscribe.heading': '¿Darse de baja?',
  'unsubscribe.question':
    '¿Dar de baja a {email} de las encuestas de {workspace}? No recibirá más invitaciones ni recordatorios suyos.',
  'unsubscribe.button': 'Darme de baja',
  'unsubscribe.doneTitle': 'Baja confirmada',
  'unsubscribe.doneHeading': 'Se ha dado de baja',
  'unsubscribe.doneMessage': '{email} ya no recibirá encuestas de {workspace}.',
  'unsubscribe.unknownTitle': 'Enlace no encontrado',
  'unsubscribe.unknownHeading': 'Este enlace para darse de baja no es válido',
  'unsubscribe.unknownMessage':
    'Puede que el enlace esté mal escrito o incompleto. Vuelva a abrirlo desde el correo en el que lo recibió.',

  'mail.footer': 'Ha recibido este correo porque figura en una lista de contactos de {workspace}.',
  'mail.unsubscribe': 'Darse de baja de las encuestas de {workspace}',
}
