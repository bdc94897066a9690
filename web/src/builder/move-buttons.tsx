/** The ↑ and ↓ buttons that move one item of an ordered list (a question, a choice) by one place. */
export function MoveButtons(props: {
  /** What the item is called in the buttons' labels: "Move choice 2 up". */
  noun: string
  index: number
  count: number
  move: (from: number, to: number) => void
}) {
  const { noun, index, count, move } = props
  return (
    <>
      <button
        type="button"
        class="secondary"
        disabled={index === 0}
        aria-label={`Move ${noun} ${index + 1} up`}
        onClick={() => move(index, index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        class="secondary"
        disabled={index === count - 1}
        aria-label={`Move ${noun} ${index + 1} down`}
        onClick={() => move(index, index + 1)}
      >
        ↓
      </button>
    </>
  )
}
