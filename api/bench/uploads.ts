/**
 * `npm run bench:uploads` (root) / `npm run bench:uploads -w api`: the api's memory under parallel
 * card-photo uploads. The api runs in its own process (bench/serve.ts, PGlite in a scratch folder,
 * or PostgreSQL as in bench.ts); its resident memory is sampled every 20 ms from /proc while
 *  1. 20 parallel 40-megapixel JPEGs are uploaded (refused from the header: over 12 MP), then
 *  2. 20 parallel 12-megapixel JPEGs (accepted: decoded two at a time and re-encoded).
 * Prints the peak RSS of each phase and of the whole run. Linux only (/proc).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { signedBody } from '../src/lib/sign.js';
import { benchDatabase } from './scratch-db.js';

const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 20);
const MB = 1024 * 1024;
const form = (fields: Record<string, string>) => new URLSearchParams(signedBody(fields)).toString();

/** A photo-like JPEG (noise, so it does not compress to nothing) under the api's 5 MB limit. */
async function photo(width: number, height: number): Promise<Buffer> {
  for (const [sigma, quality] of [
    [24, 80],
    [16, 70],
    [12, 55],
    [8, 45],
    [5, 35],
    [3, 25],
  ] as const) {
    const jpeg = await sharp({
      create: { width, height, channels: 3, background: '#7a8c99', noise: { type: 'gaussian', mean: 128, sigma } },
    })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length < 4.9 * MB) return jpeg;
  }
  return sharp({ create: { width, height, channels: 3, background: '#7a8c99' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const rssOf = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D/g, '') ?? 0) * 1024;
};

async function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'gl-bench-uploads-'));
  const pgdb = process.env.BENCH_DB === 'pglite' ? null : await benchDatabase();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'serve.ts')], {
    env: { ...process.env, BENCH_DATABASE_URL: pgdb?.url ?? '', UPLOAD_DIR: uploadDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  try {
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
    const api = (JSON.parse(first) as { apiUrl: string }).apiUrl;
    const pid = child.pid!;
    const post = async <T>(p: string, f: Record<string, string>) => {
      const r = await fetch(`${api}/gc${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form(f),
      });
      const j = (await r.json()) as { success: boolean; msg: string; data: T };
      if (!j.success) throw new Error(`${p}: ${j.msg}`);
      return j.data;
    };
    const email = `bench-up${Date.now()}@example.com`;
    await post('/user/sendEmailVerifyCode', { email });
    const outbox = (await (await fetch(`${api}/__dev/outbox`)).json()) as { to: string; code: string }[];
    const code = outbox.find((m) => m.to === email)?.code ?? '';
    const token = String(
      (
        await post<{ token: string }>('/user/appregister', {
          register_type: '1',
          country_id: '1',
          email,
          password: 'Secret123!',
          code,
        })
      ).token,
    );
    const slots = async (n: number) => {
      const out: string[] = [];
      while (out.length < n)
        out.push(
          ...(
            await post<{ url: string }[]>('/order/obsUrls', {
              token,
              image_count: String(Math.min(10, n - out.length)),
            })
          ).map((s) => s.url),
        );
      return out;
    };
    const putAll = async (urls: string[], body: Buffer) =>
      Promise.all(
        urls.map(async (u) => {
          // The link is on the api's public origin (PUBLIC_ORIGIN); the bench sends it to the api itself.
          const link = new URL(u, api);
          const r = await fetch(new URL(`${link.pathname}${link.search}`, api), {
            method: 'PUT',
            headers: { 'content-type': 'image/jpeg' },
            body: new Uint8Array(body),
          });
          return { status: r.status, msg: ((await r.json()) as { msg: string }).msg };
        }),
      );

    // Warm up: one small upload, so sharp and the routes are loaded before the baseline.
    await putAll(await slots(1), await photo(800, 600));
    const baseline = rssOf(pid, 'VmRSS');

    const phase = async (title: string, width: number, height: number) => {
      const body = await photo(width, height);
      const urls = await slots(PARALLEL);
      let peak = rssOf(pid, 'VmRSS');
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(pid, 'VmRSS'));
      }, 20);
      const started = Date.now();
      const results = await putAll(urls, body);
      const ms = Date.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(pid, 'VmRSS'));
      const outcome = [...new Set(results.map((r) => `${r.status} ${r.msg}`))].join('; ');
      return {
        title,
        image: `${width}×${height} (${((width * height) / 1e6).toFixed(0)} MP), ${(body.length / MB).toFixed(1)} MB`,
        ms,
        peak,
        outcome,
      };
    };
    const rows = [
      await phase(`${PARALLEL} parallel 40 MP uploads`, 8000, 5000),
      await phase(`${PARALLEL} parallel 12 MP uploads`, 4000, 3000),
    ];

    const f = (b: number) => `${(b / MB).toFixed(0)} MB`;
    console.log(`\napi process: RSS ${f(baseline)} before the uploads (${pgdb ? 'PostgreSQL' : 'PGlite'})\n`);
    console.log('| load | image | time | peak RSS | answers |');
    console.log('|---|---|---|---|---|');
    for (const r of rows)
      console.log(`| ${r.title} | ${r.image} | ${(r.ms / 1000).toFixed(1)} s | ${f(r.peak)} | ${r.outcome} |`);
    console.log(`\npeak RSS of the api over the whole run (VmHWM): ${f(rssOf(pid, 'VmHWM'))}`);
  } finally {
    child.stdin!.end();
    await stopped;
    await pgdb?.drop();
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
