/**
 * `bullpen doctor`'s judgement of where the server listens (HOST, PORT) and whose X-Forwarded-For it believes
 * (BULLPEN_TRUST_PROXY); pure, like checks.ts, and unit tested beside it (listening.test.ts).
 */
import { BlockList, isIP } from 'node:net';
import type { Check } from './checks.ts';

/** Where `bullpen serve` listens, as HOST and PORT say. */
export interface ListenAt {
  host: string;
  port: number;
}

/**
 * Why the server cannot listen at HOST:PORT, in words, from the error listening failed with (`EADDRINUSE` and
 * the like); null for an error that is not about the address. `bullpen serve` says it as it stops, and the doctor's
 * port check before it starts.
 */
export function listenProblem(at: ListenAt, code: string | undefined): string | null {
  const where = `port ${at.port} on ${at.host}`;
  switch (code) {
    case 'EADDRINUSE':
      return `${where} is already in use by another program (an older Bullpen still running?): stop it, or set PORT to a free port`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST=${at.host} is not an address of this machine: set HOST to one of its addresses (127.0.0.1 behind a proxy on this machine)`;
    case 'EACCES':
      return `${where} is reserved for the administrator (ports under 1024): set PORT=3000 and let the proxy serve ports 80 and 443`;
    default:
      return null;
  }
}

/** What trying HOST:PORT found: free, held by a Bullpen server that answers /healthz, or refused with a code. */
export type PortFound =
  | { state: 'free' | 'any' | 'bullpen' }
  | { state: 'refused'; code: string | undefined; message: string };

export function portCheck(at: ListenAt, found: PortFound): Check {
  const where = `port ${at.port} on ${at.host}`;
  switch (found.state) {
    case 'any':
      return { name: 'port', status: 'ok', message: 'PORT=0: the server takes a free port when it starts.' };
    case 'free':
      return { name: 'port', status: 'ok', message: `${where} is free for \`bullpen serve\`.` };
    case 'bullpen':
      return {
        name: 'port',
        status: 'ok',
        message: `${where} is in use by a Bullpen server that answers there (a running server: not checked further).`,
      };
    case 'refused':
      return {
        name: 'port',
        status: 'fail',
        message: `${listenProblem(at, found.code) ?? `cannot listen on ${where} (${found.message})`}. The server would not start.`,
      };
  }
}

/** HOST names this machine alone: only a program on it (the proxy) can connect. */
function onlyThisMachine(host: string): boolean {
  if (host === 'localhost') return true;
  const family = isIP(host);
  return family !== 0 && loopback().check(host, family === 4 ? 'ipv4' : 'ipv6');
}

function loopback(): BlockList {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  return list;
}

/** Whether a BULLPEN_TRUST_PROXY entry (an address or range, env.ts checked it) covers a loopback address. */
function coversLoopback(entry: string): boolean {
  const [address = '', bits] = entry.split('/');
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  if (bits === undefined) list.addAddress(address, family);
  else list.addSubnet(address, Number(bits), family);
  return list.check('127.0.0.1', 'ipv4') || list.check('::1', 'ipv6') || list.check('::ffff:127.0.0.1', 'ipv6');
}

/** What BULLPEN_TRUST_PROXY means with this HOST: whose address the sign-in limits count and sessions show. */
export function proxyCheck(found: { host: string; trust: false | number | readonly string[] }): Check {
  const { host, trust } = found;
  if (trust === false) {
    return {
      name: 'proxy',
      status: 'ok',
      message:
        'BULLPEN_TRUST_PROXY is not set: a client’s address is the connection’s, right when no proxy is in front of Bullpen.',
    };
  }
  if (typeof trust === 'number') {
    const means =
      `BULLPEN_TRUST_PROXY=${trust}: ${trust === 1 ? 'one proxy is' : `${trust} proxies are`} in front of Bullpen, ` +
      `and a client’s address is the one ${trust === 1 ? 'it' : 'they'} wrote in X-Forwarded-For`;
    return onlyThisMachine(host)
      ? { name: 'proxy', status: 'ok', message: `${means}.` }
      : {
          name: 'proxy',
          status: 'warn',
          message:
            `${means}; but HOST=${host} lets others connect past the proxy and write any address there, dodging ` +
            'the sign-in limits. Set HOST=127.0.0.1 with the proxy on this machine, or name the proxy’s address ' +
            'instead (BULLPEN_TRUST_PROXY=10.0.0.2).',
        };
  }
  const names = trust.join(', ');
  if (onlyThisMachine(host) && !trust.some(coversLoopback)) {
    return {
      name: 'proxy',
      status: 'fail',
      message:
        `BULLPEN_TRUST_PROXY trusts ${names}, but HOST=${host} lets only this machine connect, so it trusts nobody: ` +
        'every request seems to come from this machine, and one person’s wrong passwords block everyone’s sign-in. ' +
        'Set BULLPEN_TRUST_PROXY=1 (the one proxy in front) or 127.0.0.1.',
    };
  }
  return {
    name: 'proxy',
    status: 'ok',
    message: `BULLPEN_TRUST_PROXY: X-Forwarded-For is believed from ${names} only, so a client’s address is the one the proxy wrote there.`,
  };
}
