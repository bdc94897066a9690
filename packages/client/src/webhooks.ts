import { Webhook } from 'standardwebhooks'

// Canvass signs deliveries per Standard Webhooks (docs/webhooks.md): with the base64 key of a
// `whsec_` secret, or with the UTF-8 bytes of any other secret.

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

/**
 * Checks a delivery's signature and age (at most five minutes off) and returns the parsed
 * event. Throws (standardwebhooks' WebhookVerificationError) when the delivery is not genuine.
 * `body` must be the raw text received, not a re-serialised object.
 */
export function verifyWebhook(body: string | Uint8Array, headers: WebhookHeaders, secret: string): unknown {
  const webhook = secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(secret, { format: 'raw' })
  const payload = typeof body === 'string' ? body : new TextDecoder().decode(body)
  return webhook.verify(payload, plainHeaders(headers))
}

function plainHeaders(headers: WebhookHeaders): Record<string, string> {
  const plain: Record<string, string> = {}
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    headers.forEach((value, name) => {
      plain[name] = value
    })
    return plain
  }
  for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (value === undefined) continue
    plain[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return plain
}
