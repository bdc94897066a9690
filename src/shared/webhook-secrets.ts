// How well a webhook's deliveries are signed, by the rule the dashboard applies to the secrets it
// takes: none, one shorter than 32 characters (guessable enough to forge a signature), or one of
// at least 32. The API keeps accepting any secret it accepted before; this only names the risk.

export const WEBHOOK_SECRET_MIN_LENGTH = 32

export type WebhookSigning = 'unsigned' | 'weak' | 'strong'

export function webhookSigning(secret: string | null): WebhookSigning {
  if (secret === null || secret === '') return 'unsigned'
  return secret.length < WEBHOOK_SECRET_MIN_LENGTH ? 'weak' : 'strong'
}
