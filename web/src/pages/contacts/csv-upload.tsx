import { useState } from 'preact/hooks'
import { useApp } from '../../app-context'
import { ErrorMessage } from '../../components'
import { rowsOfCsv, type UploadResult, uploadContacts } from '../../upload'

export function CsvUpload({ listId, onDone }: { listId: string; onDone: () => void }) {
  const { api } = useApp()
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [result, setResult] = useState<UploadResult | null>(null)
  const [error, setError] = useState<unknown>(null)
  return (
    <form
      class="panel"
      aria-label="Upload contacts"
      onSubmit={async (event) => {
        event.preventDefault()
        const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement
        const file = input.files?.[0]
        if (!file) return
        setError(null)
        setResult(null)
        const { rows, problem } = rowsOfCsv(await file.text())
        if (problem) {
          setError(new Error(`This CSV cannot be read: ${problem}.`))
          return
        }
        setProgress({ done: 0, total: rows.length })
        try {
          setResult(
            await uploadContacts(api, listId, rows, (done) => setProgress({ done, total: rows.length })),
          )
        } catch (failure) {
          setError(failure)
        }
        setProgress(null)
        onDone()
      }}
    >
      <h2>Add contacts from a CSV file</h2>
      <p>
        The first line names the columns: “email” (required, in any case), “name”, and any others, kept as the
        contact’s data. Columns may be separated by commas, semicolons or tabs.
      </p>
      <label>
        CSV file
        <input name="file" type="file" accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values" required />
      </label>
      <button type="submit" disabled={progress !== null}>
        Upload contacts
      </button>
      {progress && (
        <label>
          Uploading {progress.done.toLocaleString()} of {progress.total.toLocaleString()}
          <progress max={progress.total} value={progress.done} />
        </label>
      )}
      <ErrorMessage error={error} />
      {result && (
        <div role="status">
          <p>
            {result.added.toLocaleString()} {result.added === 1 ? 'contact' : 'contacts'} added
            {result.errors.length > 0
              ? `, ${result.errors.length} ${result.errors.length === 1 ? 'row' : 'rows'} refused:`
              : '.'}
          </p>
          {result.errors.length > 0 && (
            <ul class="row-errors">
              {result.errors.map((row) => (
                <li key={row.line}>
                  Line {row.line} ({row.email || 'no e-mail'}): {row.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  )
}
