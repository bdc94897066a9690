import { readFileSync } from 'node:fs'

// `tsx bench/lib/profile-summary.ts <file.cpuprofile> [n]`: self time by function and by
// file (top n), to read a --cpu-prof profile without a browser.

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
}

const [file, count = '25'] = process.argv.slice(2)
const profile = JSON.parse(readFileSync(file ?? '', 'utf8')) as Profile
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const selfMicros = new Map<number, number>()
profile.samples.forEach((id, index) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0))
})
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0)
const byFunction = new Map<string, number>()
const byFile = new Map<string, number>()
for (const [id, micros] of selfMicros) {
  const frame = byId.get(id)?.callFrame
  if (!frame) continue
  const where = frame.url.replace(/^file:\/\/.*?node_modules\//, '').replace(/^file:\/\/.*?\/dist\//, 'dist/')
  const name = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros)
  const module = where.startsWith('dist/')
    ? where
    : where
        .split('/')
        .slice(0, where.startsWith('@') ? 2 : 1)
        .join('/')
  byFile.set(module || frame.functionName, (byFile.get(module || frame.functionName) ?? 0) + micros)
}
const top = (map: Map<string, number>) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(count))
    .map(([name, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n')
// Inclusive time of Canvass's own functions (dist/): where the time goes, callees included.
const parentOf = new Map<number, Node>()
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node)
const inclusive = new Map<number, number>()
const inclusiveOf = (id: number): number => {
  const known = inclusive.get(id)
  if (known !== undefined) return known
  const node = byId.get(id)
  const sum =
    (selfMicros.get(id) ?? 0) + (node?.children ?? []).reduce((acc, child) => acc + inclusiveOf(child), 0)
  inclusive.set(id, sum)
  return sum
}
const byOwnFunction = new Map<string, number>()
for (const node of profile.nodes) {
  const { url, functionName, lineNumber } = node.callFrame
  if (!url.includes('/dist/')) continue
  const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/dist\//, 'dist/')}:${lineNumber + 1}`
  // Recursion: count a function once, at its outermost frame.
  let outer = parentOf.get(node.id)
  let nested = false
  while (outer && !nested) {
    nested = outer.callFrame.url === url && outer.callFrame.lineNumber === lineNumber
    outer = parentOf.get(outer.id)
  }
  if (!nested) byOwnFunction.set(name, (byOwnFunction.get(name) ?? 0) + inclusiveOf(node.id))
}

console.log(`total ${(total / 1e6).toFixed(1)} s sampled`)
console.log(`\nby function (self):\n${top(byFunction)}`)
console.log(`\nby module (self):\n${top(byFile)}`)
console.log(
  `\nCanvass functions (inclusive; async callers do not include what they await):\n${top(byOwnFunction)}`,
)
