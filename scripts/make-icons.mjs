// npm run icons: the app icons, rasterised with sharp from our own artwork (resources/icon.svg).
// Needs a CJK font (Debian: fonts-noto-cjk, which .ci/run installs). The outputs are committed:
//   resources/build/icon.png (1024), icons/<n>x<n>.png (Linux), icon.ico (Windows), icon.icns (macOS)
//   resources/icon.png (256: window, notification and taskbar badge icon at run time)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const svg = readFileSync('resources/icon.svg')
const png = (size) => sharp(svg, { density: Math.ceil((72 * size) / 1024) + 1 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer()

/** Windows .ico holding PNG images (Vista and later read them). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, entry)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1)
    header.writeUInt16LE(1, entry + 4)
    header.writeUInt16LE(32, entry + 6)
    header.writeUInt32LE(data.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += data.length
  })
  return Buffer.concat([header, ...images.map((i) => i.data)])
}

/** macOS .icns holding PNG images under their OSType codes. */
function icns(entries) {
  const chunks = entries.map(({ type, data }) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(data.length + 8, 4)
    return Buffer.concat([head, data])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + chunks.reduce((n, c) => n + c.length, 0), 4)
  return Buffer.concat([head, ...chunks])
}

const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
const images = Object.fromEntries(await Promise.all(sizes.map(async (size) => [size, await png(size)])))
mkdirSync('resources/build/icons', { recursive: true })
writeFileSync('resources/build/icon.png', images[1024])
for (const size of [16, 24, 32, 48, 64, 128, 256, 512]) writeFileSync(path.join('resources/build/icons', `${size}x${size}.png`), images[size])
writeFileSync('resources/build/icon.ico', ico([16, 24, 32, 48, 64, 128, 256].map((size) => ({ size, data: images[size] }))))
writeFileSync(
  'resources/build/icon.icns',
  icns([
    ['icp4', 16], ['icp5', 32], ['ic11', 32], ['icp6', 64], ['ic12', 64], ['ic07', 128], ['ic08', 256], ['ic13', 256], ['ic09', 512], ['ic14', 512], ['ic10', 1024],
  ].map(([type, size]) => ({ type, data: images[size] }))),
)
writeFileSync('resources/icon.png', images[256])
console.log('icons written to resources/build/ and resources/icon.png')
