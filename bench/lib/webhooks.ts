import type { ChildProcess } from 'node:child_process'
import { api, type CanvassServer } from './canvass.js'
import { forkTs, stopChild } from './processes.js'
import type { ReceiverReport } from './receiver.js'

// A webhook receiver on 127.0.0.1 and the Canvass webhook pointing at it.

export interface Receiver {
  url: string
  /** The receiver's process id (its CPU time is the delivery's other half). */
  pid: number
  report(): Promise<ReceiverReport>
  reset(): void
  /** Waits until `count` distinct deliveries arrived, or `timeoutMs` passed; returns the last report. */
  waitFor(count: number, timeoutMs: number): Promise<ReceiverReport>
  stop(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const { child, port } = await forkTs('bench/lib/receiver.ts', {})
  const report = () =>
    new Promise<ReceiverReport>((done) => {
      const onMessage = (message: { type: string; report: ReceiverReport }) => {
        if (message.type !== 'report') return
        ;(child as ChildProcess).off('message', onMessage)
        done(message.report)
      }
      child.on('message', onMessage)
      child.send({ type: 'report' })
    })
  return {
    url: `http://127.0.0.1:${port}/hook`,
    pid: child.pid ?? 0,
    report,
    reset: () => child.send({ type: 'reset' }),
    async waitFor(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const last = await report()
        if (last.unique >= count || Date.now() > deadline) return last
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    stop: () => stopChild(child),
  }
}

/** PUT /v1/forms/<form>/webhooks/bench, enabled, pointing at the receiver. */
export async function addWebhook(server: CanvassServer, formId: string, url: string): Promise<void> {
  await api(server, 'PUT', `/v1/forms/${formId}/webhooks/bench`, { url, enabled: true }, 201)
}
