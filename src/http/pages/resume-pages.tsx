import type { FormView } from '../../domain/forms/forms.js'
import { Layout, MessagePage } from '../../shared/pages/layout.js'

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
  const described = error ? 'resume-email-error' : undefined
  return (
    <form method="post" action={action}>
      <p>
        <label for="resume-email">Email me this link</label>
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
          Send the link
        </button>
      </div>
    </form>
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
  return (
    <Layout title={`Continue later: ${form.title}`}>
      <section class="card message" aria-labelledby="later-title">
        <h1 id="later-title">Your answers are saved</h1>
        <p class="prose">
          To continue <span dir="auto">{form.title}</span> later, on this device or another one, open this
          link. Keep it to yourself: anyone with it can see and change your answers.
        </p>
        <p class="resume-link">
          <a href={link}>{link}</a>
        </p>
        <p class="prose">It works until you send your answers, or for {days} days without a change.</p>
        {mail && <ResumeMail {...mail} />}
        <p>
          <a class="button secondary" href={back}>
            Back to the form
          </a>
        </p>
      </section>
    </Layout>
  )
}

/** After "Email me this link": what was done, and nothing about the address or the draft. */
export function resumeMailedPage(form: FormView) {
  return (
    <Layout title={`Link sent: ${form.title}`}>
      <section class="card message" aria-labelledby="mailed-title">
        <h1 id="mailed-title">The link is on its way</h1>
        <p class="prose">
          We are sending the link to continue <span dir="auto">{form.title}</span> to the address you typed.
          It may take a few minutes to arrive.
        </p>
        <p>
          <a class="button secondary" href={`/f/${form.id}`}>
            Back to the form
          </a>
        </p>
      </section>
    </Layout>
  )
}

export function resumeGonePage() {
  return (
    <MessagePage
      title="Link no longer valid"
      heading="This link no longer opens saved answers"
      message="The answers it kept were sent already, or were not changed for a long time and were deleted. You can start the form again."
    />
  )
}
