import type { InputHTMLAttributes } from 'preact'
import type { FormView } from '../forms/definition.js'
import { answerType, choiceLabels, type Question, TEXT_MAX } from '../forms/definition.js'
import { wholeNumberRule } from './answer-messages.js'
import { HIDDEN_PREFIX, HONEYPOT_FIELD, type PageErrors, type TypedValues } from './fields.js'
import { Layout } from './layout.js'

// The hosted form (docs/api.md#hosted-form-pages): native controls only, so it works with JavaScript off and with
// every assistive technology; errors beside their control and in a summary that takes focus.

export interface FormPageProps {
  form: FormView
  hidden: Map<string, string>
  values?: TypedValues
  errors?: PageErrors
  /** Why the answers shown were not sent (too many submissions): above the form, focused first. */
  notice?: { heading: string; message: string }
}

interface ControlProps {
  question: Question
  values: string[]
  error: string | undefined
  /** Ids of the hint and error texts that describe the control. */
  describedBy: string | undefined
}

const controlId = (question: Question) => `q-${question.id}`

/** The meaning of a scale's two ends, shown beside its first and last value. */
function scale(question: Question): { min: number; max: number; low: string; high: string } {
  const p = question.properties
  switch (question.type) {
    case 'rating':
      return { min: 1, max: (p['steps'] as number | undefined) ?? 5, low: 'Lowest', high: 'Highest' }
    case 'opinion_scale': {
      const start = (p['start'] as number | undefined) ?? 0
      const steps = (p['steps'] as number | undefined) ?? 11
      return { min: start, max: start + steps - 1, low: 'Lowest', high: 'Highest' }
    }
    case 'nps':
      return { min: 0, max: 10, low: 'Not at all likely', high: 'Extremely likely' }
    default:
      return { min: 1, max: 5, low: 'Very unsatisfied', high: 'Very satisfied' }
  }
}

function hint(question: Question): string | undefined {
  const p = question.properties
  switch (question.type) {
    case 'email':
      return 'An e-mail address, e.g. name@example.com'
    case 'url':
      return 'A web address starting with https:// or http://'
    case 'phone_number':
      return 'In international form with country code, e.g. +4915112345678'
    case 'number': {
      const rule = wholeNumberRule(question)
      return `A${rule.slice(1)}`
    }
    case 'multiple_choice':
      return p['allow_multiple'] === true ? 'Choose all that apply' : undefined
    default:
      return undefined
  }
}

const inputTypes: Partial<Record<Question['type'], 'text' | 'email' | 'url' | 'tel' | 'number' | 'date'>> = {
  short_text: 'text',
  email: 'email',
  url: 'url',
  phone_number: 'tel',
  number: 'number',
  date: 'date',
}
const autocomplete: Partial<Record<Question['type'], string>> = {
  email: 'email',
  phone_number: 'tel',
  url: 'url',
}

function RequiredMark(props: { required: boolean }) {
  return props.required ? <span class="required"> (required)</span> : null
}

function TextControl({ question, values, error, describedBy }: ControlProps) {
  const max = (question.properties['max_length'] as number | undefined) ?? TEXT_MAX
  const common = {
    id: controlId(question),
    name: question.id,
    required: question.required,
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': describedBy,
    dir: 'auto',
  } as const
  if (question.type === 'long_text') {
    return <textarea {...common} maxlength={max} rows={4} value={values[0] ?? ''} />
  }
  const type = inputTypes[question.type] ?? 'text'
  const p = question.properties
  // Preact types each input type apart; the attributes below are valid for all six.
  const attributes = {
    ...common,
    type,
    value: values[0] ?? '',
    maxlength: question.type === 'short_text' ? max : undefined,
    min: type === 'number' ? (p['min'] as number | undefined) : undefined,
    max: type === 'number' ? (p['max'] as number | undefined) : undefined,
    step: type === 'number' ? 1 : undefined,
    inputmode: type === 'number' ? 'numeric' : undefined,
    autocomplete: autocomplete[question.type],
  } as unknown as InputHTMLAttributes
  return <input {...attributes} />
}

