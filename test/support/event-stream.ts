// A response stream (text/event-stream) read over a real socket, for tests that watch it end.

export interface OpenedStream {
  status: number
  /** Everything received so far. */
  text(): string
  /** The ids of the whole `response` events received, in order. */
  ids(): string[]
  /** Whether the server has ended the stream (or cut its connection). */
  ended(): boolean
  close(): void
}

export async function openStream(url: string, headers: Record<string, string>): Promise<OpenedStream> {
  const controller = new AbortController()
  const response = await fetch(url, { headers, signal: controller.signal })
  let text = ''
  let ended = false
  const decoder = new TextDecoder()
  void (async () => {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        text += decoder.decode(read.value, { stream: true })
      }
    } catch {
      // Cut or aborted: ended all the same.
    }
    ended = true
  })()
  return {
    status: response.status,
    text: () => text,
    ids: () => eventIds(text),
    ended: () => ended,
    close: () => controller.abort(),
  }
}

/** Ids of the whole `response` events of a stream's text (a last, unfinished event is left out). */
export function eventIds(text: string): string[] {
  const events = text.split('\n\n').slice(0, -1)
  return events
    .filter((event) => event.startsWith('event: response\n'))
    .map((event) => /^id: (.*)$/m.exec(event)?.[1] ?? '')
}
