import type { Answer } from '../../api'
import { answerText, fileSize } from './answers'

/**
 * An answer as the responses table, the drawer and the drafts show it: its text, or for a file its
 * name and size as a link that downloads it (the session cookie lets a signed-in member read it).
 */
export function AnswerValue({ answer }: { answer: Answer }) {
  if (answer.type !== 'file') return <>{answerText(answer)}</>
  const { file } = answer
  return (
    <a class="file-answer" href={file.url} download={file.name} rel="noopener">
      {file.name} <span class="file-size">({fileSize(file.size)})</span>
    </a>
  )
}
