// An exact running sum of doubles (Shewchuk's non-overlapping partials, as Python's math.fsum).
// Figures are added when a response is stored and subtracted when it is deleted: with a plain
// double, x + y - y is not always x, and the maintained mean would drift from a rebuilt one.
// The partials represent the sum exactly, so adding and subtracting the same values in any
// order gives the same exact sum, and `exactSumValue` rounds it correctly (the same double).

export type ExactSum = number[]

/** Adds x to the sum in place. */
export function addToSum(partials: ExactSum, value: number): void {
  let x = value
  let kept = 0
  for (let index = 0; index < partials.length; index++) {
    let y = partials[index] as number
    if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x]
    const hi = x + y
    const lo = y - (hi - x)
    if (lo !== 0) partials[kept++] = lo
    x = hi
  }
  partials.length = kept
  if (x !== 0) partials.push(x)
}

/** The sum, correctly rounded to a double (CPython's fsum rounding step). */
export function exactSumValue(partials: ExactSum): number {
  let n = partials.length
  if (n === 0) return 0
  let hi = partials[--n] as number
  let lo = 0
  while (n > 0) {
    const x = hi
    const y = partials[--n] as number
    hi = x + y
    lo = y - (hi - x)
    if (lo !== 0) break
  }
  const next = partials[n - 1]
  if (n > 0 && next !== undefined && ((lo < 0 && next < 0) || (lo > 0 && next > 0))) {
    const y = lo * 2
    const x = hi + y
    if (y === x - hi) hi = x
  }
  return hi
}
