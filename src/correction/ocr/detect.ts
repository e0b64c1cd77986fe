// The PP-OCRv4 text detector: a probability map, its connected components as text boxes (DB unclip).
import { Tensor } from 'onnxruntime-node';
import { resampleInto, type Gray } from '../image/raster.js';
import type { Segment } from './line-pack.js';
import type { Models } from './paddle-models.js';

/**
 * A strip (a line or two cut from a page, under STRIP_MAX_H pixels high) is shown to the detector
 * STRIP_DET_H pixels high with a white margin of half its height all round: at a scan's 45–80 px, text
 * touching the edges, scaled to the page's 1280 px width, the detector found nothing in it and the line
 * read as nothing.
 */
export const STRIP_MAX_H = 200;
const STRIP_DET_H = 96;

/**
 * The detector's boxes by image: a page's reading asks for the same image's boxes up to three times (its
 * plain rows, the count of what the photo shows, a strip's recogniser-alone reading), and the image is
 * never changed once made.
 */
const seen = new WeakMap<Gray, Promise<Segment[]>>();

/** Text boxes from the PP-OCRv4 detector: probability map > 0.3, connected components, boxes grown (DB unclip). */
export async function detectBoxes(m: Models, g: Gray): Promise<Segment[]> {
  let boxes = seen.get(g);
  if (!boxes) {
    boxes = runDetector(m, g);
    seen.set(g, boxes);
    // (a failed run is not kept)
    boxes.catch(() => seen.delete(g));
  }
  return (await boxes).map((b) => ({ ...b }));
}

async function runDetector(m: Models, g: Gray): Promise<Segment[]> {
  const maxSide = 1280;
  const margin = g.height < STRIP_MAX_H ? Math.round(g.height / 2) : 0;
  // the region shown: the image and its white margin (resampleInto reads white outside the image)
  const sw = g.width + 2 * margin;
  const sh = g.height + 2 * margin;
  const r = margin ? Math.min(STRIP_DET_H / g.height, 4096 / sw) : Math.min(1, maxSide / Math.max(g.width, g.height));
  const W = Math.max(32, Math.round((sw * r) / 32) * 32);
  const H = Math.max(32, Math.round((sh * r) / 32) * 32);
  const small = new Uint8Array(W * H);
  resampleInto(g, -margin, -margin, g.width + margin, g.height + margin, small, W, 0, 0, W, H);
  const plane = W * H;
  const input = new Float32Array(plane * 3);
  // ImageNet mean/std, as PaddleOCR's detector expects (BGR order; grey makes it moot)
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  for (let c = 0; c < 3; c++) for (let i = 0; i < plane; i++) input[c * plane + i] = (small[i]! / 255 - mean[c]!) / std[c]!;
  const res = await m.detection.run({ [m.detection.inputNames[0]!]: new Tensor('float32', input, [1, 3, H, W]) });
  const prob = res[m.detection.outputNames[0]!]!.data as Float32Array;
  const label = new Int32Array(plane).fill(-1);
  const boxes: Segment[] = [];
  const stack: number[] = [];
  for (let i = 0; i < plane; i++) {
    if (label[i] !== -1 || prob[i]! <= 0.3) continue;
    let x0 = W;
    let y0 = H;
    let x1 = 0;
    let y1 = 0;
    let area = 0;
    let score = 0;
    stack.push(i);
    label[i] = boxes.length;
    while (stack.length) {
      const k = stack.pop()!;
      const x = k % W;
      const y = (k - x) / W;
      area++;
      score += prob[k]!;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y + 1);
      // the four neighbours, left, right, up, down (no array per pixel: text pixels are many)
      const id = boxes.length;
      if (x > 0 && label[k - 1] === -1 && prob[k - 1]! > 0.3) {
        label[k - 1] = id;
        stack.push(k - 1);
      }
      if (x < W - 1 && label[k + 1] === -1 && prob[k + 1]! > 0.3) {
        label[k + 1] = id;
        stack.push(k + 1);
      }
      if (y > 0 && label[k - W] === -1 && prob[k - W]! > 0.3) {
        label[k - W] = id;
        stack.push(k - W);
      }
      if (y < H - 1 && label[k + W] === -1 && prob[k + W]! > 0.3) {
        label[k + W] = id;
        stack.push(k + W);
      }
    }
    const bw = x1 - x0;
    const bh = y1 - y0;
    if (Math.min(bw, bh) < 3 || score / area < 0.6) {
      boxes.push({ x0: 0, y0: 0, x1: 0, y1: 0 });
      continue;
    }
    // unclip ratio 1.5: grow by area × 1.5 / perimeter
    const d = (bw * bh * 1.5) / (2 * (bw + bh));
    boxes.push({ x0: ((x0 - d) * sw) / W - margin, y0: ((y0 - d) * sh) / H - margin, x1: ((x1 + d) * sw) / W - margin, y1: ((y1 + d) * sh) / H - margin });
  }
  return boxes
    .map((b) => ({ x0: Math.max(0, b.x0), y0: Math.max(0, b.y0), x1: Math.min(g.width, b.x1), y1: Math.min(g.height, b.y1) }))
    .filter((b) => b.x1 - b.x0 >= 4 && b.y1 - b.y0 >= 6);
}
