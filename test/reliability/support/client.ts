import { Agent, request } from 'undici'
import { formDefinition, type Send, submission, uniqueEmail } from './fixtures.js'
import type { SecretWatch } from './secrets.js'

// An HTTP client for child `canvass serve` processes on loopback, recording every request it
// made and how (or whether) it was answered.

export interface Outcome {
  kind: 'submission' | 'bulk'
  /** The hidden `run` value of a submission. */
  marker?: string
  emails?: string[]
  status: number | null
  body?: unknown
  error?: string
}

export class Client {
  readonly agent: Agent

  constructor(
    readonly token: string,
    private readonly watch?: SecretWatch,
    connections = 8,
  ) {
    this.agent = new Agent({ connections, keepAliveTimeout: 2000, connect: { timeout: 5000 } })
  }

  async call(baseUrl: string, method: string, path: string, body?: unknown) {
    const response = await request(`${baseUrl}${path}`, {
      method: method as 'GET',
      dispatcher: this.agent,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    })
    const text = await response.body.text()
    this.watch?.record(`${method} ${path}`, text)
    return { status: response.statusCode, text, json: () => JSON.parse(text) }
  }

  async ok(baseUrl: string, method: string, path: string, body?: unknown) {
    const answer = await this.call(baseUrl, method, path, body)
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`)
    return answer.text ? answer.json() : undefined
  }

  async submit(baseUrl: string, formId: string, marker: string): Promise<Outcome> {
    const outcome: Outcome = { kind: 'submission', marker, status: null }
    try {
      const answer = await this.call(baseUrl, 'POST', `/v1/forms/${formId}/responses`, submission(marker))
      outcome.status = answer.status
      outcome.body = answer.json()
    } catch (error) {
      outcome.error = String(error)
    }
    return outcome
  }

  async bulkAdd(baseUrl: string, listId: string, emails: string[]): Promise<Outcome> {
    const outcome: Outcome = { kind: 'bulk', emails, status: null }
    try {
      const contacts = emails.map((email, index) => ({
        name: `Contact ${index}`,
        email,
        data: { n: `${index}` },
      }))
      const answer = await this.call(baseUrl, 'POST', '/v1/contacts/bulk', { list_id: listId, contacts })
      outcome.status = answer.status
      outcome.body = answer.json()
    } catch (error) {
      outcome.error = String(error)
    }
    return outcome
  }

  /** A form with a webhook pointing at receiverUrl, and a contact list. */
  async setUp(baseUrl: string, receiverUrl: string, secret: string) {
    const form = await this.ok(baseUrl, 'POST', '/v1/forms', formDefinition)
    await this.ok(baseUrl, 'PUT', `/v1/forms/${form.id}/webhooks/reliability`, { url: receiverUrl, secret })
    const list = await this.ok(baseUrl, 'POST', '/v1/contact-lists', { name: 'Reliability' })
    return { formId: form.id as string, listId: list.id as string }
  }

  /** Every item of a paged list. */
  async all<T>(baseUrl: string, path: string): Promise<T[]> {
    const items: T[] = []
    for (let page = 1; ; page++) {
      const separator = path.includes('?') ? '&' : '?'
      const answer = await this.ok(baseUrl, 'GET', `${path}${separator}page=${page}&page_size=1000`)
      items.push(...answer.items)
      if (answer.items.length < 1000) return items
    }
  }

  close() {
    return this.agent.close()
  }
}

export function emails(label: string, count: number): string[] {
  return Array.from({ length: count }, () => uniqueEmail(label))
}

/** Fixtures' Send over real HTTP to a child process. */
export function viaHttp(baseUrl: string, defaultToken: string, watch?: SecretWatch): Send {
  const agent = new Agent({ connections: 4 })
  return async ({ method, url, payload, headers, token }) => {
    const bearer = token === undefined ? defaultToken : token
    const response = await request(`${baseUrl}${url}`, {
      method: method as 'GET',
      dispatcher: agent,
      headers: { ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }), ...headers },
      ...(payload === undefined ? {} : { body: payload }),
    })
    const body = await response.body.text()
    watch?.record(`${method} ${url}`, body)
    watch?.record(`headers of ${method} ${url}`, JSON.stringify(response.headers))
    return { statusCode: response.statusCode, body, headers: response.headers, json: () => JSON.parse(body) }
  }
}
