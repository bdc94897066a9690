/** The draft came back from this tab's storage: said so, with a way back to the saved form. */
export function RestoredNotice({ discard }: { discard: () => void }) {
  return (
    <p class="notice" role="status">
      Unsaved changes from earlier in this tab were restored.{' '}
      <button type="button" class="link" onClick={discard}>
        Discard them
      </button>
    </p>
  )
}

/** A save refused because someone else saved first (If-Match): nothing is lost until the person picks. */
export function ConflictNotice(props: { loadTheirs: () => void; saveMine: () => void }) {
  return (
    <div class="error" role="alert">
      <p>
        Someone else saved this form after you opened it. Your changes were not saved, so theirs are not lost.
      </p>
      <div class="actions">
        <button type="button" onClick={props.loadTheirs}>
          Load their version (discard mine)
        </button>
        <button type="button" class="danger" onClick={props.saveMine}>
          Save mine over theirs
        </button>
      </div>
    </div>
  )
}
