import type { FormView } from '../../domain/forms/forms.js'
import { Layout, MessagePage } from '../../shared/pages/layout.js'

// The pages of a draft's resume link (docs/api.md#hosted-multi-page-forms): the link itself, shown
// when the respondent chooses "Continue later", and the page of a link that no longer opens a draft.

/** `back`: the form's page the respondent came from (`/f/{form_id}`, or a personal link). */
export function continueLaterPage(form: FormView, link: string, days: number, back = `/f/${form.id}`) {
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
        <p>
          <a class="button secondary" href={back}>
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
