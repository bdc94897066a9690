// Webhooks of forms and their deliveries (the outbox). Timestamps are integer microseconds;
// booleans 0/1; JSON is text.

export interface WebhooksTable {
  id: string
  workspace_id: string
  form_id: string
  tag: string
  url: string
  enabled: number
  /** Signing secret; never returned by the API. */
  secret: string | null
  verify_ssl: number
  /** `{"form_response": true}` as JSON text. */
  event_types: string
  /** Since when every delivery attempt has failed (null after a success); drives the 5-day disable. */
  failing_since: number | null
  created_at: number
  updated_at: number
}

export interface WebhookDeliveriesTable {
  /** Also the `webhook-id` header: stable across attempts of this event to this webhook. */
  id: string
  webhook_id: string
  event_id: string
  event_type: string
  /** The exact request body sent on every attempt. */
  payload: string
  status: 'pending' | 'succeeded' | 'failed'
  attempts: number
  /** attempts at the start of the current retry run (a redeliver starts a new run). */
  attempt_base: number
  /** 1 when asked for explicitly (redeliver, test ping): sent even to a disabled webhook. */
  manual: number
  last_status_code: number | null
  last_error: string | null
  next_attempt_at: number | null
  /** A worker holds the job until then; an expired lease lets another worker take it. */
  lease_expires_at: number | null
  created_at: number
  delivered_at: number | null
}

/** One attempt of a delivery; deliveries recorded before these rows existed have none. */
export interface WebhookDeliveryAttemptsTable {
  delivery_id: string
  /** The delivery's attempt count after this attempt: its position, oldest first. */
  number: number
  attempted_at: number
  duration_ms: number
  /** Null when no answer came (refused, timed out, target refused). */
  status_code: number | null
  /** Null on a 2xx. */
  error: string | null
  /** The first 1 KiB of the answer's body as text; null when no answer came. */
  response_excerpt: string | null
}

export interface WebhooksTables {
  webhooks: WebhooksTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable
}
