import { describe, expect, it } from 'vitest';
import { listenProblem, portCheck, proxyCheck } from './listening.ts';

const at = { host: '127.0.0.1', port: 3000 };

describe('the port', () => {
  it('fails a port another program holds, and says what to do, as `bullpen serve` says it', () => {
    const taken = portCheck(at, { state: 'refused', code: 'EADDRINUSE', message: 'listen EADDRINUSE' });
    expect(taken).toEqual({
      name: 'port',
      status: 'fail',
      message:
        'port 3000 on 127.0.0.1 is already in use by another program (an older Bullpen still running?): stop it, or set PORT to a free port. The server would not start.',
    });
    expect(listenProblem(at, 'EADDRINUSE')).toBe(taken.message.replace('. The server would not start.', ''));
    expect(portCheck(at, { state: 'refused', code: 'EADDRNOTAVAIL', message: '' }).message).toMatch(
      /^HOST=127\.0\.0\.1 is not an address of this machine/,
    );
    expect(portCheck({ host: '0.0.0.0', port: 80 }, { state: 'refused', code: 'EACCES', message: '' }).message).toMatch(
      /^port 80 on 0\.0\.0\.0 is reserved for the administrator/,
    );
    expect(portCheck(at, { state: 'refused', code: 'EWHAT', message: 'listen EWHAT' }).message).toBe(
      'cannot listen on port 3000 on 127.0.0.1 (listen EWHAT). The server would not start.',
    );
    expect(listenProblem(at, 'ECONNRESET')).toBeNull();
  });

  it('passes a free port, PORT=0, and a port a running Bullpen answers on', () => {
    expect(portCheck(at, { state: 'free' })).toMatchObject({ status: 'ok', message: expect.stringMatching(/is free/) });
    expect(portCheck({ ...at, port: 0 }, { state: 'any' }).status).toBe('ok');
    expect(portCheck(at, { state: 'bullpen' }).message).toMatch(/in use by a Bullpen server that answers there/);
  });
});

describe('the proxy', () => {
  it('says what a hop count means, and warns when others can reach Bullpen past the proxy', () => {
    expect(proxyCheck({ host: '127.0.0.1', trust: 1 })).toEqual({
      name: 'proxy',
      status: 'ok',
      message:
        'BULLPEN_TRUST_PROXY=1: one proxy is in front of Bullpen, and a client’s address is the one it wrote in X-Forwarded-For.',
    });
    expect(proxyCheck({ host: 'localhost', trust: 2 }).message).toMatch(
      /^BULLPEN_TRUST_PROXY=2: 2 proxies are in front/,
    );
    const open = proxyCheck({ host: '0.0.0.0', trust: 1 });
    expect(open.status).toBe('warn');
    expect(open.message).toContain('HOST=0.0.0.0 lets others connect past the proxy');
  });

  it('fails a list that trusts nobody who can connect: no loopback address while HOST lets only this machine in', () => {
    const nobody = proxyCheck({ host: '127.0.0.1', trust: ['10.0.0.5'] });
    expect(nobody.status).toBe('fail');
    expect(nobody.message).toMatch(
      /^BULLPEN_TRUST_PROXY trusts 10\.0\.0\.5, but HOST=127\.0\.0\.1 lets only this machine connect, so it trusts nobody/,
    );
    expect(nobody.message).toContain('Set BULLPEN_TRUST_PROXY=1');
    expect(proxyCheck({ host: 'localhost', trust: ['10.0.0.0/8', '192.168.1.1'] }).status).toBe('fail');
    for (const trust of [['127.0.0.1'], ['127.0.0.0/8'], ['::1'], ['10.0.0.5', '127.0.0.1']]) {
      expect(proxyCheck({ host: '127.0.0.1', trust }).status, trust.join()).toBe('ok');
    }
    // Listening beyond this machine, a proxy elsewhere may be the one named.
    expect(proxyCheck({ host: '10.0.0.12', trust: ['10.0.0.5'] }).status).toBe('ok');
    expect(proxyCheck({ host: '127.0.0.1', trust: false }).status).toBe('ok');
  });
});
