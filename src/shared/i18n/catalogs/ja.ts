import type { Catalog } from './en.js'

// Japanese: Canvass's own words (see ./en.ts).
export const ja: Catalog = {
  'layout.poweredBy': 'Canvass 提供',
  'layout.language': '言語',
  'layout.errorTitle': 'エラー：{title}',
  'layout.noticeTitle': '{heading}：{title}',

  'form.questionCount': '{count, plural, other {全#問}}',
  'form.requiredCount': '{count, plural, other {必須#問}}',
  'form.countAndRequired': '{questions}、{required}',
  'form.answeredCount': '{progress}・{count, plural, other {#問回答済み}}',
  'form.answeredSoFar': 'これまでの回答状況',
  'form.submit': '送信',
  'form.next': '次へ',
  'form.back': '戻る',
  'form.later': '後で続ける',
  'form.pageOf': '{count}ページ中{index}ページ目',
  'form.pageTitle': '{title} – {count}ページ中{index}ページ目',
  'form.trap': 'この欄には何も入力しないでください',
  'form.summary': '{count, plural, other {#件の回答に問題があります}}',
  'form.summaryLine': '{title}：{message}',
  'form.errorPrefix': 'エラー：',

  'question.required': '（必須）',
  'question.choose': '選択してください…',
  'question.place': '順位…',
  'question.yes': 'はい',
  'question.no': 'いいえ',
  'question.accept': '同意します',
  'question.lowest': '最低',
  'question.highest': '最高',
  'question.npsLow': 'まったく可能性がない',
  'question.npsHigh': '可能性が非常に高い',
  'question.csatLow': '非常に不満',
  'question.csatHigh': '非常に満足',
  'question.scaleEnd': '{value}：{meaning}',

  'hint.email': 'メールアドレス（例：name@example.com）',
  'hint.url': 'https:// または http:// で始まるウェブアドレス',
  'hint.phone': '国番号を含む国際形式（例：+4915112345678）',
  'hint.numberBetween': '{min}から{max}までの整数',
  'hint.numberAtLeast': '{min}以上の整数',
  'hint.numberAtMost': '{max}以下の整数',
  'hint.number': '整数',
  'hint.chooseAll': '当てはまるものをすべて選択してください',
  'hint.matrix': '各行で回答を1つ選択してください',
  'hint.ranking': '各項目に異なる順位を付けてください（1が最上位、{count}が最下位です）',

  'error.required': 'この質問は回答必須です',
  'error.unstorable': 'この回答からNUL文字や壊れた文字を削除してください',
  'error.blank': 'スペース以外の文字を入力してください',
  'error.tooLong': '{max, plural, other {#文字}}以内で入力してください（現在{length}文字）',
  'error.maxLength': '{max, plural, other {#文字}}以内で入力してください',
  'error.email': 'メールアドレスを入力してください（例：name@example.com）',
  'error.url': 'https:// または http:// で始まるウェブアドレスを入力してください',
  'error.phone': '国番号を付けて番号を入力してください（例：+4915112345678）',
  'error.yesNo': '「はい」または「いいえ」を選択してください',
  'error.consent': '同意する場合はチェックボックスをオンにしてください',
  'error.matrixEveryRow': 'すべての行で回答を選択してください',
  'error.matrixColumns': '各行でいずれか1つの列を選択してください',
  'error.ranking': '各項目に1から{count}までの異なる順位を付けてください',
  'hint.fileSize': '{size} MBまで',
  'question.fileKept': 'ファイルが添付されています。置き換えるには別のファイルを選んでください。',
  'error.fileTooLarge': 'このファイルは大きすぎます',
  'error.fileType': 'この種類のファイルはここでは受け付けていません',
  'error.fileEmpty': 'このファイルは空です',
  'error.fileAgain': 'ファイルをもう一度選んでください',
  'error.fileBusy':
    'このフォームは現在ファイルを受け付けられません。しばらくしてからもう一度お試しください。',
  'error.date': '有効な日付を入力してください',
  'error.choicesOnly': '選択肢の中からのみ選択してください',
  'error.chooseOne': '選択肢から1つ選択してください',
  'error.numberBetween': '{min}から{max}までの整数を入力してください',
  'error.numberAtLeast': '{min}以上の整数を入力してください',
  'error.numberAtMost': '{max}以下の整数を入力してください',
  'error.number': '整数を入力してください',
  'error.scale': '{min}から{max}までの数字を選択してください',

  'outcome.closed': 'このフォームは締め切られました。現在、回答は受け付けていません。',
  'outcome.opensOn': 'このフォームは{when}に公開されます。公開後にもう一度アクセスして回答してください。',
  'outcome.notOpenYet': 'このフォームはまだ回答を受け付けていません。',
  'outcome.thanksTitle': 'ありがとうございました',
  'outcome.thanksHeading': 'ご回答ありがとうございました！',
  'outcome.thanksMessage': '回答を送信しました。',

  'limit.submissionsTitle': '送信回数が多すぎます',
  'limit.submissions':
    'お使いのアドレスから短時間に多くの回答が送信されました。{seconds, plural, other {#秒}}後にもう一度お試しください。',
  'limit.formNotice':
    '直近1分間に、お使いのネットワークからこのフォームへ多くの回答が送信されたため、あなたの回答はまだ送信されていません。回答は下に残っています。{seconds, plural, other {#秒}}後にもう一度「送信」を押してください。',
  'limit.pageNotice':
    '直前の1分間にお使いのネットワークからこのフォームへの回答が多すぎたため、このページはまだ保存されていません。回答は下に残っています。{seconds, plural, other {#秒}}後にもう一度ボタンを押してください。',
  'limit.requestsTitle': 'リクエストが多すぎます',
  'limit.requests':
    'お使いのアドレスから短時間に多くのリクエストがありました。{seconds, plural, other {#秒}}後にもう一度お試しください。',
  'limit.links':
    'お使いのアドレスから短時間に多くのリンクが開かれました。{seconds, plural, other {#秒}}後にもう一度お試しください。',

  'notFound.title': 'フォームが見つかりません',
  'notFound.heading': 'このフォームはご利用いただけません',
  'notFound.message': 'リンクが間違っているか、フォームが一般公開されていない可能性があります。',

  'error.pageTitle': '問題が発生しました',
  'error.400': 'リクエストを読み取れませんでした。',
  'error.403':
    'これらの回答は別のサイトから送信されたため、保存されませんでした。フォームを開き直して、そちらで回答してください。',
  'error.413': '送信された回答が、このフォームで受け付けられるサイズを超えています。',
  'error.415': '回答が、このフォームでは受け付けられない形式で送信されました。',
  'error.500': 'サーバー側で問題が発生しました。もう一度お試しください。',
  'error.other': 'リクエストを処理できませんでした。',

  'link.unknownTitle': 'リンクが見つかりません',
  'link.unknownHeading': 'このリンクからはフォームを開けません',
  'link.unknownMessage':
    'リンクが間違っているか、途中で切れている可能性があります。招待状からもう一度開くか、アドレス全体をコピーしてください。',
  'link.usedTitle': '回答済み',
  'link.usedHeading': 'このリンクはすでに回答に使用されています',
  'link.usedMessage':
    '個人用リンクでは1回のみ回答でき、このリンクからの回答はすでに送信されています。ありがとうございました。誤りだと思われる場合は、招待した方にお問い合わせください。',

  'resume.title': '後で続ける：{title}',
  'resume.heading': '回答を保存しました',
  'resume.intro':
    '「{title}」の回答を後で続けるには、この端末または別の端末でこのリンクを開いてください。リンクは他の人に教えないでください。リンクを知っている人は誰でも、あなたの回答を閲覧・変更できます。',
  'resume.lifetime':
    'このリンクは、回答を送信するまで、または変更がないまま{days, plural, other {#日}}が経過するまで有効です。',
  'resume.mailLabel': 'このリンクをメールで受け取る',
  'resume.mailSend': 'リンクを送信',
  'resume.back': 'フォームに戻る',
  'resume.mailedTitle': 'リンクを送信しました：{title}',
  'resume.mailedHeading': 'リンクを送信しています',
  'resume.mailedMessage':
    '「{title}」の続きに進むためのリンクを、入力されたアドレスへ送信しています。届くまで数分かかる場合があります。',
  'resume.goneTitle': 'リンクは無効になりました',
  'resume.goneHeading': 'このリンクでは保存された回答を開けなくなりました',
  'resume.goneMessage':
    '保存されていた回答は、すでに送信されたか、長期間変更がなかったため削除されました。フォームに最初から回答し直すことができます。',

  'unsubscribe.title': '配信停止',
  'unsubscribe.heading': '配信を停止しますか？',
  'unsubscribe.question':
    '{email} への {workspace} からのアンケート配信を停止しますか？今後、招待やリマインダーは届かなくなります。',
  'unsubscribe.button': '配信を停止する',
  'unsubscribe.doneTitle': '配信停止完了',
  'unsubscribe.doneHeading': '配信を停止しました',
  'unsubscribe.doneMessage': '今後、{email} には {workspace} からのアンケートは届きません。',
  'unsubscribe.unknownTitle': 'リンクが見つかりません',
  'unsubscribe.unknownHeading': 'この配信停止リンクは無効です',
  'unsubscribe.unknownMessage':
    'リンクが間違っているか、途中で切れている可能性があります。リンクが記載されていたメールからもう一度開いてください。',

  'mail.footer': 'このメールは、{workspace} の連絡先リストに登録されている方にお送りしています。',
  'mail.unsubscribe': '{workspace} からのアンケートの配信を停止する',
}
