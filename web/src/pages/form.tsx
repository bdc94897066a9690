import { useApp } from '../app-context'
import { ErrorMessage, Link, useLoad, usePageTitle } from '../components'
import { ResponseSummary } from './form-summary'
import { InsightsView } from './insights'
import { ResponsesView } from './responses'
import { WebhooksView } from './webhooks'

const tabs = [
  { id: 'responses', label: 'Responses' },
  { id: 'insights', label: 'Insights' },
  { id: 'webhooks', label: 'Webhooks' },
]

export function FormPage({ formId, tab }: { formId: string; tab: string }) {
  const { api, can } = useApp()
  const { data: form, error } = useLoad(() => api.forms.get(formId), [formId])
  const base = `/app/forms/${encodeURIComponent(formId)}`
  const section = tabs.find((item) => item.id === tab)?.label
  usePageTitle(error ? ['Form not found'] : [section, form?.title])
  return (
    <section>
      <p class="crumbs">
        <Link href="/app/forms">Forms</Link>
      </p>
      <h1>{form ? form.title : error ? 'Form not found' : 'Loading…'}</h1>
      <ErrorMessage error={error} />
      {form && <ResponseSummary form={form} />}
      {form && can('forms:write') && (
        <p class="toolbar">
          <Link class="button" href={`${base}/edit`}>
            Edit form
          </Link>
        </p>
      )}
      {form && (
        <>
          <nav class="tabs" aria-label="Form sections">
            {tabs.map((item) => (
              <Link
                key={item.id}
                href={item.id === 'responses' ? base : `${base}/${item.id}`}
                aria-current={tab === item.id ? 'page' : undefined}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          {tab === 'responses' && <ResponsesView form={form} />}
          {tab === 'insights' && <InsightsView form={form} />}
          {tab === 'webhooks' && <WebhooksView form={form} />}
        </>
      )}
    </section>
  )
}
