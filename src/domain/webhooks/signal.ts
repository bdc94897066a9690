import { EventEmitter } from 'node:events'

// An in-process wake-up: code that queues a delivery tells this process's worker, so it does
// not wait for its next poll. Other processes find the job by polling.
const signal = new EventEmitter()
signal.setMaxListeners(0)

export function announceDeliveryQueued(): void {
  signal.emit('queued')
}

export function onDeliveryQueued(listener: () => void): () => void {
  signal.on('queued', listener)
  return () => signal.off('queued', listener)
}
