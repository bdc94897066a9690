import type { Question } from '../../src/shared/forms/definition'
import { answerMessage } from '../../src/shared/pages/answer-messages'
import { fieldsOf, mark, questionIdOf, summarise } from './marks'
import { pageTranslator } from './messages'
import { startPage } from './page'

// The hosted one-page form's script (served as /static/form.js, built by `npm run build`; a form
// of several pages gets /static/flow.js instead, flow-main.ts, so this one stays small): it checks each
// answer as the server will, with the server's own rules and words (answerMessage), when a control
// is left or changed and before the form is sent, so a mistake shows without a round trip; with it
// off the server's 422 page says the same. It also focuses the error summary, shows how far along
// the respondent is, keeps typed values in this tab, and tells an embedding page its height.

const serverSummary = startPage()
const form = document.querySelector<HTMLFormElement>('form[data-form-id]')

if (form && !form.dataset['flow']) {
  const t = pageTranslator(form)
  const questions: Question[] = JSON.parse(form.dataset['questions'] ?? '[]')
  const byId = new Map(questions.map((question) => [question.id, question]))
  const check = (question: Question) => {
    const message = answerMessage(question, fieldsOf(form, question), t)
    mark(form, question, message, t)
    return message
  }
  // A message shown while a button is pressed would move it from under the pointer, and the click
  // would be lost: a check on leaving a control waits until the pointer is released.
  let pressed = false
  document.addEventListener('pointerdown', () => (pressed = true), true)
  for (const end of ['pointerup', 'pointercancel'])
    document.addEventListener(end, () => (pressed = false), true)
  // Leaving a control checks it once something was typed, or to clear a message shown before;
  // tabbing past an empty question says nothing until the respondent submits.
  form.addEventListener('focusout', (event) => {
    const control = event.target as HTMLInputElement
    const question = byId.get(questionIdOf(control.name))
    if (!question || control.type === 'radio' || control.type === 'checkbox' || control.tagName === 'SELECT')
      return
    if (!(control.value !== '' || control.validity?.badInput || control.closest('.invalid'))) return
    if (!pressed) check(question)
    else {
      const later = () => {
        document.removeEventListener('pointerup', later)
        document.removeEventListener('pointercancel', later)
        setTimeout(() => check(question))
      }
      document.addEventListener('pointerup', later)
      document.addEventListener('pointercancel', later)
    }
  })
  form.addEventListener('change', (event) => {
    const control = event.target as HTMLInputElement
    const question = byId.get(questionIdOf(control.name))
    if (question && (control.type === 'radio' || control.type === 'checkbox' || control.tagName === 'SELECT'))
      check(question)
  })
  form.addEventListener('submit', (event) => {
    const problems: { question: Question; message: string }[] = []
    try {
      for (const question of questions) {
        const message = check(question)
        if (message) problems.push({ question, message })
      }
    } catch {
      return // a browser too old for the rules: the server checks the answers
    }
    if (problems.length === 0) return
    event.preventDefault()
    const title = document.querySelector('h1')?.textContent ?? ''
    document.title = t('layout.errorTitle', { title })
    summarise(form, problems, t).focus()
  })

  const key = `canvass:${form.dataset['formId']}`
  const names = [
    ...new Set(
      [...form.elements].map((e) => (e as HTMLInputElement).name).filter((n) => n && !n.includes(':')),
    ),
  ]
  const answered = () => names.filter((n) => new FormData(form).getAll(n).some((v) => v !== '')).length
  const hint = document.getElementById('progress-hint')
  if (hint?.parentElement && names.length > 4) {
    const bar = document.createElement('div')
    bar.className = 'progress'
    const progress = document.createElement('progress')
    progress.max = 1
    progress.value = 0
    progress.setAttribute('aria-label', t('form.answeredSoFar'))
    bar.append(progress)
    hint.parentElement.after(bar)
    const original = hint.textContent
    const update = () => {
      const done = answered()
      progress.max = names.length
      progress.value = done
      hint.textContent = t('form.answeredCount', { progress: original ?? '', count: done })
    }
    form.addEventListener('input', update)
    form.addEventListener('change', update)
    window.addEventListener('load', update)
  }
  // Auto-save within the tab only: a fresh page (no server-kept values) restores them.
  try {
    if (!serverSummary) {
      const saved: Record<string, string[]> = JSON.parse(sessionStorage.getItem(key) || '{}')
      for (const element of form.elements) {
        const el = element as HTMLInputElement
        const value = saved[el.name]
        // A file input's value cannot be set; the file's own id field comes from the server.
        if (!value || el.name.includes(':') || el.type === 'file' || el.type === 'hidden') continue
        if (el.type === 'radio' || el.type === 'checkbox') el.checked = value.includes(el.value)
        else el.value = value[0] ?? ''
      }
    }
    form.addEventListener('input', () => {
      const data: Record<string, string[]> = {}
      for (const n of names)
        data[n] = new FormData(form).getAll(n).filter((value): value is string => typeof value === 'string')
      sessionStorage.setItem(key, JSON.stringify(data))
    })
    form.addEventListener('submit', (event) => {
      if (!event.defaultPrevented) sessionStorage.removeItem(key)
    })
  } catch {}
}
