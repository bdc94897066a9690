import { readFileSync } from 'node:fs'

// A process as the kernel counts it: memory (VmRSS now, VmHWM the peak since it started) and
// CPU time. CPU time per request is steadier than req/s on a shared machine: it does not
// depend on how much of the CPU the others left us.

export interface Memory {
  rssMb: number
  peakMb: number
}

export function readMemory(pid: number): Memory | undefined {
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return undefined
  }
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
}

/**
 * Samples VmRSS every few milliseconds while a measurement runs, so a phase's own peak can be
 * told apart from the process's lifetime peak (VmHWM never goes down).
 */
export class RssWatch {
  private timer: NodeJS.Timeout | undefined
  readonly startMb: number
  private maxMb: number
  private readonly startPeakMb: number

  constructor(
    private readonly pid: number,
    intervalMs = 50,
  ) {
    const now = readMemory(pid)
    this.startMb = now?.rssMb ?? Number.NaN
    this.startPeakMb = now?.peakMb ?? Number.NaN
    this.maxMb = this.startMb
    this.timer = setInterval(() => this.sample(), intervalMs)
    this.timer.unref()
  }

  private sample(): Memory | undefined {
    const now = readMemory(this.pid)
    if (now && now.rssMb > this.maxMb) this.maxMb = now.rssMb
    return now
  }

  /** Stops sampling; returns the phase's peak RSS and its growth over the RSS at the start. */
  stop(): { peakMb: number; growthMb: number } {
    clearInterval(this.timer)
    const now = this.sample()
    // A new lifetime peak reached during the phase is exact; otherwise the samples are.
    const peakMb = now && now.peakMb > this.startPeakMb ? Math.max(now.peakMb, this.maxMb) : this.maxMb
    return { peakMb, growthMb: peakMb - this.startMb }
  }
}

const TICKS_PER_SECOND = 100

/** User + system CPU seconds the process has used so far. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return Number.NaN
  }
}
