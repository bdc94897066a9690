import { flowPath } from '../../shared/flow/path.js'
import type { ResponseItem } from '../../shared/forms/answers.js'
import type { FormDefinition } from '../../shared/forms/definition.js'

// The path of a stored response, worked out again from its item for a rebuild (a response stored
// before its pages and unanswered questions were counted). Its item keeps the answers but not the
// definition they were given under: the path is the one they take through the form as it is now.

/** The answers of an item as a submission gives them. */
function submittedAnswers(item: ResponseItem): Record<string, unknown> {
  const answers: Record<string, unknown> = {}
  for (const answer of item.answers) {
    const value = answer[answer.type]
    if (answer.type === 'number') answers[answer.question.id] = Number(value)
    else if (answer.type === 'choice') answers[answer.question.id] = (value as { label: string }).label
    else if (answer.type === 'choices') answers[answer.question.id] = (value as { labels: string[] }).labels
    else answers[answer.question.id] = value
  }
  return answers
}

/** The pages an item's answers visit and the questions on that path they leave unanswered. */
export function pathOfItem(
  definition: FormDefinition,
  item: ResponseItem,
): { pages: string[]; unanswered: string[] } {
  const answers = submittedAnswers(item)
  const hidden = Object.fromEntries(item.hidden.map(({ name, value }) => [name, value]))
  const path = flowPath(definition, answers, hidden)
  return { pages: path.pages, unanswered: path.questions.filter((id) => !Object.hasOwn(answers, id)) }
}
