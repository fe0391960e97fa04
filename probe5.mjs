import sharp from "sharp";
const frames = await Promise.all(Array.from({length: 5}, (_, i) => sharp({ create: { width: 4000, height: 4000, channels: 3, background: { r: i * 40, g: 100, b: 50 } } }).png().toBuffer()));
let t0 = Date.now();
const anim = await sharp(frames, { join: { animated: true } }).gif({ effort: 1 }).toBuffer();
console.log("gif bytes", anim.length, "ms", Date.now() - t0);
for (const opts of [{ animated: true }, { animated: false }]) {
  const meta = await sharp(anim, { ...opts, limitInputPixels: false }).metadata();
  console.log(JSON.stringify(opts), meta.width, meta.height, meta.pageHeight, meta.pages);
  const before = process.memoryUsage().rss;
  let peak = before; const t = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 2);
  t0 = Date.now();
  try {
    const out = await sharp(anim, { ...opts, limitInputPixels: 40_000_000, failOn: "error" }).resize({ width: 2560, height: 2560, fit: "inside", withoutEnlargement: true }).gif().toBuffer({ resolveWithObject: true });
    console.log("ok", out.info.width, out.info.height, out.info.pageHeight, out.data.length, "ms", Date.now() - t0);
  } catch (e) { console.log("err", e.message); }
  clearInterval(t);
  console.log("peak MB", Math.round((peak - before) / 1e6));
}
