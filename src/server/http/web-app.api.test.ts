import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, databaseKinds, type TestApp } from '../testing/harness.ts';

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

/**
 * HEAD is answered like GET, without the body, for every page and for /healthz and /readyz: `curl -sI` and an
 * uptime monitor see what a browser would get, not a 404.
 */
describe.each(databaseKinds())('HEAD answered like GET (%s)', (kind) => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'bullpen-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    t = await bootTestApp(kind, {}, { webRoot: root });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers HEAD for the pages, /healthz and /readyz with GET’s status and headers, and no body', async () => {
    for (const url of ['/', '/login', '/tracker/games', '/admin/rest-rules?tab=presets', '/healthz', '/readyz']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(get.statusCode, url).toBe(200);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe(get.headers['cache-control']);
      expect(head.body, url).toBe('');
    }
    // The API's own 404 stays a 404 for HEAD too.
    expect((await t.app.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
  });
});
