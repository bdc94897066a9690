import type { Catalog } from './en.js'

// Arabic: Canvass's own words (see ./en.ts).
export const ar: Catalog = {
  'layout.poweredBy': 'بدعم من Canvass',
  'layout.language': 'اللغة',
  'layout.errorTitle': 'خطأ: {title}',
  'layout.noticeTitle': '{heading}: {title}',

  'form.questionCount':
    '{count, plural, zero {لا أسئلة} one {سؤال واحد} two {سؤالان} few {# أسئلة} many {# سؤالًا} other {# سؤال}}',
  'form.requiredCount':
    '{count, plural, zero {لا أسئلة إلزامية} one {سؤال إلزامي واحد} two {سؤالان إلزاميان} few {# أسئلة إلزامية} many {# سؤالًا إلزاميًا} other {# سؤال إلزامي}}',
  'form.countAndRequired': '{questions}، {required}',
  'form.answeredCount':
    '{progress} · {count, plural, zero {لم تتم الإجابة عن أي سؤال} one {تمت الإجابة عن سؤال واحد} two {تمت الإجابة عن سؤالين} few {تمت الإجابة عن # أسئلة} many {تمت الإجابة عن # سؤالًا} other {تمت الإجابة عن # سؤال}}',
  'form.answeredSoFar': 'ما تمت الإجابة عنه حتى الآن',
  'form.submit': 'إرسال',
  'form.next': 'التالي',
  'form.back': 'رجوع',
  'form.later': 'المتابعة لاحقًا',
  'form.pageOf': 'الصفحة {index} من {count}',
  'form.pageTitle': '{title} – الصفحة {index} من {count}',
  'form.trap': 'اترك هذا الحقل فارغًا',
  'form.summary':
    '{count, plural, zero {لا توجد مشكلات في الإجابات} one {توجد مشكلة في إجابة واحدة} two {توجد مشكلات في إجابتين} few {توجد مشكلات في # إجابات} many {توجد مشكلات في # إجابة} other {توجد مشكلات في # إجابة}}',
  'form.summaryLine': '{title}: {message}',
  'form.errorPrefix': 'خطأ: ',

  'question.required': '(إلزامي)',
  'question.choose': 'اختر…',
  'question.place': 'الترتيب…',
  'question.yes': 'نعم',
  'question.no': 'لا',
  'question.accept': 'أوافق',
  'question.lowest': 'الأدنى',
  'question.highest': 'الأعلى',
  'question.npsLow': 'غير مرجح على الإطلاق',
  'question.npsHigh': 'مرجح للغاية',
  'question.csatLow': 'غير راضٍ جدًا',
  'question.csatHigh': 'راضٍ جدًا',
  'question.scaleEnd': '{value}: {meaning}',

  'hint.email': 'عنوان بريد إلكتروني، مثل name@example.com',
  'hint.url': 'عنوان ويب يبدأ بـ https:// أو http://',
  'hint.phone': 'بالصيغة الدولية مع رمز البلد، مثل +4915112345678',
  'hint.numberBetween': 'عدد صحيح من {min} إلى {max}',
  'hint.numberAtLeast': 'عدد صحيح لا يقل عن {min}',
  'hint.numberAtMost': 'عدد صحيح لا يزيد على {max}',
  'hint.number': 'عدد صحيح',
  'hint.chooseAll': 'اختر كل ما ينطبق',
  'hint.matrix': 'اختر إجابة واحدة في كل صف',
  'hint.ranking': 'أعطِ كل عنصر ترتيبًا خاصًا به: 1 للأول و{count} للأخير',

  'error.required': 'الإجابة مطلوبة',
  'error.unstorable': 'احذف أحرف NUL أو الأحرف التالفة من هذه الإجابة',
  'error.blank': 'أدخل نصًا، لا مسافات فقط',
  'error.tooLong':
    'لا تتجاوز {max, plural, zero {# حرف} one {حرفًا واحدًا} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}} (عدد الأحرف الآن: {length})',
  'error.maxLength':
    'لا تتجاوز {max, plural, zero {# حرف} one {حرفًا واحدًا} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}',
  'error.email': 'أدخل عنوان بريد إلكتروني، مثل name@example.com',
  'error.url': 'أدخل عنوان ويب يبدأ بـ https:// أو http://',
  'error.phone': 'أدخل الرقم مع رمز البلد، مثل +4915112345678',
  'error.yesNo': 'اختر نعم أو لا',
  'error.consent': 'حدِّد المربع للموافقة على ذلك',
  'error.matrixEveryRow': 'اختر إجابة في كل صف',
  'error.matrixColumns': 'اختر أحد الأعمدة في كل صف',
  'error.ranking': 'أعطِ كل عنصر ترتيبًا خاصًا به، من 1 إلى {count}',
  'hint.fileSize': 'حتى {size} ميغابايت',
  'question.fileKept': 'تم إرفاق ملف. اختر ملفًا آخر لاستبداله.',
  'error.fileTooLarge': 'هذا الملف كبير جدًا',
  'error.fileType': 'هذا النوع من الملفات غير مقبول هنا',
  'error.fileEmpty': 'هذا الملف فارغ',
  'error.fileAgain': 'اختر الملف مرة أخرى',
  'error.fileBusy': 'لا يمكن لهذا النموذج استقبال الملفات الآن. يُرجى المحاولة مرة أخرى لاحقًا.',
  'error.date': 'أدخل تاريخًا صحيحًا',
  'error.choicesOnly': 'اختر من الخيارات المتاحة فقط',
  'error.chooseOne': 'اختر أحد الخيارات',
  'error.numberBetween': 'أدخل عددًا صحيحًا من {min} إلى {max}',
  'error.numberAtLeast': 'أدخل عددًا صحيحًا لا يقل عن {min}',
  'error.numberAtMost': 'أدخل عددًا صحيحًا لا يزيد على {max}',
  'error.number': 'أدخل عددًا صحيحًا',
  'error.scale': 'اختر رقمًا من {min} إلى {max}',

  'outcome.closed': 'هذا النموذج مغلق ولم يعد يقبل الإجابات.',
  'outcome.opensOn': 'يُفتح هذا النموذج في {when}. يُرجى العودة حينها للإجابة عنه.',
  'outcome.notOpenYet': 'هذا النموذج لا يقبل الإجابات بعد.',
  'outcome.thanksTitle': 'شكرًا لك',
  'outcome.thanksHeading': 'شكرًا لك!',
  'outcome.thanksMessage': 'تم إرسال إجاباتك.',

  'limit.submissionsTitle': 'عدد كبير جدًا من الإرسالات',
  'limit.submissions':
    'أُرسل عدد كبير جدًا من الإجابات من عنوانك في وقت قصير. يُرجى المحاولة مرة أخرى بعد {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
  'limit.formNotice':
    'أُرسل عدد كبير جدًا من الإجابات إلى هذا النموذج من شبكتك خلال الدقيقة الأخيرة، لذا لم تُرسَل إجاباتك بعد. وهي محفوظة أدناه: اضغط على «إرسال» مرة أخرى بعد {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
  'limit.pageNotice':
    'أُرسل عدد كبير جدًا من الإجابات إلى هذا النموذج من شبكتك خلال الدقيقة الأخيرة، لذلك لم تُحفظ هذه الصفحة بعد. الإجابات محفوظة أدناه: اضغط على الزر مرة أخرى بعد {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
  'limit.requestsTitle': 'عدد كبير جدًا من الطلبات',
  'limit.requests':
    'وصل عدد كبير جدًا من الطلبات من عنوانك في وقت قصير. يُرجى المحاولة مرة أخرى بعد {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
  'limit.links':
    'فُتح عدد كبير جدًا من الروابط من عنوانك في وقت قصير. يُرجى المحاولة مرة أخرى بعد {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',

  'notFound.title': 'لم يُعثر على النموذج',
  'notFound.heading': 'هذا النموذج غير متاح',
  'notFound.message': 'ربما كُتب الرابط بشكل خاطئ، أو أن النموذج غير متاح للعامة.',

  'error.pageTitle': 'حدث خطأ ما',
  'error.400': 'تعذّرت قراءة الطلب.',
  'error.403': 'أُرسلت هذه الإجابات من موقع آخر، لذا لم تُحفظ. افتح النموذج مرة أخرى وأجب عنه هناك.',
  'error.413': 'حجم الإجابات المرسلة أكبر مما يقبله هذا النموذج.',
  'error.415': 'أُرسلت الإجابات بتنسيق لا يقبله هذا النموذج.',
  'error.500': 'حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.',
  'error.other': 'تعذّرت معالجة الطلب.',

  'link.unknownTitle': 'لم يُعثر على الرابط',
  'link.unknownHeading': 'هذا الرابط لا يفتح أي نموذج',
  'link.unknownMessage':
    'ربما كُتب الرابط بشكل خاطئ أو اقتُطع جزء منه: افتحه مرة أخرى من الدعوة، أو انسخ العنوان كاملًا.',
  'link.usedTitle': 'تمت الإجابة مسبقًا',
  'link.usedHeading': 'استُخدم هذا الرابط للإجابة من قبل',
  'link.usedMessage':
    'يقبل كل رابط شخصي ردًا واحدًا، وقد أُرسل الرد عبر هذا الرابط. شكرًا لك! إذا كنت تعتقد أن هذا خطأ، فتواصل مع الجهة التي دعتك.',

  'resume.title': 'المتابعة لاحقًا: {title}',
  'resume.heading': 'تم حفظ إجاباتك',
  'resume.intro':
    'لمتابعة «{title}» لاحقًا، على هذا الجهاز أو على جهاز آخر، افتح هذا الرابط. احتفظ به لنفسك: يمكن لأي شخص لديه الرابط أن يرى إجاباتك ويغيّرها.',
  'resume.lifetime':
    'يظل الرابط صالحًا حتى ترسل إجاباتك، أو لمدة {days, plural, zero {# يوم} one {يوم واحد} two {يومين} few {# أيام} many {# يومًا} other {# يوم}} دون أي تغيير.',
  'resume.mailLabel': 'أرسل لي هذا الرابط بالبريد الإلكتروني',
  'resume.mailSend': 'إرسال الرابط',
  'resume.back': 'العودة إلى النموذج',
  'resume.mailedTitle': 'تم إرسال الرابط: {title}',
  'resume.mailedHeading': 'الرابط في طريقه إليك',
  'resume.mailedMessage': 'نرسل رابط متابعة «{title}» إلى العنوان الذي أدخلته. قد يستغرق وصوله بضع دقائق.',
  'resume.goneTitle': 'الرابط لم يعد صالحًا',
  'resume.goneHeading': 'لم يعد هذا الرابط يفتح الإجابات المحفوظة',
  'resume.goneMessage':
    'الإجابات التي كان يحفظها إما أُرسلت بالفعل، وإما لم تُغيَّر مدةً طويلة فحُذفت. يمكنك بدء النموذج من جديد.',

  'unsubscribe.title': 'إلغاء الاشتراك',
  'unsubscribe.heading': 'إلغاء الاشتراك؟',
  'unsubscribe.question':
    'هل تريد إلغاء اشتراك {email} في استطلاعات {workspace}؟ لن تصلك منهم أي دعوات أو تذكيرات بعد ذلك.',
  'unsubscribe.button': 'إلغاء الاشتراك',
  'unsubscribe.doneTitle': 'تم إلغاء الاشتراك',
  'unsubscribe.doneHeading': 'تم إلغاء اشتراكك',
  'unsubscribe.doneMessage': 'لن تصل إلى {email} أي استطلاعات أخرى من {workspace}.',
  'unsubscribe.unknownTitle': 'لم يُعثر على الرابط',
  'unsubscribe.unknownHeading': 'رابط إلغاء الاشتراك هذا غير صالح',
  'unsubscribe.unknownMessage':
    'ربما كُتب الرابط بشكل خاطئ أو اقتُطع جزء منه. افتحه مرة أخرى من الرسالة التي وصل فيها.',

  'mail.footer': 'وصلتك هذه الرسالة لأنك مُدرَج في إحدى قوائم جهات الاتصال لدى {workspace}.',
  'mail.unsubscribe': 'إلغاء الاشتراك في استطلاعات {workspace}',
}
