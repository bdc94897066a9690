import { flowPath } from '../../src/shared/flow/path'
import { recall } from '../../src/shared/flow/recall'
import type { FormDefinition, Question } from '../../src/shared/forms/definition'
import { answerFromFields, answerMessage } from '../../src/shared/pages/answer-messages'
import { questionsAsShown, recallValuesOf } from '../../src/shared/pages/flow-view'
import { fieldsOf, mark, questionIdOf, summarise } from './marks'
import { pageTranslator } from './messages'

// A hosted form of several pages with JavaScript on (docs/api.md#hosted-multi-page-forms). The
// server renders every page, the ones not shown hidden; this script runs the server's own flow
// engine on the answers as they change: it shows and hides questions, marks what a rule requires,
// fills recalled words and counts the pages of the path. Next and Back post the page to the same
// address as without JavaScript (so the draft on the server holds it) and, when the server takes
// it, move to the next page here, without a reload; anything else (a refusal, no network) sends
// the page as a plain form post, and the server's page says what went wrong.

const PAGE = 'canvass:page'
const SHOWN = 'canvass:shown'
const ACTION = 'canvass:action'

export function startFlow(form: HTMLFormElement): void {
  const definition = JSON.parse(form.dataset['flow'] ?? '{}') as FormDefinition & {
    pages: { id: string; questions: string[] }[]
  }
  // Where the page says it posts: the form's own address, or a personal link's (/i/{token}).
  const base = form.getAttribute('action') ?? `/f/${form.dataset['formId'] ?? ''}`
  // A page's address: the form's path, then the page, then the form's query (`?lang=de`).
  const formAddress = new URL(base, window.location.href)
  const pageAddress = (pageId: string) =>
    `${formAddress.pathname}/p/${encodeURIComponent(pageId)}${formAddress.search}`
  const questions = new Map(definition.questions.map((question) => [question.id, question]))
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null
  const t = pageTranslator(form)
  const title = document.querySelector('h1')?.textContent ?? ''
  const pageTitle = (pageId: string, path: { pages: string[] }) =>
    t('form.pageTitle', { title, index: path.pages.indexOf(pageId) + 1, count: path.pages.length })
  let current = input(PAGE)?.value ?? ''
  /** A plain post let through once; one sent (nothing more goes); a page being saved in the background. */
  let passing = false
  let sent = false
  let moving = false

  const answers = () => {
    const given: Record<string, unknown> = {}
    for (const question of questions.values()) {
      const answer = answerFromFields(question, fieldsOf(form, question))
      if (answer !== undefined) given[question.id] = answer
    }
    return given
  }
  const hidden = () => {
    const values: Record<string, string> = {}
    for (const element of form.elements) {
      const field = element as HTMLInputElement
      if (field.name.startsWith('hidden:')) values[field.name.slice('hidden:'.length)] = field.value
    }
    return values
  }
  const pathNow = () => {
    const given = answers()
    const values = hidden()
    return { given, values, path: flowPath(definition, given, values) }
  }
  const section = (pageId: string) =>
    form.querySelector<HTMLElement>(`section[data-page="${CSS.escape(pageId)}"]`)
  const pageQuestions = (pageId: string) =>
    definition.pages.find((page) => page.id === pageId)?.questions.flatMap((id) => questions.get(id) ?? []) ??
    []

  /** Shows what the path says now: questions, required marks, recalled words, "Page 2 of 4", the buttons. */
  function refresh() {
    const { given, values, path } = pathNow()
    const onPath = new Set(path.questions)
    const required = new Set(path.required)
    const visited = new Set(path.pages)
    for (const card of form.querySelectorAll<HTMLElement>('[data-question]')) {
      const id = card.dataset['question'] ?? ''
      const pageId = card.closest<HTMLElement>('section[data-page]')?.dataset['page'] ?? ''
      if (visited.has(pageId)) card.hidden = !onPath.has(id)
      const title = card.querySelector('.question-title')
      let markSpan = title?.querySelector('.required')
      if (required.has(id) && !markSpan && title) {
        markSpan = document.createElement('span')
        markSpan.className = 'required'
        markSpan.textContent = ` ${t('question.required')}`
        title.append(markSpan)
      } else if (!required.has(id) && visited.has(pageId)) markSpan?.remove()
      // Controls say it too, as the server marks them: not a group of checkboxes (any one may do).
      if (visited.has(pageId))
        for (const control of card.querySelectorAll<HTMLInputElement>('input, select, textarea'))
          if (control.type !== 'checkbox') control.required = required.has(id)
    }
    const recallValues = recallValuesOf(path, given, values)
    for (const element of form.querySelectorAll<HTMLElement>('[data-recall]'))
      element.textContent = recall(element.dataset['recall'] ?? '', recallValues)
    const index = path.pages.indexOf(current)
    const progress = document.getElementById('progress-hint')
    const words = t('form.pageOf', { index: index + 1, count: path.pages.length })
    if (progress && progress.textContent !== words) progress.textContent = words
    const last = index === path.pages.length - 1
    const next = form.querySelector<HTMLButtonElement>(`button[name="${ACTION}"][value="next"]`)
    if (next) next.textContent = last ? t('form.submit') : t('form.next')
    const back = form.querySelector<HTMLButtonElement>(`button[name="${ACTION}"][value="back"]`)
    if (back) back.hidden = index <= 0
    const shown = input(SHOWN)
    if (shown)
      shown.value = pageQuestions(current)
        .filter((question) => onPath.has(question.id))
        .map((question) => question.id)
        .join(' ')
    return { path, required, onPath }
  }

  /** The problems of the page shown, as the server would report them, naming questions as shown. */
  function problemsOfPage() {
    const { onPath } = refresh()
    const { given, values, path } = pathNow()
    const asShown = new Map(
      questionsAsShown(definition, path, recallValuesOf(path, given, values)).map((question) => [
        question.id,
        question,
      ]),
    )
    const problems: { question: Question; message: string }[] = []
    for (const question of pageQuestions(current)) {
      const shown = asShown.get(question.id)
      if (!onPath.has(question.id) || !shown) continue
      const message = answerMessage(shown, fieldsOf(form, question), t)
      mark(form, question, message, t)
      if (message) problems.push({ question: shown, message })
    }
    return problems
  }

  /** The page's own fields and answers, as the page would post them. */
  function pageFields(action: string): URLSearchParams | FormData {
    // A page with a file posts multipart, as the browser would without this script.
    const withFiles = form.enctype === 'multipart/form-data'
    const fields = withFiles ? new FormData() : new URLSearchParams()
    const names = new Set([...pageQuestions(current).map((question) => question.id)])
    for (const [name, value] of new FormData(form)) {
      if (typeof value !== 'string' && !withFiles) continue
      if (names.has(questionIdOf(name)) || name.startsWith('hidden:') || name === PAGE || name === SHOWN)
        fields.append(name, value as string)
    }
    fields.set(ACTION, action)
    return fields
  }

  /**
   * Posts the page; where the server says to go once it took it (a 204 naming the page), or
   * undefined (a refusal, no network).
   */
  async function save(action: string): Promise<string | undefined> {
    try {
      const response = await fetch(base, {
        method: 'POST',
        body: pageFields(action),
        headers: { 'x-canvass-script': '1' },
        redirect: 'manual',
        credentials: 'same-origin',
      })
      return response.status === 204 ? (response.headers.get('x-canvass-location') ?? undefined) : undefined
    } catch {
      return undefined
    }
  }

  function show(pageId: string, focus: boolean) {
    section(current)?.setAttribute('hidden', '')
    current = pageId
    const target = section(pageId)
    target?.removeAttribute('hidden')
    const page = input(PAGE)
    if (page) page.value = pageId
    document.querySelector('.error-summary')?.remove()
    const { path } = refresh()
    document.title = pageTitle(pageId, path)
    if (!focus || !target) return
    window.scrollTo(0, 0)
    const heading = target.querySelector<HTMLElement>('.page-title')
    const first =
      heading ?? target.querySelector<HTMLElement>('[data-question]:not([hidden]) .question-title')
    if (first) {
      first.tabIndex = -1
      first.focus()
    }
  }

  /** Sends the page as a plain post: the server's page answers (a refusal, or where to go). */
  function sendPlainly(submitter: HTMLElement | null) {
    passing = true
    form.requestSubmit(submitter as HTMLButtonElement | null)
  }

  form.addEventListener('submit', async (event) => {
    // A plain post is on its way: it goes, and nothing more is sent after it (a second press).
    if (passing) {
      passing = false
      sent = true
      return
    }
    if (sent || moving) return event.preventDefault()
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null
    const action = submitter?.value ?? 'next'
    if (action === 'later') return
    if (action === 'next') {
      const problems = problemsOfPage()
      if (problems.length > 0) {
        event.preventDefault()
        document.title = t('layout.errorTitle', { title: pageTitle(current, pathNow().path) })
        summarise(form, problems, t).focus()
        return
      }
    }
    const { path } = pathNow()
    const index = path.pages.indexOf(current)
    const target = action === 'back' ? path.pages[index - 1] : path.pages[index + 1]
    // The last page completes the draft: a plain post, to the thank-you page, sent once.
    if (target === undefined) {
      sent = true
      return
    }
    event.preventDefault()
    moving = true
    const location = await save(action)
    moving = false
    if (location === undefined) return sendPlainly(submitter)
    const expected = pageAddress(target)
    // The server's path is not this page's (the form changed meanwhile): its page, reloaded.
    if (location !== expected) return window.location.assign(location)
    const state = history.state as { page?: string; from?: string } | null
    if (action === 'back' && state?.from === target) history.back()
    else {
      history.pushState({ page: target, from: current }, '', expected)
      show(target, true)
    }
  })

  window.addEventListener('popstate', (event) => {
    const page = (event.state as { page?: string } | null)?.page ?? definition.pages[0]?.id
    if (page && pathNow().path.pages.includes(page)) show(page, true)
    // A page the answers no longer lead to: the address says the page shown.
    else history.replaceState({ page: current }, '', pageAddress(current))
  })
  history.replaceState({ page: current }, '')
  // A question marked wrong is checked again as it is answered, so a fixed answer loses its mark:
  // as it is typed, or as a choice is made. Not on leaving a text control: the line removed would
  // move the button being pressed from under the pointer, and the click would be lost.
  const recheck = (event: Event) => {
    refresh()
    const control = event.target as HTMLInputElement
    const question = questions.get(questionIdOf(control.name))
    const typed = event.type === 'input' && control.type !== 'radio' && control.type !== 'checkbox'
    const chosen =
      event.type === 'change' &&
      (control.type === 'radio' || control.type === 'checkbox' || control.tagName === 'SELECT')
    if (question && (typed || chosen) && document.getElementById(`q-${question.id}-error`)) problemsOfPage()
  }
  form.addEventListener('change', recheck)
  form.addEventListener('input', recheck)
  refresh()
}
