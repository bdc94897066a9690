import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

// When an answer's client has gone. A response's 'close' alone does not say: an HTTP/1.1 answer
// queued behind another on a pipelined connection has no socket yet, so when the client hangs up
// Node emits 'close' on the socket and on the request, never on that response (nor 'drain': a
// write waiting for room waits for ever). Whatever an answer holds (memory budget, a stream's
// slot and timers) is let go of on this signal, never on the response's 'close' alone.

/** Per socket, one 'close' listener, however many answers a pipelining client queues on it. */
const watchers = new WeakMap<Socket, Set<() => void>>()

function watchSocket(socket: Socket, gone: () => void): () => void {
  let set = watchers.get(socket)
  if (!set) {
    const created = new Set<() => void>()
    socket.once('close', () => {
      for (const watcher of created) watcher()
    })
    watchers.set(socket, created)
    set = created
  }
  set.add(gone)
  return () => set.delete(gone)
}

/**
 * Aborts once the answer is over (sent, or cut) or its client has gone: the response's 'close',
 * the socket's 'close' or the request's abort, whichever comes first; at once when that happened
 * already. Listeners are removed once it aborts.
 */
export function clientGone(request: IncomingMessage, response: ServerResponse): AbortSignal {
  const controller = new AbortController()
  const socket = request.socket
  if (response.closed || socket.destroyed || request.errored) {
    controller.abort()
    return controller.signal
  }
  const gone = () => {
    response.off('close', gone)
    request.off('close', requestClosed)
    unwatch()
    controller.abort()
  }
  // A request also closes once its body has been read: only an aborted one says the client has gone.
  const requestClosed = () => {
    if (request.errored || socket.destroyed) gone()
  }
  const unwatch = watchSocket(socket, gone)
  response.once('close', gone)
  request.once('close', requestClosed)
  return controller.signal
}

/** Calls `then` once the answer is over or its client has gone (see clientGone). */
export function whenClientGone(request: IncomingMessage, response: ServerResponse, then: () => void): void {
  const signal = clientGone(request, response)
  if (signal.aborted) then()
  else signal.addEventListener('abort', then, { once: true })
}
