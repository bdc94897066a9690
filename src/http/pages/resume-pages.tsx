import type { FormView } from '../../domain/forms/forms.js'
import { actionIn } from '../../shared/pages/form-page.js'
import { Layout, SaidPage, useLocalised, usePageLanguage } from '../../shared/pages/layout.js'

// The pages of a draft's resume link (docs/api.md#hosted-multi-page-forms): the link itself, shown
// when the respondent chooses "Continue later" (with, when mail is configured, a form to have it
// mailed), the page once it is mailed, and the page of a link that no longer opens a draft.

/** The "Email me this link" form: where it posts, and what was typed and its problem, if any. */
export interface ResumeMailForm {
  action: string
  value?: string
  error?: string
}

function ResumeMail({ action, value, error }: ResumeMailForm) {
  const language = usePageLanguage()
  const { t } = language.words
  const described = error ? 'resume-email-error' : undefined
  return (
    <form method="post" action={actionIn(action, language)}>
      <p>
        <label for="resume-email">{t('resume.mailLabel')}</label>
      </p>
      {error && (
        <p id="resume-email-error" class="error-message">
          {error}
        </p>
      )}
      <input
        type="email"
        id="resume-email"
        name="email"
        autocomplete="email"
        required
        maxlength={254}
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described}
      />
      <div class="actions">
        <button type="submit" class="secondary">
          {t('resume.mailSend')}
        </button>
      </div>
    </form>
  )
}

const FormTitle = (props: { form: FormView }) => <span dir="auto">{props.form.title}</span>

function ContinueLaterPage(props: {
  form: FormView
  link: string
  days: number
  mail: ResumeMailForm | undefined
  back: string
}) {
  const language = usePageLanguage()
  const { t, rich } = language.words
  const { days, mail } = props
  // In the page's language: the link and the way back keep it (on another device too).
  const link = actionIn(props.link, language)
  const back = actionIn(props.back, language)
  const form = useLocalised(props.form)
  return (
    <Layout title={t('resume.title', { title: form.title })}>
      <section class="card message" aria-labelledby="later-title">
        <h1 id="later-title">{t('resume.heading')}</h1>
        <p class="prose">{rich('resume.intro', { title: <FormTitle form={form} /> })}</p>
        <p class="resume-link">
          <a href={link}>{link}</a>
        </p>
        <p class="prose">{t('resume.lifetime', { days })}</p>
        {mail && <ResumeMail {...mail} />}
        <p>
          <a class="button secondary" href={back}>
            {t('resume.back')}
          </a>
        </p>
      </section>
    </Layout>
  )
}

/** `back`: the form's page the respondent came from (`/f/{form_id}`, or a personal link). */
export function continueLaterPage(
  form: FormView,
  link: string,
  days: number,
  mail?: ResumeMailForm,
  back = `/f/${form.id}`,
) {
  return <ContinueLaterPage form={form} link={link} days={days} mail={mail} back={back} />
}

function ResumeMailedPage(props: { form: FormView }) {
  const language = usePageLanguage()
  const { t, rich } = language.words
  const form = useLocalised(props.form)
  return (
    <Layout title={t('resume.mailedTitle', { title: form.title })}>
      <section class="card message" aria-labelledby="mailed-title">
        <h1 id="mailed-title">{t('resume.mailedHeading')}</h1>
        <p class="prose">{rich('resume.mailedMessage', { title: <FormTitle form={form} /> })}</p>
        <p>
          <a class="button secondary" href={actionIn(`/f/${form.id}`, language)}>
            {t('resume.back')}
          </a>
        </p>
      </section>
    </Layout>
  )
}

/** After "Email me this link": what was done, and nothing about the address or the draft. */
export const resumeMailedPage = (form: FormView) => <ResumeMailedPage form={form} />

export function resumeGonePage() {
  return <SaidPage title="resume.goneTitle" heading="resume.goneHeading" message="resume.goneMessage" />
}