/** A group of radios or checkboxes; the first one carries the id the error summary links to. */
function OptionGroup(props: {
  question: Question
  options: { value: string; label: string }[]
  multiple: boolean
  values: string[]
  error: string | undefined
  layout: 'scale' | 'list'
}) {
  const { question, options } = props
  return (
    <div class={props.layout === 'scale' ? 'options scale' : 'options'}>
      {options.map((option, index) => (
        <label class="option" dir="auto">
          <input
            type={props.multiple ? 'checkbox' : 'radio'}
            id={index === 0 ? controlId(question) : undefined}
            name={question.id}
            value={option.value}
            checked={props.values.includes(option.value)}
            required={question.required && !props.multiple ? true : undefined}
            aria-invalid={props.error ? 'true' : undefined}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  )
}

function QuestionCard(props: {
  question: Question
  number: number
  count: number
  values: string[]
  error?: string
}) {
  const { question, values, error } = props
  const id = controlId(question)
  const hintText = hint(question)
  const hintId = hintText ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const descriptionId = question.description ? `${id}-description` : undefined
  const describedBy = [errorId, descriptionId, hintId].filter(Boolean).join(' ') || undefined
  const errorText = error ? (
    <p class="error-message" id={errorId} dir="auto">
      <span class="visually-hidden">Error: </span>
      {error}
    </p>
  ) : null
  const descriptionLine = question.description ? (
    <p class="description" id={descriptionId} dir="auto">
      {question.description}
    </p>
  ) : null
  const hintLine = hintText ? (
    <p class="hint" id={hintId}>
      {hintText}
    </p>
  ) : null
  const position = (
    <p class="position" aria-hidden="true">
      {props.number} / {props.count}
    </p>
  )
  const cardClass = error ? 'card question invalid' : 'card question'
  const kind = question.type

  if (kind === 'short_text' || kind === 'long_text' || inputTypes[kind] || kind === 'dropdown') {
    return (
      <div class={cardClass}>
        {position}
        <label class="question-title" for={id} dir="auto">
          {question.title}
          <RequiredMark required={question.required} />
        </label>
        {descriptionLine}
        {hintLine}
        {errorText}
        {kind === 'dropdown' ? (
          <select
            id={id}
            name={question.id}
            required={question.required}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={describedBy}
          >
            <option value="">Choose…</option>
            {choiceLabels(question).map((label) => (
              <option value={label} selected={values.includes(label)}>
                {label}
              </option>
            ))}
          </select>
        ) : (
          <TextControl question={question} values={values} error={error} describedBy={describedBy} />
        )}
      </div>
    )
  }

  let options: { value: string; label: string }[]
  let ends: { low: string; high: string; min: number; max: number } | undefined
  if (kind === 'yes_no') {
    options = [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ]
  } else if (kind === 'multiple_choice') {
    options = choiceLabels(question).map((label) => ({ value: label, label }))
  } else {
    ends = scale(question)
    options = []
    for (let n = ends.min; n <= ends.max; n++) options.push({ value: String(n), label: String(n) })
  }
  const endsId = ends ? `${id}-ends` : undefined
  return (
    <fieldset
      class={cardClass}
      aria-describedby={[errorId, descriptionId, hintId, endsId].filter(Boolean).join(' ') || undefined}
    >
      {position}
      <legend class="question-title" dir="auto">
        {question.title}
        <RequiredMark required={question.required} />
      </legend>
      {descriptionLine}
      {hintLine}
      {errorText}
      <OptionGroup
        question={question}
        options={options}
        multiple={answerType(question) === 'choices'}
        values={values}
        error={error}
        layout={ends ? 'scale' : 'list'}
      />
      {ends && (
        <p class="scale-ends" id={endsId}>
          <span>
            {ends.min}: {ends.low}
          </span>
          <span>
            {ends.max}: {ends.high}
          </span>
        </p>
      )}
    </fieldset>
  )
}

function ErrorSummary(props: { errors: PageErrors }) {
  return (
    <div class="error-summary" tabindex={-1} autofocus aria-labelledby="error-summary-title" role="alert">
      <h2 id="error-summary-title">
        {props.errors.all.length === 1
          ? 'There is a problem with 1 answer'
          : `There are problems with ${props.errors.all.length} answers`}
      </h2>
      <ul>
        {props.errors.all.map((error) => (
          <li dir="auto">
            {error.questionId ? <a href={`#q-${error.questionId}`}>{error.message}</a> : error.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

function Notice(props: { heading: string; message: string }) {
  // Looks and is focused as the error summary is (static/form.js), so the kept answers are not
  // overwritten by the ones the tab saved.
  return (
    <div class="error-summary" tabindex={-1} autofocus aria-labelledby="notice-title" role="alert">
      <h2 id="notice-title">{props.heading}</h2>
      <p>{props.message}</p>
    </div>
  )
}

/** What the page's script checks answers against (web/hosted/form.ts): the questions, less their descriptions. */
function questionsForScript(questions: Question[]): string {
  return JSON.stringify(
    questions.map(({ id, title, type, required, properties }) => ({ id, title, type, required, properties })),
  )
}

export function FormPage({ form, hidden, values, errors, notice }: FormPageProps) {
  const count = form.questions.length
  const required = form.questions.filter((question) => question.required).length
  const title = notice ? `${notice.heading}: ${form.title}` : errors ? `Error: ${form.title}` : form.title
  return (
    <Layout title={title}>
      <header class="form-header">
        <h1 dir="auto">{form.title}</h1>
        <p class="progress-hint" id="progress-hint" data-count={count}>
          {count === 1 ? '1 question' : `${count} questions`}
          {required > 0 ? `, ${required} required` : ''}
        </p>
      </header>
      {notice && <Notice heading={notice.heading} message={notice.message} />}
      {errors && errors.all.length > 0 && <ErrorSummary errors={errors} />}
      <form
        method="post"
        action={`/f/${form.id}`}
        novalidate
        class="form"
        data-form-id={form.id}
        data-questions={questionsForScript(form.questions)}
      >
        {[...hidden].map(([name, value]) => (
          <input type="hidden" name={HIDDEN_PREFIX + name} value={value} />
        ))}
        <div class="trap" aria-hidden="true">
          <label for="canvass-website">Leave this field empty</label>
          <input id="canvass-website" name={HONEYPOT_FIELD} type="text" tabindex={-1} autocomplete="off" />
        </div>
        {form.questions.map((question, index) => (
          <QuestionCard
            question={question}
            number={index + 1}
            count={count}
            values={values?.get(question.id) ?? []}
            error={errors?.byQuestion.get(question.id)}
          />
        ))}
        <div class="actions">
          <button type="submit">Submit</button>
        </div>
      </form>
    </Layout>
  )
}
