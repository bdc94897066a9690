import { type ComponentType, h } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { ErrorMessage, usePageTitle } from '../components'
import { Skeleton } from '../skeleton'

// The builder is its own chunk (the form rules and the hosted page's renderer come with it):
// loaded when a form is created or edited, so the rest of the app starts as small as before.

type BuilderModule = typeof import('../builder/builder')

let loaded: BuilderModule | undefined

export function BuilderPage({ formId }: { formId?: string | undefined }) {
  const [module, setModule] = useState<BuilderModule | undefined>(loaded)
  const [error, setError] = useState<unknown>(null)
  // The builder names the page once it is loaded; until then, this does.
  usePageTitle(module ? undefined : [formId ? 'Edit form' : 'New form'])
  useEffect(() => {
    if (module) return
    import('../builder/builder').then(
      (imported) => {
        loaded = imported
        setModule(imported)
      },
      (problem) => setError(problem),
    )
  }, [])
  if (error) {
    return (
      <section>
        <h1>The form builder could not be loaded</h1>
        <ErrorMessage error={error} />
      </section>
    )
  }
  if (!module) return <Skeleton label="Loading the form builder" />
  return h(module.default as ComponentType<{ formId?: string | undefined }>, { formId })
}
