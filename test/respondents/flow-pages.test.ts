import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppContext } from '../../src/context.js'
import { buildApp } from '../../src/http/app.js'
import { draftForm, listed } from '../drafts/support.js'
import { richForm } from '../flow/fixtures.js'
import { createTestContext, type TestContext } from '../support/context.js'
import { CookieJar } from '../support/cookie-jar.js'

// docs/api.md#hosted-multi-page-forms with JavaScript off, through app.inject: each page a post,
// a 303 to the next page on the path, the answers kept in a draft named by a cookie. The browser
// suite (flow-browser.test.ts) drives the same pages in Chromium with JavaScript on and off.

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ publicRateLimit: 1000 })
})
afterAll(async () => {
  await ctx.close()
})

/** One respondent's browser: its cookies, and the pages it is sent to. */
function respondent(formId: string) {
  const jar = new CookieJar()
  const send = async (method: 'GET' | 'POST', url: string, fields?: [string, string][]) => {
    const cookie = jar.header(url)
    const response = await ctx.request({
      method,
      url,
      token: null,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(fields ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(fields ? { payload: new URLSearchParams(fields).toString() } : {}),
    })
    jar.store(response.headers['set-cookie'])
    return response
  }
  return {
    jar,
    open: (url = `/f/${formId}`) => send('GET', url),
    send,
    /** Sends page `page` with these answers and action. */
    post: (page: string, fields: [string, string][], action = 'next', shown?: string) =>
      send('POST', `/f/${formId}`, [
        ['canvass:page', page],
        ['canvass:action', action],
        ...(shown === undefined ? [] : ([['canvass:shown', shown]] as [string, string][])),
        ...fields,
      ]),
  }
}

/** The page id a flow page shows, and its visible text of progress. */
const shownPage = (html: string) => /<input type="hidden" name="canvass:page" value="([^"]+)"/.exec(html)?.[1]
const progress = (html: string) => /Page (\d+) of (\d+)/.exec(html)?.slice(1).map(Number)

