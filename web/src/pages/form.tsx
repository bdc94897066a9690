import { ApiError, type Form } from '../api'
import { useApp } from '../app-context'
import { ErrorMessage, Link, useLoad, usePageTitle } from '../components'
import { SharePanel } from '../share/share-panel'
import { StateChip } from '../share/state-chip'
import { Skeleton, SkeletonText } from '../skeleton'
import { DraftsView } from './drafts'
import { ResponseSummary } from './form-summary'
import { InsightsView } from './insights'
import { InvitationsView } from './invitations'
import { ResponsesView } from './responses'
import { WebhooksView } from './webhooks'

const allTabs = [
  { id: 'responses', label: 'Responses' },
  { id: 'drafts', label: 'Drafts' },
  { id: 'insights', label: 'Insights' },
  { id: 'invitations', label: 'Invitations' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'share', label: 'Share' },
]

/** The form's sections: drafts only while its settings show them to the team, invitations to those who may read them. */
const tabsOf = (form: Form | undefined, can: (scope: string) => boolean) =>
  allTabs.filter(
    (item) =>
      (item.id !== 'drafts' || form?.settings.partial_responses === true) &&
      (item.id !== 'invitations' || can('invitations:read')),
  )

export function FormPage({ formId, tab }: { formId: string; tab: string }) {
  const { api, can } = useApp()
  const { data: form, error, reload } = useLoad(() => api.forms.get(formId), [formId])
  const base = `/app/forms/${encodeURIComponent(formId)}`
  const tabs = tabsOf(form, can)
  const section = tabs.find((item) => item.id === tab)?.label
  const failed = error instanceof ApiError && error.status === 404 ? 'Form not found' : 'Form not loaded'
  usePageTitle(error ? [failed] : [section, form?.title])
  return (
    <section>
      <p class="crumbs">
        <Link href="/app/forms">Forms</Link>
      </p>
      <div class="form-head">
        <div>
          <h1>{form ? form.title : error ? failed : <SkeletonText label="Loading the form" />}</h1>
          {form && (
            <div class="form-state">
              <StateChip form={form} />
              <ResponseSummary form={form} refresh={tab} />
            </div>
          )}
        </div>
        {form && can('forms:write') && (
          <Link class="button primary" href={`${base}/edit`}>
            Edit form
          </Link>
        )}
      </div>
      <ErrorMessage error={error} onRetry={reload} />
      {!form && !error && <Skeleton />}
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
          {tab === 'drafts' && tabs.some((item) => item.id === 'drafts') && <DraftsView form={form} />}
          {tab === 'insights' && <InsightsView form={form} />}
          {tab === 'invitations' && <InvitationsView form={form} />}
          {tab === 'webhooks' && <WebhooksView form={form} />}
          {tab === 'share' && <SharePanel form={form} />}
        </>
      )}
    </section>
  )
}
