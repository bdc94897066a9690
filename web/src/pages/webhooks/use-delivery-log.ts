import { useState } from 'preact/hooks'
import type { Delivery, Page } from '../../api'
import { useApp } from '../../app-context'
import { useLoad } from '../../components'

// A webhook's delivery log: a page of deliveries, the attempts of one, and redelivering one.

export interface DeliveryLogState {
  page: number
  turnPage(page: number): void
  /** The page of deliveries, once loaded. */
  data: Page<Delivery> | undefined
  loadError: unknown
  refresh(): void
  /** The delivery whose attempts are shown, read in full. */
  open: Delivery | null
  showAttempts(deliveryId: string): Promise<void>
  closeAttempts(): void
  /** Whether this token may redeliver; the button is hidden without it. */
  canRedeliver: boolean
  redeliver(deliveryId: string): Promise<void>
  actionError: unknown
  notice: string
}

export function useDeliveryLog(formId: string, tag: string): DeliveryLogState {
  const { api, can } = useApp()
  const [page, setPage] = useState(1)
  const { data, error, reload } = useLoad(
    () => api.webhooks.deliveries(formId, tag, page),
    [formId, tag, page],
  )
  const [open, setOpen] = useState<Delivery | null>(null)
  const [actionError, setActionError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  return {
    page,
    turnPage: setPage,
    data,
    loadError: error,
    refresh: reload,
    open,
    showAttempts: async (deliveryId) => {
      try {
        setOpen(await api.webhooks.delivery(formId, tag, deliveryId))
      } catch (problem) {
        setActionError(problem)
      }
    },
    closeAttempts: () => setOpen(null),
    canRedeliver: can('webhooks:write'),
    redeliver: async (deliveryId) => {
      try {
        await api.webhooks.redeliver(formId, tag, deliveryId)
        setNotice('Delivery queued again')
        reload()
      } catch (problem) {
        setActionError(problem)
      }
    },
    actionError,
    notice,
  }
}
