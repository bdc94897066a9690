import { describe, expect, it } from 'vitest'
import { ConfigError, configFromEnv, publicBaseUrl } from '../../src/config.js'
import { withServerSettings } from '../../src/http/routes/dashboard.js'

// CANVASS_PUBLIC_URL (docs/operating.md#settings): the address people reach Canvass at, the base of
// the links it writes; without it, on a loopback HOST, the dashboard is told links work only here.

const index = Buffer.from('<!doctype html><html><head><title>Canvass</title></head><body></body></html>')

describe('CANVASS_PUBLIC_URL', () => {
  it('is an absolute http(s) address, kept without its trailing slash', () => {
    expect(configFromEnv({ CANVASS_PUBLIC_URL: 'https://forms.example.com/' }).publicUrl).toBe(
      'https://forms.example.com',
    )
    expect(configFromEnv({ CANVASS_PUBLIC_URL: 'http://10.0.0.5:3000/survey/' }).publicUrl).toBe(
      'http://10.0.0.5:3000/survey',
    )
    expect(configFromEnv({}).publicUrl).toBeUndefined()
  })

  it('refuses anything else, naming the variable', () => {
    for (const value of [
      'forms.example.com',
      'ftp://forms.example.com',
      'https://x.example/?a=1',
      'https://',
    ]) {
      expect(() => configFromEnv({ CANVASS_PUBLIC_URL: value })).toThrow(ConfigError)
      expect(() => configFromEnv({ CANVASS_PUBLIC_URL: value })).toThrow(
        /^CANVASS_PUBLIC_URL: must be the absolute http:\/\/ or https:\/\/ address people reach Canvass at/,
      )
    }
  })

  it('is the base of links; without it, the address Canvass listens on', () => {
    const config = configFromEnv({ HOST: '0.0.0.0', PORT: '8080' })
    expect(publicBaseUrl(config)).toBe('http://127.0.0.1:8080')
    expect(publicBaseUrl(configFromEnv({ HOST: '::1' }))).toBe('http://[::1]:3000')
    expect(publicBaseUrl({ ...config, publicUrl: 'https://forms.example.com' })).toBe(
      'https://forms.example.com',
    )
  })

  it('reaches the dashboard page, or the page says links work only on this machine', () => {
    const at = (env: Record<string, string>) => withServerSettings(index, configFromEnv(env)).toString()
    expect(at({ CANVASS_PUBLIC_URL: 'https://forms.example.com' })).toContain(
      '<meta name="canvass-public-url" content="https://forms.example.com" /></head>',
    )
    expect(at({})).toContain('<meta name="canvass-links" content="this-machine-only" /></head>')
    expect(at({ HOST: 'localhost' })).toContain('this-machine-only')
    // Reached from elsewhere at whatever address the browser used: the page's own origin.
    expect(at({ HOST: '0.0.0.0' })).toBe(index.toString())
  })
})
