/**
 * How many attempts one worker has in flight to each webhook, and so how much room each webhook
 * has left: at most `perWebhook` at once, so one slow endpoint holds up only its own deliveries.
 * The one definition both the claim query and the worker's scheduling use.
 */
export class WebhookShares {
  readonly #inFlight = new Map<string, number>()

  constructor(readonly perWebhook: number) {}

  room(webhookId: string): number {
    return this.perWebhook - (this.#inFlight.get(webhookId) ?? 0)
  }

  /** Webhooks with no room left: the claim leaves their jobs alone. */
  full(): string[] {
    return [...this.#inFlight.keys()].filter((webhookId) => this.room(webhookId) <= 0)
  }

  started(webhookId: string): void {
    this.#inFlight.set(webhookId, (this.#inFlight.get(webhookId) ?? 0) + 1)
  }

  finished(webhookId: string): void {
    const left = (this.#inFlight.get(webhookId) ?? 1) - 1
    if (left > 0) this.#inFlight.set(webhookId, left)
    else this.#inFlight.delete(webhookId)
  }
}
