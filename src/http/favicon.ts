import { crc32, deflateSync } from 'node:zlib'

// Canvass's mark as the site icon (/favicon.ico): a blue rounded square with three lines of a
// form, drawn here at 32 x 32 px into a PNG inside an ICO file, so no binary sits in the source
// and every browser (those that ask /favicon.ico without a <link> included) shows it.

const SIZE = 32
const SAMPLES = 4
const blue = [0x29, 0x52, 0xcc] as const
const white = [0xff, 0xff, 0xff] as const

/** Coverage of the rounded square (radius 7) at a point of the 32 x 32 square. */
function inSquare(x: number, y: number): boolean {
  const radius = 7
  const cx = Math.min(Math.max(x, radius), SIZE - radius)
  const cy = Math.min(Math.max(y, radius), SIZE - radius)
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
}

/** The three lines, 3.4 px thick with round ends: the last one shorter, as a form's last field. */
function onLine(x: number, y: number): boolean {
  const lines = [
    { y: 10.5, from: 9, to: 23 },
    { y: 16, from: 9, to: 23 },
    { y: 21.5, from: 9, to: 17 },
  ]
  return lines.some((line) => {
    const nearest = Math.min(Math.max(x, line.from), line.to)
    return (x - nearest) ** 2 + (y - line.y) ** 2 <= 1.7 ** 2
  })
}

function pixels(): Buffer {
  // One filter byte (0: none) before each row of RGBA pixels.
  const rows = Buffer.alloc(SIZE * (1 + SIZE * 4))
  for (let row = 0; row < SIZE; row++) {
    for (let column = 0; column < SIZE; column++) {
      let square = 0
      let line = 0
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = column + (sx + 0.5) / SAMPLES
          const y = row + (sy + 0.5) / SAMPLES
          if (!inSquare(x, y)) continue
          square++
          if (onLine(x, y)) line++
        }
      }
      const share = line / Math.max(square, 1)
      const at = row * (1 + SIZE * 4) + 1 + column * 4
      for (let channel = 0; channel < 3; channel++) {
        rows[at + channel] = Math.round(
          (blue[channel] as number) * (1 - share) + (white[channel] as number) * share,
        )
      }
      rows[at + 3] = Math.round((255 * square) / SAMPLES ** 2)
    }
  }
  return rows
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function png(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(SIZE, 0)
  header.writeUInt32BE(SIZE, 4)
  header[8] = 8 // bits per channel
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels())),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** An ICO file holding one 32 x 32 PNG image. */
export function faviconIco(): Buffer {
  const image = png()
  const directory = Buffer.alloc(6 + 16)
  directory.writeUInt16LE(0, 0)
  directory.writeUInt16LE(1, 2) // an icon
  directory.writeUInt16LE(1, 4) // one image
  directory[6] = SIZE
  directory[7] = SIZE
  directory.writeUInt16LE(1, 10) // colour planes
  directory.writeUInt16LE(32, 12) // bits per pixel
  directory.writeUInt32LE(image.length, 14)
  directory.writeUInt32LE(directory.length, 18)
  return Buffer.concat([directory, image])
}
