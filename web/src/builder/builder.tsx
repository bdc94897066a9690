import type { JSX } from 'preact'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import { calculationOps, type QuestionKind, questionKinds } from '../../../src/domain/forms/definition'
import { FormPage } from '../../../src/http/pages/form-page'
import { renderPage } from '../../../src/http/pages/layout'
import { ApiError, type Form } from '../api'
import { useApp } from '../app-context'
import { ConfirmDialog, ErrorMessage, Link, messageOf } from '../components'
import { useUnsavedChangesGuard } from '../unsaved-changes'
import {
  checkDraft,
  type Draft,
  type DraftQuestion,
  draftOf,
  emptyDraft,
  fieldId,
  inputOf,
  kindLabels,
  labelsOf,
  newKey,
  newQuestionId,
  type Orphans,
  orphansOf,
  type Problem,
  previewView,
  startingProperties,
} from './draft'

// The form builder (issue 17): every kind of question with its properties, hidden fields,
// variables and publishing settings; the server's rules checked as you type; a live preview drawn
// by the hosted page's own renderer; drafts kept in the tab until saved; saves that cannot
// overwrite someone else's (If-Match); JSON import and download.

const storageKey = (formId: string | undefined) => `canvass:builder:${formId ?? 'new'}`

interface Stored {
  draft: Draft
  etag: string
}

