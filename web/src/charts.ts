import { BarController, BarElement, CategoryScale, Chart, LinearScale } from 'chart.js'

// Loaded only by the insights page (a dynamic import), so the first page a team opens does not
// carry the chart library. Only the bar chart's parts are registered, which keeps the chunk small.
// Colours come from the page's CSS custom properties, so charts follow light and dark.

export interface BarData {
  labels: string[]
  values: number[]
  /** One colour per bar (a CSS custom property name such as `--accent`); the accent when absent. */
  colors?: string[]
}

export interface BarChart {
  update(data: BarData): void
  destroy(): void
}

let registered = false

function cssColor(canvas: HTMLCanvasElement, property: string): string {
  return getComputedStyle(canvas).getPropertyValue(property).trim() || '#888888'
}

function dataset(canvas: HTMLCanvasElement, data: BarData) {
  const colors = data.values.map((_, index) => cssColor(canvas, data.colors?.[index] ?? '--accent'))
  return { data: data.values, backgroundColor: colors, borderWidth: 0, maxBarThickness: 48 }
}

export function drawBars(canvas: HTMLCanvasElement, data: BarData, horizontal = false): BarChart {
  if (!registered) {
    Chart.register(BarController, BarElement, CategoryScale, LinearScale)
    registered = true
  }
  const text = cssColor(canvas, '--muted')
  const grid = cssColor(canvas, '--border')
  const value = { beginAtZero: true, grace: '10%' }
  const chart = new Chart(canvas, {
    type: 'bar',
    data: { labels: data.labels, datasets: [dataset(canvas, data)] },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      // Live updates redraw at once: an animation would only delay the new figures.
      animation: false,
      events: [],
      // The value axis leaves room above the longest bar, so it never looks cut off.
      scales: {
        x: { ticks: { color: text, precision: 0 }, grid: { color: grid }, ...(horizontal ? value : {}) },
        y: { ticks: { color: text, precision: 0 }, grid: { color: grid }, ...(horizontal ? {} : value) },
      },
    },
  })
  return {
    update(next) {
      chart.data.labels = next.labels
      chart.data.datasets = [dataset(canvas, next)]
      chart.update()
    },
    destroy: () => chart.destroy(),
  }
}
