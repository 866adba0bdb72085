/** The invitation poster, drawn on a canvas so it can be saved as one picture. */

export interface PosterText {
  appName: string;
  headline: string;
  codeLabel: string;
  code: string;
  link: string;
  scan: string;
}

export const POSTER_WIDTH = 600;
export const POSTER_HEIGHT = 900;

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = reject;
    image.src = src;
  });

/** Draws the poster: brand band, headline, the QR code of the link, and the code. */
export async function drawPoster(canvas: HTMLCanvasElement, text: PosterText): Promise<void> {
  const { toDataURL } = await import('qrcode');
  const qr = await loadImage(await toDataURL(text.link, { margin: 1, width: 320 }));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const band = ctx.createLinearGradient(0, 0, 0, POSTER_HEIGHT);
  // The hero's blue (app.css --hx-hero): white reaches 4.5:1 on the whole band.
  band.addColorStop(0, '#1266b0');
  band.addColorStop(1, '#1b2c42');
  ctx.fillStyle = band;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.font = 'bold 44px system-ui, sans-serif';
  ctx.fillText(text.appName, POSTER_WIDTH / 2, 110);
  ctx.font = '28px system-ui, sans-serif';
  wrap(ctx, text.headline, POSTER_WIDTH / 2, 175, POSTER_WIDTH - 80, 38);
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, 120, 280, 360, 360, 20);
  ctx.drawImage(qr, 140, 300, 320, 320);
  ctx.font = '24px system-ui, sans-serif';
  ctx.fillText(text.scan, POSTER_WIDTH / 2, 700);
  ctx.font = '26px system-ui, sans-serif';
  ctx.fillText(text.codeLabel, POSTER_WIDTH / 2, 770);
  ctx.font = 'bold 48px ui-monospace, Menlo, monospace';
  ctx.fillText(text.code, POSTER_WIDTH / 2, 830);
}

function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

function wrap(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  max: number,
  lineHeight: number,
) {
  // Languages without spaces wrap by character.
  const units = text.includes(' ') ? text.split(' ').map((w, i) => (i ? ` ${w}` : w)) : [...text];
  let line = '';
  for (const unit of units) {
    if (ctx.measureText(line + unit).width > max && line) {
      ctx.fillText(line.trim(), x, y);
      y += lineHeight;
      line = unit.trimStart();
    } else line += unit;
  }
  if (line) ctx.fillText(line.trim(), x, y);
}

/** Saves the poster as a PNG download; false when the browser refuses. */
export function savePoster(canvas: HTMLCanvasElement, name: string): boolean {
  try {
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    return true;
  } catch {
    return false;
  }
}
