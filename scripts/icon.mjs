// Draws the extension's icon (images/icon.png, 256x256): three field rows, each a level badge (core, extended, custom)
// and a name, on a rounded square in the gallery banner's colour. Run `node scripts/icon.mjs` after changing a shape.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 256;
const SAMPLES = 4; // per axis: 16 samples a pixel smooth the edges
const BACKGROUND = [0x17, 0x32, 0x4d]; // package.json galleryBanner.color
const NAME = [0xe8, 0xee, 0xf4];
const BADGES = [[0x3e, 0xc7, 0xa8], [0xf2, 0xb1, 0x34], [0x9a, 0xa8, 0xb8]];

/** Rounded rectangles, painted in order: [x0, y0, x1, y1, radius, colour]. */
const shapes = [[8, 8, 248, 248, 48, BACKGROUND]];
[[66, 206], [122, 178], [178, 148]].forEach(([y, nameEnd], row) => {
  shapes.push([46, y - 14, 92, y + 14, 14, BADGES[row]]);
  shapes.push([106, y - 14, nameEnd, y + 14, 14, NAME]);
});

function inside([x0, y0, x1, y1, r], x, y) {
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && dx * dx + dy * dy <= r * r;
}

// RGBA rows, each after PNG's filter byte (0: none); colours blend by coverage, the background's edge over transparency.
const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let py = 0; py < SIZE; py++) {
  for (let px = 0; px < SIZE; px++) {
    let [r, g, b, a] = [0, 0, 0, 0];
    for (let s = 0; s < SAMPLES * SAMPLES; s++) {
      const x = px + ((s % SAMPLES) + 0.5) / SAMPLES;
      const y = py + (Math.floor(s / SAMPLES) + 0.5) / SAMPLES;
      const top = shapes.findLast((shape) => inside(shape, x, y));
      if (!top) continue;
      r += top[5][0]; g += top[5][1]; b += top[5][2]; a += 1;
    }
    const at = py * (SIZE * 4 + 1) + 1 + px * 4;
    if (a > 0) raw.set([r / a, g / a, b / a].map(Math.round), at);
    raw[at + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8 bits a channel, RGBA, deflate, no filter method choice, no interlace
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
mkdirSync('images', { recursive: true });
writeFileSync('images/icon.png', png);
