import * as client from 'openid-client'
import { Agent, fetch as undiciFetch } from 'undici'
import type { OidcConfig } from '../../config.js'
import type { OidcErrorReason } from '../../shared/oidc-errors.js'

// The OpenID provider as Canvass talks to it (docs/api.md#single-sign-on), through openid-client:
// discovery of the configured issuer, read once and kept (a failed one is tried again on the next
// sign-in), the authorization request with PKCE, and the code's exchange, whose ID token is
// checked (issuer, audience, nonce, expiry, and its signature against the provider's JWKS).

/** Why a single sign-on did not sign anyone in: the closed set the sign-in page explains. */
export type OidcFailureReason = OidcErrorReason

export class OidcFailure extends Error {
  constructor(
    readonly reason: OidcFailureReason,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'OidcFailure'
  }
}

/** What the provider vouches for about the person signing in. */
export interface OidcIdentity {
  subject: string
  email: string | undefined
  emailVerified: boolean
  name: string | undefined
}

export interface AuthorizationRequest {
  url: string
  state: string
  nonce: string
  codeVerifier: string
}

// Discovery and every request to the provider give up after this long: the browser is waiting.
const TIMEOUT_SECONDS = 10
const SCOPE = 'openid email profile'

export interface OidcClient {
  authorizationRequest(redirectUri: string): Promise<AuthorizationRequest>
  /** Exchanges the code the browser brought back to `callbackUrl` for the person's identity. */
  identityOf(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcIdentity>
}

export function oidcClient(config: OidcConfig): OidcClient {
  let discovered: Promise<client.Configuration> | undefined
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= discover(config).catch((error: unknown) => {
      discovered = undefined
      throw failureOf(error)
    })
    return discovered
  }
  return {
    async authorizationRequest(redirectUri) {
      const provider = await configuration()
      const codeVerifier = client.randomPKCECodeVerifier()
      const state = client.randomState()
      const nonce = client.randomNonce()
      const url = client.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      return { url: url.href, state, nonce, codeVerifier }
    },
    async identityOf(callbackUrl, checks) {
      const provider = await configuration()
      try {
        const tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        })
        const claims = tokens.claims()
        if (!claims) throw new OidcFailure('invalid_response', 'the provider sent no ID token')
        // Providers that follow OpenID Connect closely put e-mail claims in the UserInfo answer only.
        const userinfo =
          claims['email'] === undefined
            ? await client.fetchUserInfo(provider, tokens.access_token, claims.sub)
            : claims
        return {
          subject: claims.sub,
          email: typeof userinfo['email'] === 'string' ? userinfo['email'] : undefined,
          // Only a JSON true counts: a string "true" is not what the claim is defined as.
          emailVerified: userinfo['email_verified'] === true,
          name:
            typeof userinfo['name'] === 'string' && userinfo['name'] !== '' ? userinfo['name'] : undefined,
        }
      } catch (error) {
        throw failureOf(error)
      }
    },
  }
}

// Every request to the provider on a connection of its own. A kept-alive connection can be closed
// by the provider (Node's server closes idle ones after 5 s) just as the next request is written
// on it, and that request fails ("fetch failed", the socket reset); sign-ins are few, and the code's
// exchange is a POST that must not be sent twice. undici's `pipelining: 0` keeps no connection.
const ownConnections = new Agent({ pipelining: 0 })
const providerFetch: client.CustomFetch = (url, options) =>
  undiciFetch(url, { ...options, dispatcher: ownConnections } as Parameters<
    typeof undiciFetch
  >[1]) as unknown as Promise<Response>

async function discover(config: OidcConfig): Promise<client.Configuration> {
  const issuer = new URL(config.issuer)
  // An http:// issuer is the operator's explicit choice (a provider on this machine or network);
  // the ID token's signature is checked against the provider's keys either way.
  const insecure = issuer.protocol === 'http:' ? [client.allowInsecureRequests] : []
  const found = await client.discovery(issuer, config.clientId, undefined, undefined, {
    timeout: TIMEOUT_SECONDS,
    execute: insecure,
    [client.customFetch]: providerFetch,
  })
  const metadata = found.serverMetadata()
  const auth =
    config.clientSecret === undefined
      ? client.None()
      : metadata.token_endpoint_auth_methods_supported?.includes('client_secret_basic') === false &&
          metadata.token_endpoint_auth_methods_supported.includes('client_secret_post')
        ? client.ClientSecretPost(config.clientSecret)
        : client.ClientSecretBasic(config.clientSecret)
  const provider = new client.Configuration(metadata, config.clientId, config.clientSecret, auth)
  provider.timeout = TIMEOUT_SECONDS
  provider[client.customFetch] = providerFetch
  for (const extension of [...insecure, client.enableNonRepudiationChecks]) extension(provider)
  return provider
}

/** The failure a sign-in shows for an error of openid-client (or of the network under it). */
export function failureOf(error: unknown): OidcFailure {
  if (error instanceof OidcFailure) return error
  if (error instanceof client.AuthorizationResponseError) {
    // Only the error's code, and only if it looks like one: whoever starts a sign-in can write
    // the callback's parameters, and they must not put text of their choosing in the audit log.
    return new OidcFailure('provider_error', 'the provider did not sign this person in', {
      error: errorCode(error.error),
    })
  }
  if (error instanceof client.ResponseBodyError) {
    // The token endpoint refused the code: used before, expired, or not made for this verifier.
    return new OidcFailure('invalid_response', 'the provider refused the sign-in code', {
      error: errorCode(error.error),
    })
  }
  if (error instanceof client.ClientError) {
    const code = error.code ?? ''
    if (namesTheIssuer(error)) {
      return new OidcFailure('issuer_mismatch', 'the provider is not the configured issuer', { code })
    }
    if (unreachableCodes.has(code) || error.cause instanceof TypeError) {
      return new OidcFailure('provider_unavailable', 'the provider could not be reached', {
        code,
        ...networkCode(error.cause),
      })
    }
    return new OidcFailure('invalid_response', 'the provider’s answer did not pass its checks', {
      code,
      message: messageOf(error.cause) ?? error.message,
    })
  }
  if (error instanceof TypeError) {
    // fetch's own failure: refused connection, DNS, reset.
    return new OidcFailure('provider_unavailable', 'the provider could not be reached', {
      cause: error.message,
      ...networkCode(error),
    })
  }
  return new OidcFailure('invalid_response', 'the provider’s answer did not pass its checks', {
    message: error instanceof Error ? error.message : String(error),
  })
}

const unreachableCodes = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_ABORT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
])

/**
 * Whether openid-client refused an issuer: discovery's metadata naming another one, the ID
 * token's `iss`, or the authorization response's `iss` parameter (RFC 9207).
 */
function namesTheIssuer(error: client.ClientError): boolean {
  const cause = error.cause as { attribute?: unknown; claim?: unknown; cause?: unknown } | undefined
  if (cause?.attribute === 'issuer') return true
  const inner = (cause?.cause ?? {}) as { claim?: unknown }
  return inner.claim === 'iss' || /"iss" \(issuer\)/.test(messageOf(cause) ?? '')
}

/** An OAuth error code as the audit log keeps it: the code itself, or `other` for anything else. */
function errorCode(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : 'other'
}

/** The network's reason under fetch's "fetch failed" (`ECONNREFUSED`, `UND_ERR_SOCKET`), if any. */
function networkCode(error: unknown): { network: string } | Record<string, never> {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code
  return typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? { network: code } : {}
}

function messageOf(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined
}
