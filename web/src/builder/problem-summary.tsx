import type { RefObject } from 'preact'
import { type Draft, fieldId, type Problem } from './draft'

/** What stops a save, each a link to its field; focused when a save is refused, so it is heard. */
export function ProblemSummary(props: {
  problems: Problem[]
  draft: Draft
  focus: RefObject<HTMLDivElement | null>
}) {
  const { problems, draft } = props
  if (problems.length === 0) return null
  return (
    <div class="error" role="alert" tabIndex={-1} ref={props.focus} aria-labelledby="problems-title">
      <h2 id="problems-title">
        {problems.length === 1 ? 'There is 1 problem' : `There are ${problems.length} problems`} to fix before
        saving
      </h2>
      <ul>
        {problems.slice(0, 30).map((problem) => (
          <li key={`${problem.path}:${problem.message}`}>
            <a href={`#${fieldId(problem.path)}`} onClick={(event) => toNearest(event, problem.path)}>
              {describePath(problem.path, draft)}: {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
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
  // The flow's problems name the rule, page or ending they are in, and the part of it.
  const flowParts: Record<string, string> = { pages: 'Page', logic: 'Rule', endings: 'Ending' }
  const flowPart = flowParts[parts[0] ?? '']
  if (flowPart && parts[1] !== undefined) {
    const name = `${flowPart} ${Number(parts[1]) + 1}`
    if (parts[2] === 'then' && parts[3] !== undefined) return `${name}, action ${Number(parts[3]) + 1}`
    if (parts[2] === 'if') return `${name}, condition`
    return parts[2] ? `${name}, ${parts.slice(2).join(' ').replace(/_/g, ' ')}` : name
  }
  return path || 'Form'
}

/**
 * A problem of a part with no field of its own (an action, a page no path reaches) links to the
 * nearest part that has one: its rule, its page.
 */
function toNearest(event: MouseEvent, path: string) {
  for (let at = path; at !== ''; at = at.slice(0, at.lastIndexOf('/'))) {
    const element = document.getElementById(fieldId(at))
    if (!element) continue
    if (at === path) return
    event.preventDefault()
    element.scrollIntoView({ block: 'center' })
    element.querySelector<HTMLElement>('input, select, textarea, button')?.focus()
    return
  }
}
