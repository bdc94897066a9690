import type { Question } from '../../src/shared/forms/definition'
import type { Translate } from '../../src/shared/i18n/locales'
import { questionFields, summaryLine } from '../../src/shared/pages/answer-messages'

// How the hosted form's script marks answers (web/hosted/form.ts, flow.ts): as the server's page
// marks them up, beside each question and in a summary at the top.

/** The question a control belongs to: its name, or a matrix's or ranking's `<id>.<index>`'s id. */
export const questionIdOf = (name: string): string => name.split('.')[0] ?? name

/**
 * A question's controls: its id names every radio, checkbox or the one input of the question; a
 * matrix's row or a ranking's label is `<id>.<index>` (ids hold no `.`).
 */
export const controlsOf = (form: HTMLFormElement, question: Question) =>
  [...form.elements].filter((element): element is HTMLInputElement => {
    const name = (element as HTMLInputElement).name
    return name === question.id || name?.startsWith(`${question.id}.`)
  })

/**
 * A picked file as its field reads to the rules: none picked is empty, one over the question's
 * max_size `!too_large` (the server would refuse it), any other stands for the upload to come.
 */
function pickedField(value: FormDataEntryValue, question: Question): string {
  if (typeof value === 'string') return value
  if (value.name === '' && value.size === 0) return ''
  const max = question.properties['max_size']
  return typeof max === 'number' && value.size > max ? '!too_large' : 'picked'
}

export function fieldsOf(form: HTMLFormElement, question: Question): string[] {
  // A number or date the browser cannot read is posted empty; here it is the wrong answer it is.
  if (controlsOf(form, question).some((control) => control.validity?.badInput)) return ['?']
  const data = new FormData(form)
  return questionFields(question, (name) => data.getAll(name).map((value) => pickedField(value, question)))
}

/** Shows or clears the message beside a question, as the server's page marks it up. */
export function mark(
  form: HTMLFormElement,
  question: Question,
  message: string | undefined,
  t: Translate,
): void {
  const control = document.getElementById(`q-${question.id}`)
  const card = control?.closest<HTMLElement>('.question')
  if (!control || !card) return
  const errorId = `q-${question.id}-error`
  let line = document.getElementById(errorId)
  // Groups of radios or checkboxes are described on their fieldset, other controls on themselves.
  const described = card.tagName === 'FIELDSET' ? card : control
  const others = (described.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id && id !== errorId)
  card.classList.toggle('invalid', message !== undefined)
  for (const element of controlsOf(form, question)) {
    if (message) element.setAttribute('aria-invalid', 'true')
    else element.removeAttribute('aria-invalid')
  }
  if (message === undefined) {
    line?.remove()
    if (others.length > 0) described.setAttribute('aria-describedby', others.join(' '))
    else described.removeAttribute('aria-describedby')
    return
  }
  if (!line) {
    line = document.createElement('p')
    line.className = 'error-message'
    line.id = errorId
    line.dir = 'auto'
    const before =
      card.querySelector('.hint') ??
      card.querySelector('.description') ??
      card.querySelector('.question-title')
    before?.after(line)
  }
  const prefix = document.createElement('span')
  prefix.className = 'visually-hidden'
  prefix.textContent = t('form.errorPrefix')
  line.replaceChildren(prefix, message)
  // Said as it appears (WCAG 4.1.3), by the page's one polite live region, not only on return to the field.
  const live = document.getElementById('live-message')
  if (live) live.textContent = summaryLine(question, message, t)
  described.setAttribute('aria-describedby', [errorId, ...others].join(' '))
}

/** The summary at the top, as the server renders it: each problem names its question and links to it. */
export function summarise(
  form: HTMLFormElement,
  problems: { question: Question; message: string }[],
  t: Translate,
): HTMLElement {
  document.getElementById('error-summary-title')?.closest('.error-summary')?.remove()
  const summary = document.createElement('div')
  summary.className = 'error-summary'
  summary.tabIndex = -1
  summary.setAttribute('role', 'alert')
  summary.setAttribute('aria-labelledby', 'error-summary-title')
  const heading = document.createElement('h2')
  heading.id = 'error-summary-title'
  heading.textContent = t('form.summary', { count: problems.length })
  const list = document.createElement('ul')
  for (const { question, message } of problems) {
    const item = document.createElement('li')
    item.dir = 'auto'
    const link = document.createElement('a')
    link.href = `#q-${question.id}`
    link.textContent = summaryLine(question, message, t)
    item.append(link)
    list.append(item)
  }
  summary.append(heading, list)
  form.before(summary)
  return summary
}
