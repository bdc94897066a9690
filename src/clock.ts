// Microsecond timestamps. Date.now() only has millisecond resolution, so the wall clock is
// read once and advanced with the monotonic high-resolution timer; every value handed out
// by one process is strictly greater than the previous one (docs/api.md#timestamps).

const wallAtStartMicros = BigInt(Date.now()) * 1000n
const hrtimeAtStart = process.hrtime.bigint()
let lastMicros = 0

export function nowMicros(): number {
  const now = Number(wallAtStartMicros + (process.hrtime.bigint() - hrtimeAtStart) / 1000n)
  lastMicros = now > lastMicros ? now : lastMicros + 1
  return lastMicros
}

export { formatTimestamp, parseTimestamp, timestampSpanMicros } from './shared/timestamps.js'
