import type { Catalog } from './en.js'

// Portuguese: Canvass's own words (see ./en.ts).
export const pt: Catalog = {
  'layout.poweredBy': 'Com tecnologia Canvass',
  'layout.language': 'Idioma',
  'layout.errorTitle': 'Erro: {title}',
  'layout.noticeTitle': '{heading}: {title}',

  'form.questionCount': '{count, plural, one {# pergunta} many {# perguntas} other {# perguntas}}',
  'form.requiredCount': '{count, plural, one {# obrigatória} many {# obrigatórias} other {# obrigatórias}}',
  'form.countAndRequired': '{questions}, {required}',
  'form.answeredCount':
    '{progress} · {count, plural, one {# com resposta} many {# com resposta} other {# com resposta}}',
  'form.answeredSoFar': 'Respondidas até agora',
  'form.submit': 'Enviar',
  'form.next': 'Avançar',
  'form.back': 'Voltar',
  'form.later': 'Continuar mais tarde',
  'form.pageOf': 'Página {index} de {count}',
  'form.pageTitle': '{title} – página {index} de {count}',
  'form.trap': 'Deixe este campo em branco',
  'form.summary':
    '{count, plural, one {Há um problema em # resposta} many {Há problemas em # respostas} other {Há problemas em # respostas}}',
  'form.summaryLine': '{title}: {message}',
  'form.errorPrefix': 'Erro: ',

  'question.required': '(obrigatória)',
  'question.choose': 'Escolha…',
  'question.place': 'Posição…',
  'question.yes': 'Sim',
  'question.no': 'Não',
  'question.accept': 'Aceito',
  'question.lowest': 'Mínimo',
  'question.highest': 'Máximo',
  'question.npsLow': 'Nada provável',
  'question.npsHigh': 'Extremamente provável',
  'question.csatLow': 'Muito insatisfeito',
  'question.csatHigh': 'Muito satisfeito',
  'question.scaleEnd': '{value}: {meaning}',

  'hint.email': 'Um endereço de e-mail, por exemplo name@example.com',
  'hint.url': 'Um endereço web iniciado por https:// ou http://',
  'hint.phone': 'Em formato internacional, com o código do país, por exemplo +4915112345678',
  'hint.numberBetween': 'Um número inteiro de {min} a {max}',
  'hint.numberAtLeast': 'Um número inteiro, no mínimo {min}',
  'hint.numberAtMost': 'Um número inteiro, no máximo {max}',
  'hint.number': 'Um número inteiro',
  'hint.chooseAll': 'Escolha todas as opções que se aplicam',
  'hint.matrix': 'Escolha uma resposta em cada linha',
  'hint.ranking': 'Dê a cada item uma posição diferente, 1 para o primeiro e {count} para o último',

  'error.required': 'Resposta obrigatória',
  'error.unstorable': 'Remova os caracteres NUL ou inválidos desta resposta',
  'error.blank': 'Escreva algum texto, não apenas espaços',
  'error.tooLong':
    'Use no máximo {max, plural, one {# caractere} many {# caracteres} other {# caracteres}} (a resposta tem {length})',
  'error.maxLength':
    'Use no máximo {max, plural, one {# caractere} many {# caracteres} other {# caracteres}}',
  'error.email': 'Insira um endereço de e-mail, por exemplo name@example.com',
  'error.url': 'Insira um endereço web iniciado por https:// ou http://',
  'error.phone': 'Insira o número com o código do país, por exemplo +4915112345678',
  'error.yesNo': 'Escolha Sim ou Não',
  'error.consent': 'Marque a caixa para aceitar',
  'error.matrixEveryRow': 'Escolha uma resposta em todas as linhas',
  'error.matrixColumns': 'Escolha uma das colunas em cada linha',
  'error.ranking': 'Dê a cada item uma posição diferente, de 1 a {count}',
  'hint.fileSize': 'Até {size} MB',
  'question.fileKept': 'Há um arquivo anexado. Escolha outro para substituí-lo.',
  'error.fileTooLarge': 'Este arquivo é grande demais',
  'error.fileType': 'Este tipo de arquivo não é aceito aqui',
  'error.fileEmpty': 'Este arquivo está vazio',
  'error.fileAgain': 'Escolha o arquivo novamente',
  'error.fileBusy': 'Este formulário não pode receber arquivos no momento. Tente novamente mais tarde.',
  'error.date': 'Insira uma data válida',
  'error.choicesOnly': 'Escolha apenas entre as opções apresentadas',
  'error.chooseOne': 'Escolha uma das opções',
  'error.numberBetween': 'Insira um número inteiro de {min} a {max}',
  'error.numberAtLeast': 'Insira um número inteiro, no mínimo {min}',
  'error.numberAtMost': 'Insira um número inteiro, no máximo {max}',
  'error.number': 'Insira um número inteiro',
  'error.scale': 'Escolha um número de {min} a {max}',

  'outcome.closed': 'Este formulário foi encerrado e deixou de aceitar respostas.',
  'outcome.opensOn': 'Este formulário estará disponível a partir de {when}. Volte então para responder.',
  'outcome.notOpenYet': 'Este formulário ainda não aceita respostas.',
  'outcome.thanksTitle': 'Obrigado',
  'outcome.thanksHeading': 'Obrigado!',
  'outcome.thanksMessage': 'As suas respostas foram enviadas.',

  'limit.submissionsTitle': 'Envios em excesso',
  'limit.submissions':
    'Foram enviadas respostas em excesso a partir do seu endereço em pouco tempo. Tente novamente daqui a {seconds, plural, one {# segundo} many {# segundos} other {# segundos}}.',
  'limit.formNotice':
    'Foram enviadas respostas em excesso a este formulário a partir da sua rede no último minuto, por isso as suas ainda não foram enviadas. Estão guardadas abaixo: clique novamente em Enviar daqui a {seconds, plural, one {# segundo} many {# segundos} other {# segundos}}.',
  'limit.pageNotice':
    'Foram enviadas respostas demais a este formulário a partir da sua rede no último minuto, por isso esta página ainda não foi registrada. As respostas continuam abaixo: pressione o botão novamente daqui a {seconds, plural, one {# segundo} many {# segundos} other {# segundos}}.',
  'limit.requestsTitle': 'Pedidos em excesso',
  'limit.requests':
    'Foram feitos pedidos em excesso a partir do seu endereço em pouco tempo. Tente novamente daqui a {seconds, plural, one {# segundo} many {# segundos} other {# segundos}}.',
  'limit.links':
    'Foram abertos links em excesso a partir do seu endereço em pouco tempo. Tente novamente daqui a {seconds, plural, one {# segundo} many {# segundos} other {# segundos}}.',

  'notFound.title': 'Formulário não encontrado',
  'notFound.heading': 'Este formulário não está disponível',
  'notFound.message':
    'O link pode ter sido escrito incorretamente, ou o formulário não está aberto ao público.',

  'error.pageTitle': 'Ocorreu um erro',
  'error.400': 'Não foi possível ler o pedido.',
  'error.403':
    'Estas respostas foram enviadas a partir de outro site, por isso não foram guardadas. Abra o formulário novamente e responda nele.',
  'error.413': 'As respostas enviadas excedem o tamanho que este formulário aceita.',
  'error.415': 'As respostas foram enviadas num formato que este formulário não aceita.',
  'error.500': 'Ocorreu um erro do nosso lado. Tente novamente.',
  'error.other': 'Não foi possível processar o pedido.',

  'link.unknownTitle': 'Link não encontrado',
  'link.unknownHeading': 'Este link não abre nenhum formulário',
  'link.unknownMessage':
    'O link pode ter sido escrito incorretamente ou estar incompleto: abra-o novamente a partir do seu convite, ou copie o endereço completo.',
  'link.usedTitle': 'Já respondido',
  'link.usedHeading': 'Este link já foi usado para responder',
  'link.usedMessage':
    'Cada link pessoal aceita uma única resposta, e esta já foi enviada. Obrigado! Se achar que se trata de um erro, fale com quem enviou o convite.',

  'resume.title': 'Continuar mais tarde: {title}',
  'resume.heading': 'As suas respostas estão guardadas',
  'resume.intro':
    'Para retomar {title} mais tarde, neste dispositivo ou em outro, abra este link. Não o divulgue: qualquer pessoa que o tenha pode ver e alterar as suas respostas.',
  'resume.lifetime':
    'O link deixa de funcionar quando enviar as suas respostas, ou após {days, plural, one {# dia} many {# dias} other {# dias}} sem alterações.',
  'resume.mailLabel': 'Enviar-me este link por e-mail',
  'resume.mailSend': 'Enviar o link',
  'resume.back': 'Voltar ao formulário',
  'resume.mailedTitle': 'Link enviado: {title}',
  'resume.mailedHeading': 'O link está a caminho',
  'resume.mailedMessage':
    'O link para retomar {title} será enviado para o endereço que indicou. Pode demorar alguns minutos a chegar.',
  'resume.goneTitle': 'Link expirado',
  'resume.goneHeading': 'Este link deixou de abrir respostas guardadas',
  'resume.goneMessage':
    'As respostas que guardava já foram enviadas, ou ficaram muito tempo sem alterações e foram eliminadas. Pode preencher o formulário desde o início.',

  'unsubscribe.title': 'Cancelar inscrição',
  'unsubscribe.heading': 'Cancelar a inscrição?',
  'unsubscribe.question':
    'Cancelar a inscrição de {email} nos questionários de {workspace}? Deixará de receber convites e lembretes enviados por eles.',
  'unsubscribe.button': 'Cancelar inscrição',
  'unsubscribe.doneTitle': 'Inscrição cancelada',
  'unsubscribe.doneHeading': 'A sua inscrição foi cancelada',
  'unsubscribe.doneMessage': '{email} deixará de receber questionários de {workspace}.',
  'unsubscribe.unknownTitle': 'Link não encontrado',
  'unsubscribe.unknownHeading': 'Este link de cancelamento de inscrição não é válido',
  'unsubscribe.unknownMessage':
    'O link pode ter sido escrito incorretamente ou estar incompleto. Abra-o novamente a partir do e-mail em que o recebeu.',

  'mail.footer':
    'Recebeu este e-mail porque o seu endereço faz parte de uma lista de destinatários de {workspace}.',
  'mail.unsubscribe': 'Cancelar a inscrição nos questionários de {workspace}',
}
