import { useState } from 'preact/hooks'
import { WEBHOOK_SECRET_MIN_LENGTH } from '../../../../src/shared/webhook-secrets'

// A webhook's signing secret as the dashboard makes and shows it: `whsec_` and the base64 of 32
// random bytes (the Standard Webhooks form that Svix uses), shown once, right after creation.

export { WEBHOOK_SECRET_MIN_LENGTH }

export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `whsec_${btoa(String.fromCharCode(...bytes))}`
}

/** The dashboard's rule for a secret a person types; undefined when it may be sent. */
export function typedSecretProblem(secret: string): string | undefined {
  return secret.length < WEBHOOK_SECRET_MIN_LENGTH
    ? `must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters (this one has ${secret.length}); leave it empty and Canvass makes one`
    : undefined
}

/** The secret of a webhook just created, shown this once with a button that copies it. */
export function RevealedSecret(props: { tag: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState('')
  return (
    <section class="panel secret" aria-labelledby="secret-title">
      <h2 id="secret-title">Signing secret of {props.tag}</h2>
      <p>
        Copy it into your receiver now to check the <code>webhook-signature</code> of each delivery: it is
        shown only this once.
      </p>
      <p>
        <code class="secret-text">{props.secret}</code>
      </p>
      <div class="actions">
        <button
          type="button"
          onClick={() =>
            navigator.clipboard.writeText(props.secret).then(
              () => setCopied('Secret copied'),
              () => setCopied('Copying failed: select the secret and copy it'),
            )
          }
        >
          Copy secret
        </button>
        <button type="button" class="secondary" onClick={props.onDone}>
          Done
        </button>
        <span role="status">{copied}</span>
      </div>
    </section>
  )
}

/** A webhook's signing, as a chip in its card: a warning unless its secret is strong. */
export function SigningBadge({ signing }: { signing: 'unsigned' | 'weak' | 'strong' | undefined }) {
  if (signing === undefined) return null
  if (signing === 'strong') return <span class="badge ok">Signed</span>
  return (
    <span class="badge warn">
      {signing === 'unsigned'
        ? 'Unsigned'
        : `Weakly signed (secret under ${WEBHOOK_SECRET_MIN_LENGTH} characters)`}
    </span>
  )
}
