/** Polls `check` until it holds, or fails after timeoutMs: the one way tests wait for something. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await sleep(25)
  }
}

/** Polls `probe` until it gives a value, or fails after timeoutMs. */
export async function waitForValue<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  let value: T | undefined
  await waitUntil(async () => {
    value = await probe()
    return value !== undefined
  }, timeoutMs)
  return value as T
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))
