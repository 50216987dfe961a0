// QR codes for join links, made here (no package): byte mode, error correction level M,
// versions 1 to 10 (up to 213 bytes), the mask chosen by the standard's penalty rules
// (ISO/IEC 18004). The construction follows Project Nayuki's QR Code generator (MIT).

const TOTAL = [0, 26, 44, 70, 100, 134, 172, 196, 242, 292, 346]; // codewords per version
const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5]; // error correction blocks, level M
const ECC = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26]; // error correction codewords per block
const ALIGN = [[], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42],
  [6, 26, 46], [6, 28, 50]];

const bit = (x, i) => ((x >>> i) & 1) !== 0;

function multiply(x, y) {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function divisor(degree) {
  const result = new Array(degree - 1).fill(0).concat([1]);
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = multiply(result[j], root);
      if (j + 1 < result.length) result[j] ^= result[j + 1];
    }
    root = multiply(root, 0x02);
  }
  return result;
}

function remainder(data, div) {
  const result = div.map(() => 0);
  for (const b of data) {
    const factor = b ^ result.shift();
    result.push(0);
    div.forEach((coef, i) => (result[i] ^= multiply(coef, factor)));
  }
  return result;
}

/** The data codewords of `bytes` for `version`, or null when they do not fit. */
function codewords(bytes, version) {
  const capacity = (TOTAL[version] - BLOCKS[version] * ECC[version]) * 8;
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0x4, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  if (bits.length > capacity) return null;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const out = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  return out;
}

function interleave(data, version) {
  const blocks = BLOCKS[version];
  const ecc = ECC[version];
  const raw = TOTAL[version];
  const shortLen = Math.floor(raw / blocks);
  const shorts = blocks - (raw % blocks);
  const div = divisor(ecc);
  const all = [];
  for (let i = 0, k = 0; i < blocks; i++) {
    const dat = data.slice(k, k + shortLen - ecc + (i < shorts ? 0 : 1));
    k += dat.length;
    const block = dat.concat(remainder(dat, div));
    if (i < shorts) block.splice(dat.length, 0, 0);
    all.push(block);
  }
  const result = [];
  for (let i = 0; i < all[0].length; i++) {
    all.forEach((block, j) => {
      if (i !== shortLen - ecc || j >= shorts) result.push(block[i]);
    });
  }
  return result;
}

class Grid {
  constructor(version) {
    this.version = version;
    this.size = version * 4 + 17;
    this.dark = Array.from({length: this.size}, () => new Array(this.size).fill(false));
    this.fixed = Array.from({length: this.size}, () => new Array(this.size).fill(false));
  }

  set(x, y, dark) {
    this.dark[y][x] = dark;
    this.fixed[y][x] = true;
  }

  patterns() {
    const {size} = this;
    for (let i = 0; i < size; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const d = Math.max(Math.abs(dx), Math.abs(dy));
          const x = cx + dx;
          const y = cy + dy;
          if (x >= 0 && x < size && y >= 0 && y < size) this.set(x, y, d !== 2 && d !== 4);
        }
      }
    }
    const at = ALIGN[this.version];
    for (let i = 0; i < at.length; i++) {
      for (let j = 0; j < at.length; j++) {
        if ((i === 0 && j === 0) || (i === 0 && j === at.length - 1) || (i === at.length - 1 && j === 0)) continue;
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++) this.set(at[i] + dx, at[j] + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    }
    this.format(0);
    if (this.version >= 7) {
      let rem = this.version;
      for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
      const bits = (this.version << 12) | rem;
      for (let i = 0; i < 18; i++) {
        const a = size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        this.set(a, b, bit(bits, i));
        this.set(b, a, bit(bits, i));
      }
    }
  }

  format(mask) {
    const data = (0 << 3) | mask; // level M is 00
    let rem = data;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((data << 10) | rem) ^ 0x5412;
    const {size} = this;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(bits, i));
    this.set(8, 7, bit(bits, 6));
    this.set(8, 8, bit(bits, 7));
    this.set(7, 8, bit(bits, 8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(bits, i));
    for (let i = 0; i < 8; i++) this.set(size - 1 - i, 8, bit(bits, i));
    for (let i = 8; i < 15; i++) this.set(8, size - 15 + i, bit(bits, i));
    this.set(8, size - 8, true);
  }

  place(data) {
    const {size} = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < size; vert++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const upward = ((right + 1) & 2) === 0;
          const y = upward ? size - 1 - vert : vert;
          if (!this.fixed[y][x] && i < data.length * 8) {
            this.dark[y][x] = bit(data[i >>> 3], 7 - (i & 7));
            i++;
          }
        }
      }
    }
  }

  mask(m) {
    const test = [
      (x, y) => (x + y) % 2 === 0,
      (x, y) => y % 2 === 0,
      (x) => x % 3 === 0,
      (x, y) => (x + y) % 3 === 0,
      (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
      (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
      (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
      (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
    ][m];
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) if (!this.fixed[y][x] && test(x, y)) this.dark[y][x] = !this.dark[y][x];
    }
  }

  penalty() {
    const {size, dark} = this;
    let score = 0;
    const lines = [];
    for (let y = 0; y < size; y++) lines.push(dark[y]);
    for (let x = 0; x < size; x++) lines.push(dark.map((row) => row[x]));
    for (const line of lines) {
      let run = 1;
      for (let i = 1; i <= size; i++) {
        if (i < size && line[i] === line[i - 1]) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      const text = line.map((d) => (d ? "1" : "0")).join("");
      for (const pattern of ["10111010000", "00001011101"]) {
        for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + 1)) score += 40;
      }
    }
    for (let y = 0; y < size - 1; y++) {
      for (let x = 0; x < size - 1; x++) {
        const c = dark[y][x];
        if (c === dark[y][x + 1] && c === dark[y + 1][x] && c === dark[y + 1][x + 1]) score += 3;
      }
    }
    const total = dark.flat().filter(Boolean).length;
    score += Math.floor(Math.abs((total * 100) / (size * size) - 50) / 5) * 10;
    return score;
  }
}

/** The QR code of `text` as rows of booleans (dark modules), without the quiet zone; `mask`
 * forces a mask (0-7), for tests. Throws when the text is too long for version 10. */
export function qrModules(text, mask = null) {
  const bytes = [...new TextEncoder().encode(text)];
  for (let version = 1; version <= 10; version++) {
    const data = codewords(bytes, version);
    if (!data) continue;
    const all = interleave(data, version);
    let best = null;
    for (const m of mask === null ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask]) {
      const grid = new Grid(version);
      grid.patterns();
      grid.place(all);
      grid.mask(m);
      grid.format(m);
      const score = mask === null ? grid.penalty() : 0;
      if (!best || score < best.score) best = {score, grid};
    }
    return best.grid.dark.map((row) => row.slice());
  }
  throw new RangeError("too long for a QR code of version 10");
}

/** An <svg> of the QR code of `text` (dark modules in one path, a quiet zone of 4). */
export function qrSvg(text, label) {
  const rows = qrModules(text);
  const n = rows.length + 8;
  let d = "";
  rows.forEach((row, y) => row.forEach((on, x) => {
    if (on) d += `M${x + 4} ${y + 4}h1v1h-1z`;
  }));
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const back = document.createElementNS(ns, "rect");
  back.setAttribute("width", String(n));
  back.setAttribute("height", String(n));
  back.setAttribute("fill", "#fff");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  return svg;
}