describe('hosted multi-page form, JavaScript off', () => {
  it('walks the path page by page, keeps answers in a draft, and stores one response with its ending', async () => {
    const formId = await draftForm(ctx)
    const person = respondent(formId)
    const first = await person.open(`/f/${formId}?source=mail`)
    expect(first.statusCode).toBe(200)
    expect(shownPage(first.body)).toBe('intro')
    expect(progress(first.body)).toEqual([1, 3])
    expect(first.body).toContain('<input type="hidden" name="hidden:source" value="mail"/>')
    // Every page is in the HTML; only the first is shown.
    expect(first.body).toMatch(/<section class="flow-page" data-page="trip" hidden aria-labelledby/)

    // Required on this page, and nothing stored yet.
    const missing = await person.post('intro', [['name', 'Ada']])
    expect(missing.statusCode).toBe(422)
    expect(missing.body).toContain('Did you travel with us, Ada?: Required')
    expect(missing.body).toContain('value="Ada"')
    expect(person.jar.header(`/f/${formId}`)).toBeUndefined()

    const next = await person.post('intro', [
      ['name', 'Ada'],
      ['travelled', 'true'],
      ['hidden:source', 'mail'],
    ])
    expect(next.statusCode).toBe(303)
    expect(next.headers.location).toBe(`/f/${formId}/p/trip`)
    expect(next.headers['set-cookie']).toMatch(
      new RegExp(
        `^canvass_draft=cvd_[A-Za-z0-9_-]{22}; Path=/f/${formId}; Max-Age=2592000; HttpOnly; SameSite=Lax$`,
      ),
    )
    // The cookie is the draft's only name: another visitor starts afresh.
    expect(shownPage((await respondent(formId).open()).body)).toBe('intro')

    const trip = await person.open(next.headers.location as string)
    expect(trip.statusCode).toBe(200)
    expect(progress(trip.body)).toEqual([2, 3])
    // Recall in the page's title, from the draft's answers; a question a rule shows is hidden.
    expect(trip.body).toContain('About your trip, Ada')
    expect(trip.body).toMatch(/<div class="card question" hidden data-question="details">/)

    // Choosing Food shows (and requires) the details: the page again, with it shown.
    const food = await person.post(
      'trip',
      [
        ['rating', '5'],
        ['issues', 'Food'],
      ],
      'next',
      'rating issues',
    )
    expect(food.statusCode).toBe(303)
    expect(food.headers.location).toBe(`/f/${formId}/p/trip`)
    const again = await person.open(food.headers.location as string)
    expect(again.body).toMatch(/<div class="card question" data-question="details">/)
    expect(again.body).toMatch(/Tell us about the food<span class="required"> \(required\)/)
    expect(again.body).toContain('value="Food" checked')

    // Back: the previous page, with its answers.
    const back = await person.post(
      'trip',
      [
        ['rating', '5'],
        ['issues', 'Food'],
      ],
      'back',
      'rating issues details',
    )
    expect(back.headers.location).toBe(`/f/${formId}/p/intro`)
    const intro = await person.open(back.headers.location as string)
    expect(intro.body).toContain('value="Ada"')
    expect(intro.body).toMatch(/value="true" checked/)

    // The trip page needs its details now; then the stay page, whose nights divide the score.
    const needs = await person.post(
      'trip',
      [
        ['rating', '5'],
        ['issues', 'Food'],
      ],
      'next',
      'rating issues details',
    )
    expect(needs.statusCode).toBe(422)
    expect(needs.body).toContain('Tell us about the food: Required')
    const stay = await person.post(
      'trip',
      [
        ['rating', '5'],
        ['issues', 'Food'],
        ['details', 'Cold soup'],
      ],
      'next',
      'rating issues details',
    )
    expect(stay.headers.location).toBe(`/f/${formId}/p/stay`)
    const last = await person.open(stay.headers.location as string)
    expect(progress(last.body)).toEqual([3, 3])
    expect(last.body).toContain('>Submit</button>')
    const done = await person.post('stay', [['nights', '1']], 'next', 'nights when')
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe(`/f/${formId}/thanks?ending=happy`)
    const thanks = await person.open(done.headers.location as string)
    expect(thanks.body).toContain('Glad you liked it, Ada!')
    expect(thanks.body).toContain('Score 5')

    const [response] = await listed(ctx, formId)
    const stored = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
    expect(stored.json().items).toHaveLength(1)
    expect(response).toBeDefined()
    const answers = stored.json().items[0].answers as { question: { id: string } }[]
    expect(answers.map((answer) => answer.question.id)).toEqual([
      'name',
      'travelled',
      'rating',
      'issues',
      'details',
      'nights',
    ])
    expect(stored.json().items[0].hidden).toEqual([{ name: 'source', value: 'mail' }])

    // The draft is ended: the form starts afresh, and the stale cookie is cleared.
    const fresh = await person.open()
    expect(shownPage(fresh.body)).toBe('intro')
    expect(fresh.headers['set-cookie']).toMatch(/^canvass_draft=; .*Max-Age=0/)
  })

  it('opens no page past the first with a required answer missing, and follows a changed path', async () => {
    const formId = await draftForm(ctx)
    const person = respondent(formId)
    const skip = await person.open(`/f/${formId}/p/stay`)
    expect(skip.statusCode).toBe(303)
    expect(skip.headers.location).toBe(`/f/${formId}/p/intro`)
    await person.post('intro', [
      ['name', 'Bo'],
      ['travelled', 'false'],
    ])
    const why = await person.open(`/f/${formId}/p/not_travelled`)
    expect(progress(why.body)).toEqual([2, 2])
    expect(why.body).toContain('>Submit</button>')
    // Not on this path: the page its answers reached instead.
    expect((await person.open(`/f/${formId}/p/trip`)).headers.location).toBe(`/f/${formId}/p/not_travelled`)
    const done = await person.post('not_travelled', [['why', 'Price']])
    expect(done.headers.location).toBe(`/f/${formId}/thanks`)
    const stored = await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/responses` })
    expect(stored.json().items[0].answers.map((a: { question: { id: string } }) => a.question.id)).toEqual([
      'name',
      'travelled',
      'why',
    ])
  })

  it('continues later from a link that opens the draft in another browser, at the page it reached', async () => {
    const formId = await draftForm(ctx)
    const person = respondent(formId)
    await person.post('intro', [
      ['name', 'Cy'],
      ['travelled', 'true'],
    ])
    const later = await person.post('trip', [['rating', '2']], 'later')
    expect(later.statusCode).toBe(200)
    const link = /href="(http:\/\/[^"]+\/f\/[^"]+\/r\/(cvd_[A-Za-z0-9_-]{22}))"/.exec(later.body)
    expect(link).not.toBeNull()
    const path = new URL(link?.[1] as string).pathname

    const other = respondent(formId)
    const opened = await other.open(path)
    expect(opened.statusCode).toBe(303)
    expect(opened.headers.location).toBe(`/f/${formId}`)
    // The link moved the draft to this browser under a new token: opened again, it is spent.
    expect((await respondent(formId).open(path)).statusCode).toBe(404)
    const page = await other.open()
    expect(shownPage(page.body)).toBe('trip')
    expect(page.body).toMatch(/value="2" checked/)
    expect(page.body).toContain('About your trip, Cy')

    const sorry = await other.post('trip', [
      ['rating', '2'],
      ['issues', 'Seat'],
    ])
    expect(sorry.headers.location).toBe(`/f/${formId}/p/stay`)
    const end = await other.post('stay', [['nights', '0']])
    // The ending's own address (a redirect), allowed by the page's form-action.
    expect(end.headers.location).toBe('https://example.com/sorry')
    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://example.com")

    // The link is spent, and a guessed one opens nothing.
    const spent = await respondent(formId).open(path)
    expect(spent.statusCode).toBe(404)
    expect(spent.body).toContain('This link no longer opens saved answers')
    expect((await respondent(formId).open(`/f/${formId}/r/cvd_${'A'.repeat(22)}`)).statusCode).toBe(404)
  })

  it('keeps a one-page form as it was, and refuses a hostile page field without a 5xx', async () => {
    const formId = await draftForm(ctx, {}, { ...richForm, pages: [], logic: [], endings: [] })
    const page = await respondent(formId).open()
    expect(page.body).not.toContain('canvass:page')
    const paged = await draftForm(ctx)
    const person = respondent(paged)
    for (const value of ['', 'nope', '../trip', 'x'.repeat(5000)]) {
      const response = await person.post(value, [['name', 'Eve']])
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe(`/f/${paged}`)
    }
    const odd = await person.post('intro', [
      ['name', 'Eve'],
      ['travelled', 'maybe'],
    ])
    expect(odd.statusCode).toBe(422)
    expect(odd.body).toContain('Did you travel with us')
  })
  it('refuses a post from another site into a draft, and keeps a draft within its size on Back', async () => {
    const formId = await draftForm(ctx)
    const person = respondent(formId)
    await person.post('intro', [
      ['name', 'Di'],
      ['travelled', 'true'],
    ])
    const cookie = person.jar.header(`/f/${formId}`) as string
    const crossSite = await ctx.request({
      method: 'POST',
      url: `/f/${formId}`,
      token: null,
      headers: {
        cookie,
        origin: 'https://elsewhere.test',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams([
        ['canvass:page', 'trip'],
        ['rating', '1'],
      ]).toString(),
    })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.body).toContain('sent from another site')
    // The page's own posts (same origin, or no Origin at all) go on.
    const own = await person.send('POST', `/f/${formId}`, [
      ['canvass:page', 'trip'],
      ['canvass:action', 'back'],
    ])
    expect(own.statusCode).toBe(303)

    // Pages of long answers: each fits, together they would pass the draft's bound (256 KiB).
    const long = 'x'.repeat(9_000)
    const big = await draftForm(
      ctx,
      {},
      {
        title: 'Long',
        questions: Array.from({ length: 40 }, (_, n) => ({ id: `t${n}`, title: `T${n}`, type: 'long_text' })),
        pages: Array.from({ length: 4 }, (_, p) => ({
          id: `p${p}`,
          questions: Array.from({ length: 10 }, (_, n) => `t${p * 10 + n}`),
        })),
      },
    )
    const writer = respondent(big)
    const fill = (page: number): [string, string][] =>
      Array.from({ length: 10 }, (_, n) => [`t${page * 10 + n}`, long] as [string, string])
    for (const page of [0, 1]) expect((await writer.post(`p${page}`, fill(page))).statusCode).toBe(303)
    const over = await writer.post('p2', fill(2), 'back')
    expect(over.statusCode).toBe(422)
    expect(over.body).toContain('more than 262144')
    expect(over.body).toContain(`value="p2"`)
  })
  it('counts each respondent in the funnel up to the page they are at', async () => {
    const formId = await draftForm(ctx)
    const funnel = async () =>
      (await ctx.request({ method: 'GET', url: `/v1/forms/${formId}/insights` })).json().funnel
    const person = respondent(formId)
    await person.post('intro', [
      ['name', 'Fay'],
      ['travelled', 'true'],
    ])
    // At the trip page: reached, though its required rating is not answered yet.
    expect(await funnel()).toEqual({
      started: 1,
      completed: 0,
      pages: [
        { id: 'intro', reached: 1 },
        { id: 'trip', reached: 1 },
        { id: 'stay', reached: 0 },
        { id: 'not_travelled', reached: 0 },
      ],
    })
    await person.post('trip', [['rating', '4']])
    await person.post('stay', [])
    const done = await funnel()
    expect(done.started).toBe(1)
    expect(done.completed).toBe(1)
    expect(done.pages.map((page: { reached: number }) => page.reached)).toEqual([1, 1, 1, 0])
  })
  it('stores one response when the last page is sent again, and keeps a last page over the bound', async () => {
    const formId = await draftForm(ctx)
    const person = respondent(formId)
    await person.post('intro', [
      ['name', 'Gil'],
      ['travelled', 'false'],
    ])
    const first = await person.post('not_travelled', [['why', 'Time']])
    expect(first.headers.location).toBe(`/f/${formId}/thanks`)
    // A second press, or an older tab: the same thanks, and nothing more stored.
    const again = await person.post('not_travelled', [['why', 'Price']])
    expect(again.statusCode).toBe(303)
    expect(again.headers.location).toBe(`/f/${formId}/thanks`)
    expect(await listed(ctx, formId)).toHaveLength(1)
    // Without a draft, only the first page starts one.
    const stranger = respondent(formId)
    expect((await stranger.post('not_travelled', [['why', 'Price']])).headers.location).toBe(`/f/${formId}`)
    expect((await stranger.post('bogus', [], 'later')).headers.location).toBe(`/f/${formId}`)
    expect(stranger.jar.header(`/f/${formId}`)).toBeUndefined()

    const long = 'x'.repeat(9_000)
    const big = await draftForm(
      ctx,
      {},
      {
        title: 'Long, two pages',
        questions: Array.from({ length: 30 }, (_, n) => ({ id: `t${n}`, title: `T${n}`, type: 'long_text' })),
        pages: [0, 1].map((p) => ({
          id: `p${p}`,
          questions: Array.from({ length: 15 }, (_, n) => `t${p * 15 + n}`),
        })),
      },
    )
    const writer = respondent(big)
    const fill = (page: number): [string, string][] =>
      Array.from({ length: 15 }, (_, n) => [`t${page * 15 + n}`, long] as [string, string])
    expect((await writer.post('p0', fill(0))).statusCode).toBe(303)
    const over = await writer.post('p1', fill(1))
    expect(over.statusCode).toBe(422)
    expect(over.body).toContain('more than 262144')
    expect(await listed(ctx, big)).toHaveLength(0)
  })

  it("answers the page's script with where to go, without a redirect", async () => {
    const formId = await draftForm(ctx)
    const jar = new CookieJar()
    const response = await ctx.request({
      method: 'POST',
      url: `/f/${formId}`,
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-canvass-script': '1' },
      payload: new URLSearchParams([
        ['canvass:page', 'intro'],
        ['name', 'Hal'],
        ['travelled', 'false'],
      ]).toString(),
    })
    jar.store(response.headers['set-cookie'])
    expect(response.statusCode).toBe(204)
    expect(response.headers['x-canvass-location']).toBe(`/f/${formId}/p/not_travelled`)
    expect(jar.header(`/f/${formId}`)).toMatch(/^canvass_draft=cvd_/)
  })
})

describe('a draft written by more than one process', () => {
  /** Another process over the same database, with its own caches. */
  async function otherProcess() {
    const context = await createAppContext(ctx.config, { logger: pino({ level: 'silent' }) })
    const app = await buildApp(context)
    return {
      app,
      async close() {
        await app.close()
        await context.close()
      },
    }
  }
  const tokenOf = (jar: CookieJar, formId: string) =>
    /canvass_draft=(cvd_[A-Za-z0-9_-]{22})/.exec(jar.header(`/f/${formId}`) ?? '')?.[1] as string

  it('keeps what another process wrote, and follows a draft it completed to its end', async () => {
    const formId = await draftForm(ctx)
    const person = respondent(formId)
    await person.post('intro', [
      ['name', 'Cy'],
      ['travelled', 'true'],
    ])
    const other = await otherProcess()
    try {
      const token = tokenOf(person.jar, formId)
      const patched = await other.app.inject({
        method: 'PATCH',
        url: `/v1/public/drafts/${token}`,
        payload: { answers: { rating: 4 } },
      })
      expect(patched.statusCode).toBe(200)
      // This process wrote the draft last as it was before that change: its post merges into the draft as it is now.
      const renamed = await person.post('intro', [
        ['name', 'Di'],
        ['travelled', 'true'],
      ])
      expect(renamed.headers.location).toBe(`/f/${formId}/p/trip`)
      const trip = await person.open(`/f/${formId}/p/trip`)
      expect(trip.body).toContain('About your trip, Di')
      expect(trip.body).toMatch(/value="4" checked/)

      const completed = await other.app.inject({ method: 'POST', url: `/v1/public/drafts/${token}/complete` })
      expect(completed.statusCode).toBe(201)
      // Sent by the other process: a post of its page goes to the end, and stores nothing more.
      const again = await person.post('trip', [['rating', '1']])
      expect(again.statusCode).toBe(303)
      expect(again.headers.location).toMatch(new RegExp(`^/f/${formId}/thanks`))
      expect(await listed(ctx, formId)).toHaveLength(1)
    } finally {
      await other.close()
    }
  })

  it('changes nothing through a cookie whose link was opened in another browser', async () => {
    const formId = await draftForm(ctx)
    const person = respondent(formId)
    await person.post('intro', [
      ['name', 'Cy'],
      ['travelled', 'true'],
    ])
    const later = await person.post('trip', [['rating', '4']], 'later')
    const link = /href="http:\/\/[^"]+(\/f\/[^"]+\/r\/cvd_[A-Za-z0-9_-]{22})"/.exec(later.body)?.[1] as string
    const other = respondent(formId)
    expect((await other.open(link)).statusCode).toBe(303)
    // The first browser's cookie names a token that is spent: its posts start the form again,
    // whether they would write (Back, Next) or not (a required answer missing: no page of answers).
    for (const [action, rating] of [
      ['back', '1'],
      ['next', '1'],
      ['next', ''],
    ] as const) {
      const stale = await person.post('trip', [['rating', rating]], action)
      expect(stale.statusCode).toBe(303)
      expect(stale.headers.location).toBe(`/f/${formId}`)
    }
    const kept = await other.open(`/f/${formId}/p/trip`)
    expect(kept.body).toMatch(/value="4" checked/)
  })
  it('shows nothing of a draft deleted since this process wrote it', async () => {
    const formId = await draftForm(ctx)
    const person = respondent(formId)
    await person.post('intro', [
      ['name', 'Zed'],
      ['travelled', 'true'],
    ])
    // As retention deletes a draft untouched for CANVASS_DRAFT_DAYS.
    await ctx.database.db.deleteFrom('drafts').where('form_id', '=', formId).execute()
    const missing = await person.post('trip', [['rating', '']])
    expect(missing.statusCode).toBe(303)
    expect(missing.headers.location).toBe(`/f/${formId}`)
    expect(missing.body).not.toContain('Zed')
  })
})