export default function Builder({ formId }: { formId?: string | undefined }) {
  const { api, can, navigate } = useApp()
  const [saved, setSaved] = useState<Form | undefined>(undefined)
  const [etag, setEtag] = useState('')
  const [draft, setDraft] = useState<Draft | undefined>(formId ? undefined : emptyDraft())
  const [restored, setRestored] = useState(false)
  const [loadError, setLoadError] = useState<unknown>(null)
  const [serverProblems, setServerProblems] = useState<Problem[]>([])
  const [saveError, setSaveError] = useState<unknown>(null)
  const [conflict, setConflict] = useState(false)
  const [status, setStatus] = useState('')
  const [saving, setSaving] = useState(false)
  const [showErrors, setShowErrors] = useState(false)
  const [orphans, setOrphans] = useState<Orphans | null>(null)
  const summary = useRef<HTMLDivElement>(null)

  // Load: the saved form (with its version), then any unsaved draft of it kept in this tab.
  useEffect(() => {
    let current = true
    const stored = readStored(formId)
    if (!formId) {
      if (stored) {
        setDraft(stored.draft)
        setRestored(true)
      }
      return
    }
    api.forms.getVersioned(formId).then(
      ({ form, etag: version }) => {
        if (!current) return
        setSaved(form)
        setEtag(stored?.etag || version)
        setDraft(stored ? stored.draft : draftOf(form))
        setRestored(stored !== undefined)
      },
      (error) => current && setLoadError(error),
    )
    return () => {
      current = false
    }
  }, [formId])

  const baseline = useMemo(() => JSON.stringify(inputOf(saved ? draftOf(saved) : emptyDraft())), [saved])
  const dirty = draft !== undefined && JSON.stringify(inputOf(draft)) !== baseline

  // Kept in the tab until saved: a reload brings the draft back. Written as the change is shown
  // (a layout effect), so a reload right after typing cannot miss it.
  useLayoutEffect(() => {
    if (!draft) return
    if (dirty) sessionStorage.setItem(storageKey(formId), JSON.stringify({ draft, etag } satisfies Stored))
    else sessionStorage.removeItem(storageKey(formId))
  }, [draft, dirty, etag])

  const releaseGuard = useUnsavedChangesGuard(dirty)

  const problems = useMemo(() => (draft ? checkDraft(draft) : []), [draft])
  const shown = [...(showErrors ? problems : []), ...serverProblems]
  const messageAt = (path: string) =>
    shown.find((problem) => problem.path === path)?.message ??
    problems.find((problem) => problem.path === path)?.message

  if (!can('forms:write')) {
    return (
      <section>
        <h1>Edit form</h1>
        <p class="error" role="alert">
          This token cannot change forms (it lacks the <code>forms:write</code> scope).
        </p>
      </section>
    )
  }
  if (loadError) {
    return (
      <section>
        <h1>Form not found</h1>
        <ErrorMessage error={loadError} />
      </section>
    )
  }
  if (!draft) return <p>Loading…</p>

  const change = (next: Draft) => {
    setDraft(next)
    setServerProblems([])
    setStatus('')
  }

  async function save(confirmed = false, overwrite = false) {
    if (!draft) return
    setShowErrors(true)
    if (problems.length > 0) {
      setStatus('')
      queueMicrotask(() => summary.current?.focus())
      return
    }
    if (saved && !confirmed && saved.response_count > 0) {
      const found = await orphansFor(saved, draft)
      if (found) {
        setOrphans(found)
        return
      }
    }
    setSaving(true)
    setSaveError(null)
    setConflict(false)
    try {
      // The rules' own FormInput type and the client's (generated from the OpenAPI document) say the same.
      const input = inputOf(draft) as unknown as Parameters<typeof api.forms.create>[0]
      if (!saved) {
        const form = await api.forms.create(input)
        sessionStorage.removeItem(storageKey(undefined))
        releaseGuard()
        navigate(`/app/forms/${encodeURIComponent(form.id)}/edit`)
        return
      }
      const result = overwrite
        ? await api.forms
            .getVersioned(saved.id)
            .then(({ etag: latest }) => api.forms.replaceIfUnchanged(saved.id, input, latest))
        : await api.forms.replaceIfUnchanged(saved.id, input, etag)
      sessionStorage.removeItem(storageKey(saved.id))
      setSaved(result.form)
      setEtag(result.etag)
      setDraft(draftOf(result.form))
      setShowErrors(false)
      setRestored(false)
      setStatus('Saved.')
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setConflict(true)
      } else if (error instanceof ApiError && error.errors.length > 0) {
        setServerProblems(error.errors)
        setSaveError(error)
        queueMicrotask(() => summary.current?.focus())
      } else {
        setSaveError(error)
      }
    } finally {
      setSaving(false)
    }
  }

  async function orphansFor(form: Form, next: Draft): Promise<Orphans | null> {
    const insights = await api.insights.get(form.id)
    const answered = new Map(
      insights.questions.map((question) => [
        question.id,
        {
          answered: question.answered,
          choices: new Map((question.choices ?? []).map((choice) => [choice.label, choice.count])),
        },
      ]),
    )
    const found = orphansOf(form, next, answered)
    return found.questions.length + found.choices.length + found.kinds.length > 0 ? found : null
  }

  async function reloadTheirs() {
    if (!saved) return
    const { form, etag: version } = await api.forms.getVersioned(saved.id)
    sessionStorage.removeItem(storageKey(saved.id))
    setSaved(form)
    setEtag(version)
    setDraft(draftOf(form))
    setConflict(false)
    setStatus('Loaded the latest saved version.')
  }

  const heading = saved ? `Edit ${saved.title}` : 'New form'
  return (
    <section class="builder">
      <p class="crumbs">
        <Link href="/app/forms">Forms</Link>
        {saved && (
          <>
            {' / '}
            <Link href={`/app/forms/${encodeURIComponent(saved.id)}`}>{saved.title}</Link>
          </>
        )}
      </p>
      <h1>{heading}</h1>

      <div class="toolbar builder-toolbar">
        <button type="button" onClick={() => save()} disabled={saving}>
          {saving ? 'Saving…' : saved ? 'Save changes' : 'Create form'}
        </button>
        <span class="meta" aria-live="polite">
          {status ||
            (dirty ? 'Unsaved changes (kept in this tab until you save)' : saved ? 'All changes saved' : '')}
        </span>
        <JsonTools draft={draft} onImport={(next) => change(next)} />
        {saved && (
          <a
            class="button secondary"
            href={`/f/${encodeURIComponent(saved.id)}`}
            target="_blank"
            rel="noreferrer"
          >
            Open the public page
          </a>
        )}
      </div>

      {restored && (
        <p class="notice" role="status">
          Unsaved changes from earlier in this tab were restored.{' '}
          <button
            type="button"
            class="link"
            onClick={() => {
              sessionStorage.removeItem(storageKey(formId))
              setDraft(saved ? draftOf(saved) : emptyDraft())
              setRestored(false)
            }}
          >
            Discard them
          </button>
        </p>
      )}

      {conflict && (
        <div class="error" role="alert">
          <p>
            Someone else saved this form after you opened it. Your changes were not saved, so theirs are not
            lost.
          </p>
          <div class="actions">
            <button type="button" onClick={reloadTheirs}>
              Load their version (discard mine)
            </button>
            <button type="button" class="danger" onClick={() => save(true, true)}>
              Save mine over theirs
            </button>
          </div>
        </div>
      )}

      {shown.length > 0 && (
        <div class="error" role="alert" tabIndex={-1} ref={summary} aria-labelledby="problems-title">
          <h2 id="problems-title">
            {shown.length === 1 ? 'There is 1 problem' : `There are ${shown.length} problems`} to fix before
            saving
          </h2>
          <ul>
            {shown.slice(0, 30).map((problem) => (
              <li key={`${problem.path}:${problem.message}`}>
                <a href={`#${fieldId(problem.path)}`}>
                  {describePath(problem.path, draft)}: {problem.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {saveError && serverProblems.length === 0 && <ErrorMessage error={saveError} />}

      <div class="builder-columns">
        <form
          class="builder-editor"
          aria-label="Form definition"
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
        >
          <Field path="/title" label="Form title" message={messageAt('/title')}>
            {(props) => (
              <input
                {...props}
                value={draft.title}
                onInput={(event) => change({ ...draft, title: event.currentTarget.value })}
              />
            )}
          </Field>

          <QuestionList draft={draft} change={change} messageAt={messageAt} />
          <HiddenFields draft={draft} change={change} messageAt={messageAt} />
          <Variables draft={draft} change={change} messageAt={messageAt} />
          <Publishing draft={draft} change={change} messageAt={messageAt} />
        </form>
        <Preview draft={draft} saved={saved} />
      </div>

      <ConfirmDialog
        open={orphans !== null}
        title="Some answers would no longer have their question"
        confirmLabel="Save anyway"
        onCancel={() => setOrphans(null)}
        onConfirm={() => {
          setOrphans(null)
          void save(true)
        }}
      >
        {orphans && <OrphanList orphans={orphans} />}
        <p>Their answers stay stored, listed and exported, but the form no longer asks them.</p>
      </ConfirmDialog>
    </section>
  )
}

function readStored(formId: string | undefined): Stored | undefined {
  try {
    const text = sessionStorage.getItem(storageKey(formId))
    return text ? (JSON.parse(text) as Stored) : undefined
  } catch {
    return undefined
  }
}

/** `/questions/2/properties/choices/1` -> `Question 3, choice 2`. */
function describePath(path: string, draft: Draft): string {
  const parts = path.split('/').slice(1)
  if (parts[0] === 'title') return 'Form title'
  if (parts[0] === 'questions' && parts[1] !== undefined) {
    const index = Number(parts[1])
    const title = draft.questions[index]?.title ?? ''
    const short = title.length > 40 ? `${title.slice(0, 40)}…` : title
    const name = `Question ${index + 1}${short ? ` (${short})` : ''}`
    if (parts[2] === 'properties' && parts[3] === 'choices' && parts[4] !== undefined)
      return `${name}, choice ${Number(parts[4]) + 1}`
    if (parts[2] === 'properties' && parts[3]) return `${name}, ${parts[3].replace('_', ' ')}`
    return parts[2] ? `${name}, ${parts[2]}` : name
  }
  if (parts[0] === 'hidden') return `Hidden field ${Number(parts[1] ?? 0) + 1}`
  if (parts[0] === 'variables')
    return `Variable ${Number(parts[1] ?? 0) + 1}${parts[2] ? `, ${parts.slice(2).join(' ')}` : ''}`
  if (parts[0] === 'settings') return `Publishing, ${parts.slice(1).join(' ').replace(/_/g, ' ')}`
  return path || 'Form'
}

interface FieldProps {
  id: string
  'aria-invalid'?: 'true'
  'aria-describedby'?: string
}

/** A labelled control with its message beside it, tied by aria-describedby. */
function Field(props: {
  path: string
  label: string
  message: string | undefined
  hint?: string
  class?: string
  children: (control: FieldProps) => JSX.Element
}) {
  const id = fieldId(props.path)
  const described = [props.hint ? `${id}-hint` : '', props.message ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <div class={`field ${props.class ?? ''}`}>
      <label for={id}>{props.label}</label>
      {props.hint && (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.children({
        id,
        ...(props.message ? { 'aria-invalid': 'true' as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {props.message && (
        <p class="field-error" id={`${id}-error`}>
          {props.message}
        </p>
      )}
    </div>
  )
}

interface SectionProps {
  draft: Draft
  change: (draft: Draft) => void
  messageAt: (path: string) => string | undefined
}

function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}

/** What a dragged question carries: its position. Other drags (files, text) are not drops here. */
const DRAG_TYPE = 'application/x-canvass-question'

function QuestionList({ draft, change, messageAt }: SectionProps) {
  const [adding, setAdding] = useState<QuestionKind>('short_text')
  const [announcement, setAnnouncement] = useState('')
  const [dragging, setDragging] = useState<number | null>(null)
  const setQuestions = (questions: DraftQuestion[]) => change({ ...draft, questions })

  const moveQuestion = (from: number, to: number) => {
    if (to < 0 || to >= draft.questions.length) return
    setQuestions(move(draft.questions, from, to))
    setAnnouncement(`Question moved to position ${to + 1} of ${draft.questions.length}.`)
    // Focus follows the moved question, so the keyboard can keep moving it.
    const key = draft.questions[from]?.key
    requestAnimationFrame(() => document.getElementById(`card-${key}`)?.focus())
  }

  return (
    <fieldset class="builder-section">
      <legend>Questions</legend>
      {draft.questions.length === 0 && <p class="meta">No questions yet: add the first one below.</p>}
      <ol class="question-list">
        {draft.questions.map((question, index) => (
          <li
            key={question.key}
            id={`card-${question.key}`}
            class={`question-card${dragging === index ? ' dragging' : ''}`}
            tabIndex={-1}
            aria-label={`Question ${index + 1}: ${question.title || 'untitled'}`}
            onKeyDown={(event) => {
              if (!event.altKey) return
              if (event.key === 'ArrowUp') {
                event.preventDefault()
                moveQuestion(index, index - 1)
              } else if (event.key === 'ArrowDown') {
                event.preventDefault()
                moveQuestion(index, index + 1)
              }
            }}
            onDragOver={(event) => {
              if (event.dataTransfer?.types.includes(DRAG_TYPE)) event.preventDefault()
            }}
            onDrop={(event) => {
              const from = Number(event.dataTransfer?.getData(DRAG_TYPE) ?? '')
              setDragging(null)
              if (!event.dataTransfer?.types.includes(DRAG_TYPE) || !Number.isInteger(from)) return
              event.preventDefault()
              if (from !== index) moveQuestion(from, index)
            }}
          >
            <div class="question-head">
              <span
                class="drag-handle"
                draggable
                title="Drag to reorder (or Alt+Arrow keys)"
                aria-hidden="true"
                onDragStart={(event) => {
                  setDragging(index)
                  if (!event.dataTransfer) return
                  event.dataTransfer.effectAllowed = 'move'
                  event.dataTransfer.setData(DRAG_TYPE, String(index))
                }}
                onDragEnd={() => setDragging(null)}
              >
                ⠿
              </span>
              <strong>Question {index + 1}</strong>
              <span class="meta">id {question.id}</span>
              <span class="question-tools">
                <button
                  type="button"
                  class="secondary"
                  disabled={index === 0}
                  aria-label={`Move question ${index + 1} up`}
                  onClick={() => moveQuestion(index, index - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  class="secondary"
                  disabled={index === draft.questions.length - 1}
                  aria-label={`Move question ${index + 1} down`}
                  onClick={() => moveQuestion(index, index + 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  class="secondary"
                  aria-label={`Duplicate question ${index + 1}`}
                  onClick={() => {
                    const duplicate = {
                      ...question,
                      key: newKey(),
                      id: newQuestionId(),
                      properties: structuredClone(question.properties),
                    }
                    setQuestions([
                      ...draft.questions.slice(0, index + 1),
                      duplicate,
                      ...draft.questions.slice(index + 1),
                    ])
                    setAnnouncement(`Question ${index + 1} duplicated.`)
                  }}
                >
                  Duplicate
                </button>
                <button
                  type="button"
                  class="danger"
                  aria-label={`Remove question ${index + 1}`}
                  onClick={() => {
                    setQuestions(draft.questions.filter((_, at) => at !== index))
                    setAnnouncement(`Question ${index + 1} removed.`)
                  }}
                >
                  Remove
                </button>
              </span>
            </div>
            <QuestionEditor
              question={question}
              index={index}
              messageAt={messageAt}
              onChange={(next) => setQuestions(draft.questions.map((q, at) => (at === index ? next : q)))}
            />
          </li>
        ))}
      </ol>
      <p class="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div class="inline-add">
        <label for="add-kind">Kind of the new question</label>
        <select
          id="add-kind"
          value={adding}
          onChange={(event) => setAdding(event.currentTarget.value as QuestionKind)}
        >
          {questionKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabels[kind]}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => {
            const question: DraftQuestion = {
              key: newKey(),
              id: newQuestionId(),
              title: `${kindLabels[adding]} question`,
              type: adding,
              required: false,
              properties: startingProperties(adding),
            }
            setQuestions([...draft.questions, question])
            setAnnouncement(`${kindLabels[adding]} question added as question ${draft.questions.length + 1}.`)
            requestAnimationFrame(() =>
              document.getElementById(fieldId(`/questions/${draft.questions.length}/title`))?.focus(),
            )
          }}
        >
          Add question
        </button>
      </div>
    </fieldset>
  )
}

function numberOrUndefined(text: string): number | undefined {
  if (text.trim() === '') return undefined
  const value = Number(text)
  return Number.isFinite(value) ? value : Number.NaN
}

function QuestionEditor(props: {
  question: DraftQuestion
  index: number
  messageAt: (path: string) => string | undefined
  onChange: (question: DraftQuestion) => void
}) {
  const { question, index, messageAt, onChange } = props
  const base = `/questions/${index}`
  const setProperty = (name: string, value: unknown) => {
    const properties = { ...question.properties }
    if (value === undefined) delete properties[name]
    else properties[name] = value
    onChange({ ...question, properties })
  }
  const integerField = (name: string, label: string, hint: string) => (
    <Field
      path={`${base}/properties/${name}`}
      label={label}
      hint={hint}
      message={messageAt(`${base}/properties/${name}`)}
    >
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          value={question.properties[name] === undefined ? '' : String(question.properties[name])}
          onInput={(event) => setProperty(name, numberOrUndefined(event.currentTarget.value))}
        />
      )}
    </Field>
  )
  return (
    <div class="question-fields">
      <Field path={`${base}/title`} label="Question" message={messageAt(`${base}/title`)}>
        {(control) => (
          <input
            {...control}
            value={question.title}
            onInput={(event) => onChange({ ...question, title: event.currentTarget.value })}
          />
        )}
      </Field>
      <div class="field-row">
        <Field path={`${base}/type`} label="Kind" message={messageAt(`${base}/type`)}>
          {(control) => (
            <select
              {...control}
              value={question.type}
              onChange={(event) => {
                const type = event.currentTarget.value as QuestionKind
                onChange({ ...question, type, properties: startingProperties(type) })
              }}
            >
              {questionKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabels[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div class="field check">
          <input
            type="checkbox"
            id={fieldId(`${base}/required`)}
            checked={question.required}
            onChange={(event) => onChange({ ...question, required: event.currentTarget.checked })}
          />
          <label for={fieldId(`${base}/required`)}>Required</label>
        </div>
      </div>
      {(question.type === 'short_text' || question.type === 'long_text') &&
        integerField('max_length', 'Longest answer (characters)', 'Empty: 10,000.')}
      {question.type === 'number' && (
        <div class="field-row">
          {integerField('min', 'Smallest', 'Empty: no lower bound.')}
          {integerField('max', 'Largest', 'Empty: no upper bound.')}
        </div>
      )}
      {question.type === 'rating' && integerField('steps', 'Steps', '3 to 10; empty: 5.')}
      {question.type === 'opinion_scale' && (
        <div class="field-row">
          {integerField('start', 'Starts at', '0 or 1; empty: 0.')}
          {integerField('steps', 'Steps', '5 to 11; empty: 11.')}
        </div>
      )}
      {(question.type === 'multiple_choice' || question.type === 'dropdown') && (
        <Choices question={question} base={base} messageAt={messageAt} setProperty={setProperty} />
      )}
      {question.type === 'multiple_choice' && (
        <div class="field check">
          <input
            type="checkbox"
            id={fieldId(`${base}/properties/allow_multiple`)}
            checked={question.properties['allow_multiple'] === true}
            onChange={(event) => setProperty('allow_multiple', event.currentTarget.checked)}
          />
          <label for={fieldId(`${base}/properties/allow_multiple`)}>People may pick several</label>
        </div>
      )}
    </div>
  )
}

function Choices(props: {
  question: DraftQuestion
  base: string
  messageAt: (path: string) => string | undefined
  setProperty: (name: string, value: unknown) => void
}) {
  const { question, base, messageAt, setProperty } = props
  const labels = labelsOf(question.properties)
  const path = `${base}/properties/choices`
  const set = (next: string[]) => setProperty('choices', next)
  const focusChoice = (at: number) =>
    requestAnimationFrame(() => document.getElementById(fieldId(`${path}/${at}`))?.focus())
  return (
    <fieldset class="choices" id={fieldId(path)}>
      <legend>Choices</legend>
      {messageAt(path) && <p class="field-error">{messageAt(path)}</p>}
      <ol>
        {labels.map((label, at) => (
          <li key={at} class="choice-row">
            <Field
              path={`${path}/${at}`}
              label={`Choice ${at + 1}`}
              message={messageAt(`${path}/${at}`)}
              class="grow"
            >
              {(control) => (
                <input
                  {...control}
                  value={label}
                  onInput={(event) => set(labels.map((l, i) => (i === at ? event.currentTarget.value : l)))}
                />
              )}
            </Field>
            <button
              type="button"
              class="secondary"
              disabled={at === 0}
              aria-label={`Move choice ${at + 1} up`}
              onClick={() => {
                set(move(labels, at, at - 1))
                focusChoice(at - 1)
              }}
            >
              ↑
            </button>
            <button
              type="button"
              class="secondary"
              disabled={at === labels.length - 1}
              aria-label={`Move choice ${at + 1} down`}
              onClick={() => {
                set(move(labels, at, at + 1))
                focusChoice(at + 1)
              }}
            >
              ↓
            </button>
            <button
              type="button"
              class="danger"
              aria-label={`Remove choice ${at + 1}`}
              onClick={() => set(labels.filter((_, i) => i !== at))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        class="secondary"
        onClick={() => {
          set([...labels, `Option ${labels.length + 1}`])
          focusChoice(labels.length)
        }}
      >
        Add a choice
      </button>
    </fieldset>
  )
}

function HiddenFields({ draft, change, messageAt }: SectionProps) {
  const set = (hidden: string[]) => change({ ...draft, hidden })
  return (
    <fieldset class="builder-section">
      <legend>Hidden fields</legend>
      <p class="hint">
        Names a link may carry, e.g. <code>?utm_source=mail</code>, stored with each response.
      </p>
      {draft.hidden.map((name, at) => (
        <div class="choice-row" key={at}>
          <Field
            path={`/hidden/${at}`}
            label={`Hidden field ${at + 1}`}
            message={messageAt(`/hidden/${at}`)}
            class="grow"
          >
            {(control) => (
              <input
                {...control}
                value={name}
                onInput={(event) =>
                  set(draft.hidden.map((n, i) => (i === at ? event.currentTarget.value : n)))
                }
              />
            )}
          </Field>
          <button
            type="button"
            class="danger"
            aria-label={`Remove hidden field ${at + 1}`}
            onClick={() => set(draft.hidden.filter((_, i) => i !== at))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        class="secondary"
        onClick={() => set([...draft.hidden, `field_${draft.hidden.length + 1}`])}
      >
        Add a hidden field
      </button>
    </fieldset>
  )
}

const opLabels = { add: 'add', subtract: 'subtract', multiply: 'multiply by', set: 'set to' } as const

function Variables({ draft, change, messageAt }: SectionProps) {
  const numeric = draft.questions.filter((question) =>
    ['number', 'rating', 'opinion_scale', 'nps', 'customer_sat'].includes(question.type),
  )
  const set = (variables: Draft['variables']) => change({ ...draft, variables })
  return (
    <fieldset class="builder-section">
      <legend>Variables</legend>
      <p class="hint">Scores worked out from the answers of each response, e.g. a total of ratings.</p>
      {draft.variables.map((variable, at) => {
        const base = `/variables/${at}`
        const update = (next: Partial<Draft['variables'][number]>) =>
          set(draft.variables.map((v, i) => (i === at ? { ...v, ...next } : v)))
        return (
          <div class="variable panel" key={variable.key}>
            <div class="field-row">
              <Field path={`${base}/name`} label="Name" message={messageAt(`${base}/name`)}>
                {(control) => (
                  <input
                    {...control}
                    value={variable.name}
                    onInput={(event) => update({ name: event.currentTarget.value })}
                  />
                )}
              </Field>
              <Field path={`${base}/initial`} label="Starts at" message={messageAt(`${base}/initial`)}>
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    value={String(variable.initial)}
                    onInput={(event) =>
                      update({ initial: numberOrUndefined(event.currentTarget.value) ?? 0 })
                    }
                  />
                )}
              </Field>
            </div>
            <ol class="calculations">
              {variable.calculations.map((calculation, c) => {
                const path = `${base}/calculations/${c}`
                const setCalculation = (next: Draft['variables'][number]['calculations'][number]) =>
                  update({ calculations: variable.calculations.map((x, i) => (i === c ? next : x)) })
                const usesQuestion = calculation.question_id !== undefined
                return (
                  <li key={c} class="choice-row">
                    <Field path={`${path}/op`} label={`Step ${c + 1}`} message={messageAt(`${path}/op`)}>
                      {(control) => (
                        <select
                          {...control}
                          value={calculation.op}
                          onChange={(event) =>
                            setCalculation({
                              ...calculation,
                              op: event.currentTarget.value as typeof calculation.op,
                            })
                          }
                        >
                          {calculationOps.map((op) => (
                            <option key={op} value={op}>
                              {opLabels[op]}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                    <Field
                      path={`${path}/${usesQuestion ? 'question_id' : 'value'}`}
                      label={usesQuestion ? 'the answer to' : 'the number'}
                      message={
                        messageAt(`${path}/${usesQuestion ? 'question_id' : 'value'}`) ?? messageAt(path)
                      }
                      class="grow"
                    >
                      {(control) =>
                        usesQuestion ? (
                          <select
                            {...control}
                            value={calculation.question_id}
                            onChange={(event) =>
                              setCalculation({ op: calculation.op, question_id: event.currentTarget.value })
                            }
                          >
                            {numeric.map((question) => (
                              <option key={question.key} value={question.id}>
                                {question.title}
                              </option>
                            ))}
                          </select>
                        ) : (
                          <input
                            {...control}
                            type="number"
                            value={String(calculation.value ?? 0)}
                            onInput={(event) =>
                              setCalculation({
                                op: calculation.op,
                                value: numberOrUndefined(event.currentTarget.value) ?? 0,
                              })
                            }
                          />
                        )
                      }
                    </Field>
                    <button
                      type="button"
                      class="secondary"
                      onClick={() =>
                        setCalculation(
                          usesQuestion
                            ? { op: calculation.op, value: 1 }
                            : { op: calculation.op, question_id: numeric[0]?.id ?? '' },
                        )
                      }
                    >
                      {usesQuestion ? 'Use a number' : 'Use an answer'}
                    </button>
                    <button
                      type="button"
                      class="danger"
                      aria-label={`Remove step ${c + 1} of ${variable.name}`}
                      onClick={() =>
                        update({ calculations: variable.calculations.filter((_, i) => i !== c) })
                      }
                    >
                      Remove
                    </button>
                  </li>
                )
              })}
            </ol>
            <div class="actions">
              <button
                type="button"
                class="secondary"
                onClick={() => update({ calculations: [...variable.calculations, { op: 'add', value: 1 }] })}
              >
                Add a step
              </button>
              <button
                type="button"
                class="danger"
                onClick={() => set(draft.variables.filter((_, i) => i !== at))}
                aria-label={`Remove variable ${variable.name || at + 1}`}
              >
                Remove variable
              </button>
            </div>
          </div>
        )
      })}
      <button
        type="button"
        class="secondary"
        onClick={() =>
          set([
            ...draft.variables,
            { key: newKey(), name: `score_${draft.variables.length + 1}`, initial: 0, calculations: [] },
          ])
        }
      >
        Add a variable
      </button>
    </fieldset>
  )
}

/** `2026-12-01T09:30:00.000000Z` <-> the `datetime-local` value in the browser's time zone. */
const localOf = (iso: string | null) => {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null)
const textOrNull = (text: string) => (text === '' ? null : text)

function Publishing({ draft, change, messageAt }: SectionProps) {
  const settings = draft.settings
  const set = (next: Partial<Draft['settings']>) => change({ ...draft, settings: { ...settings, ...next } })
  const setThanks = (next: Partial<Draft['settings']['thank_you']>) =>
    set({ thank_you: { ...settings.thank_you, ...next } })
  return (
    <fieldset class="builder-section">
      <legend>Publishing</legend>
      <div class="field check">
        <input
          type="checkbox"
          id={fieldId('/settings/public')}
          checked={settings.public}
          onChange={(event) => set({ public: event.currentTarget.checked })}
        />
        <label for={fieldId('/settings/public')}>Public: anyone with the link can answer</label>
      </div>
      <div class="field-row">
        <Field
          path="/settings/closes_at"
          label="Closes at (your time)"
          hint="Empty: never."
          message={messageAt('/settings/closes_at')}
        >
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={localOf(settings.closes_at)}
              onInput={(event) => set({ closes_at: isoOf(event.currentTarget.value) })}
            />
          )}
        </Field>
        <Field
          path="/settings/max_responses"
          label="Most responses"
          hint="Empty: no limit."
          message={messageAt('/settings/max_responses')}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              value={settings.max_responses === null ? '' : String(settings.max_responses)}
              onInput={(event) =>
                set({ max_responses: numberOrUndefined(event.currentTarget.value) ?? null })
              }
            />
          )}
        </Field>
      </div>
      <Field
        path="/settings/closed_message"
        label="Message once closed"
        message={messageAt('/settings/closed_message')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={settings.closed_message ?? ''}
            onInput={(event) => set({ closed_message: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
      <Field
        path="/settings/thank_you/title"
        label="Thank-you title"
        message={messageAt('/settings/thank_you/title')}
      >
        {(control) => (
          <input
            {...control}
            value={settings.thank_you.title ?? ''}
            onInput={(event) => setThanks({ title: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
      <Field
        path="/settings/thank_you/message"
        label="Thank-you message"
        message={messageAt('/settings/thank_you/message')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={settings.thank_you.message ?? ''}
            onInput={(event) => setThanks({ message: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
      <Field
        path="/settings/thank_you/redirect_url"
        label="Or send people to this address after answering"
        hint="An http(s) address; it replaces the thank-you page."
        message={messageAt('/settings/thank_you/redirect_url')}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            value={settings.thank_you.redirect_url ?? ''}
            onInput={(event) => setThanks({ redirect_url: textOrNull(event.currentTarget.value) })}
          />
        )}
      </Field>
    </fieldset>
  )
}

/** The hosted page of the draft, drawn by the page's own renderer into a sandboxed frame. */
function Preview({ draft, saved }: { draft: Draft; saved: Form | undefined }) {
  const [html, setHtml] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => {
      const view = previewView(draft, saved)
      if (view) setHtml(renderPage(<FormPage form={view} hidden={new Map()} />))
    }, 150)
    return () => clearTimeout(timer)
  }, [draft, saved])
  return (
    <aside class="builder-preview" aria-label="Preview">
      <h2>Preview</h2>
      <p class="hint">The public page as people will see it (answering is off here).</p>
      <iframe title="Preview of the public page" sandbox="" srcdoc={html} />
    </aside>
  )
}

function JsonTools({ draft, onImport }: { draft: Draft; onImport: (draft: Draft) => void }) {
  const [error, setError] = useState('')
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button
        type="button"
        class="secondary"
        onClick={() => {
          const text = `${JSON.stringify(inputOf(draft), null, 2)}\n`
          const link = document.createElement('a')
          link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
          link.download = `${(draft.title || 'form').replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}.json`
          link.click()
          setTimeout(() => URL.revokeObjectURL(link.href), 1000)
        }}
      >
        Download JSON
      </button>
      <button type="button" class="secondary" onClick={() => input.current?.click()}>
        Import JSON
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        class="visually-hidden"
        tabIndex={-1}
        aria-label="Form definition file"
        onChange={async (event) => {
          const file = event.currentTarget.files?.[0]
          event.currentTarget.value = ''
          if (!file) return
          try {
            const parsed = JSON.parse(await file.text()) as unknown
            if (
              typeof parsed !== 'object' ||
              parsed === null ||
              !Array.isArray((parsed as { questions?: unknown }).questions)
            ) {
              throw new Error('the file is not a form definition (it has no "questions" list)')
            }
            onImport(draftOf(parsed as Form))
            setError('')
          } catch (problem) {
            setError(`Could not import ${file.name}: ${messageOf(problem)}`)
          }
        }}
      />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}

function OrphanList({ orphans }: { orphans: Orphans }) {
  const plural = (n: number) => (n === 1 ? '1 answer' : `${n.toLocaleString()} answers`)
  return (
    <ul>
      {orphans.questions.map((item) => (
        <li key={`q:${item.title}`}>
          Removing “{item.title}” ({plural(item.answered)})
        </li>
      ))}
      {orphans.choices.map((item) => (
        <li key={`c:${item.question}:${item.label}`}>
          Removing the choice “{item.label}” of “{item.question}” ({plural(item.count)})
        </li>
      ))}
      {orphans.kinds.map((item) => (
        <li key={`k:${item.title}`}>
          Changing the kind of “{item.title}” ({plural(item.answered)})
        </li>
      ))}
    </ul>
  )
}
