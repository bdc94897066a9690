// Why a single sign-on failed, as `/app/sign-in?error=<reason>` names it (docs/api.md#single-sign-on),
// and what the sign-in page says. Only these reasons are shown: a message is never taken from the
// address, which anyone can write.

export const oidcErrorMessages = {
  provider_unavailable:
    'Signing in with your organisation’s provider is not available right now. Try again later.',
  issuer_mismatch:
    'The single sign-on provider is not the one Canvass is configured for, so it was not trusted. Tell whoever runs Canvass.',
  invalid_state:
    'This sign-in link was already used, has expired, or was started in another browser. Sign in again.',
  provider_error: 'The provider did not sign you in (you may have cancelled). Sign in again.',
  invalid_response: 'The provider’s answer could not be verified, so you were not signed in. Sign in again.',
  email_missing: 'The provider did not share your e-mail address, which Canvass needs to know who you are.',
  email_unverified: 'The provider has not verified your e-mail address. Verify it there, then sign in again.',
  domain_not_allowed:
    'Your e-mail address is not one this Canvass lets join by single sign-on. Ask an owner or admin to invite you.',
} as const

export type OidcErrorReason = keyof typeof oidcErrorMessages

/** The message for `?error=` of the sign-in page, when it names a single sign-on failure. */
export function oidcErrorMessage(reason: string | null): string | undefined {
  return reason !== null && Object.hasOwn(oidcErrorMessages, reason)
    ? oidcErrorMessages[reason as OidcErrorReason]
    : undefined
}
