import type { Form } from '../api'
import { DateFilter, ErrorMessage, Pager } from '../components'
import { Skeleton } from '../skeleton'
import { ColumnsChooser, useColumns } from './responses/columns'
import { DeleteResponsesDialog } from './responses/delete-dialog'
import { ResponseDetail } from './responses/response-detail'
import { NoResponses, ResponsesTable } from './responses/responses-table'
import { ResponseSearch } from './responses/search'
import { ResponsesToolbar } from './responses/toolbar'
import { ResponseTotalLine } from './responses/total'
import { useResponses } from './responses/use-responses'

// A form's responses, newest first: a page at a time, searched in their text answers, filtered by
// days of the viewer's time zone,
// counted, exported, shown one in full and deleted once confirmed, every question a column unless
// hidden; new ones appear as they arrive. The state lives in useResponses; each part of the page
// is a component of its own file in responses/.

export function ResponsesView({ form }: { form: Form }) {
  const responses = useResponses(form)
  const columns = useColumns(form)
  const { data, selected } = responses
  const filtered = responses.from !== '' || responses.to !== ''
  const searched = responses.query !== ''
  return (
    <div>
      <div class="filters">
        <DateFilter
          label="Filter responses"
          from={responses.from}
          to={responses.to}
          zone={responses.zone}
          onApply={responses.applyFilter}
        />
        <ResponseSearch query={responses.query} onSearch={responses.search} />
      </div>
      <ResponseTotalLine total={responses.total} filtered={filtered} query={responses.query} />
      <ResponsesToolbar
        exportUrl={responses.exportUrl}
        canDelete={responses.canWrite}
        selectedCount={selected.size}
        askToDelete={responses.askToDelete}
        live={responses.live}
      />
      <ColumnsChooser questions={form.questions} columns={columns} />
      <p role="status">{responses.notice}</p>
      <ErrorMessage error={responses.loadError} onRetry={responses.retry} />
      <ErrorMessage error={responses.actionError} />
      {!data && !responses.loadError && <Skeleton label="Loading responses" />}
      {data && data.items.length === 0 && (
        <NoResponses filtered={responses.page !== 1 || filtered || searched} />
      )}
      {data && data.items.length > 0 && (
        <ResponsesTable
          items={data.items}
          columns={columns.shown}
          zone={responses.zone}
          selectable={responses.canWrite}
          selected={selected}
          toggle={responses.toggle}
          view={responses.view}
        />
      )}
      {data && (
        <Pager
          page={responses.page}
          hasNext={data.hasNext}
          onPage={responses.turnPage}
          label="Responses pages"
        />
      )}
      {responses.open && (
        <ResponseDetail
          key={responses.open.id}
          item={responses.open}
          zone={responses.zone}
          onClose={responses.closeView}
        />
      )}
      <DeleteResponsesDialog
        open={responses.confirming}
        count={selected.size}
        onCancel={responses.cancelDelete}
        onConfirm={responses.deleteSelected}
      />
    </div>
  )
}
