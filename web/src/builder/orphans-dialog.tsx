import { ConfirmDialog } from '../components'
import type { Orphans } from './draft'

/** Asked before a save that would leave answers without their question, choice or kind. */
export function OrphansDialog(props: {
  orphans: Orphans | null
  onCancel: () => void
  onConfirm: () => void
}) {
  const { orphans } = props
  return (
    <ConfirmDialog
      open={orphans !== null}
      title="Some answers would no longer have their question"
      confirmLabel="Save anyway"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      {orphans && <OrphanList orphans={orphans} />}
      <p>Their answers stay stored, listed and exported, but the form no longer asks them.</p>
    </ConfirmDialog>
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
