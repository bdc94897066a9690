import { encode } from 'uqr'

// QR codes of a form's link: drawn as one SVG path on the page (no inline script or style, so the
// dashboard's CSP allows it), and the same matrix written as an SVG file or painted on a canvas
// for a PNG file, so what is downloaded is what is shown.

/** The dark modules as one path, with a quiet zone of `border` modules around them. */
function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { border: 2 })
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return { size, path }
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = qrPath(text)
  return (
    <svg
      class="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width="192"
      height="192"
      shape-rendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A standalone SVG file of the code, 8 px a module, titled with the text it holds. */
export function qrSvgFile(text: string): Blob {
  const { size, path } = qrPath(text)
  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 8}" height="${size * 8}" shape-rendering="crispEdges">` +
    `<title>${escapeXml(text)}</title><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>\n`
  return new Blob([svg], { type: 'image/svg+xml' })
}

/** A PNG of the code about 1,000 px wide (whole pixels a module), for print and slides. */
export function qrPngFile(text: string): Promise<Blob> {
  const { data, size } = encode(text, { border: 2 })
  const scale = Math.max(8, Math.ceil(1000 / size))
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = size * scale
  const context = canvas.getContext('2d')
  if (!context) return Promise.reject(new Error('this browser cannot draw the PNG'))
  context.fillStyle = '#fff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.fillStyle = '#000'
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) context.fillRect(x * scale, y * scale, scale, scale)
    })
  })
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))),
      'image/png',
    ),
  )
}

/** Saves a file as the browser's download, as a link with `download` does. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
