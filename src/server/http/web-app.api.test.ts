import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../testing/harness.ts';

/**
 * The built web app is sent precompressed (a phone on a slow network): the build writes
 * .br and .gz beside each text file (vite.config.ts) and the server picks what the browser accepts.
 */
describe('serving the built web app', () => {
  let t: TestApp;
  let root: string;
  const script = `export const app = "${'bullpen '.repeat(400)}";`;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'bullpen-web-'));
    mkdirSync(join(root, 'assets'));
    const html = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
    for (const [file, body] of [
      ['index.html', html],
      ['assets/app-1.js', script],
    ] as const) {
      writeFileSync(join(root, file), body);
      writeFileSync(join(root, `${file}.br`), brotliCompressSync(body));
      writeFileSync(join(root, `${file}.gz`), gzipSync(body));
    }
    t = await bootTestApp('embedded', {}, { webRoot: root });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the brotli copy of a script to a browser that accepts it, and says it varies', async () => {
    const res = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends gzip, or the file itself, to browsers that accept only that', async () => {
    const gzip = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a page route the compressed index.html', async () => {
    const res = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });
});
