import { type AddressInfo, createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string;
  body: string;
}

/**
 * A received body as written: quoted-printable soft line breaks joined and '=XX' codes decoded, as
 * the UTF-8 bytes they are ("=C3=B3" is "ó").
 */
export const plainBody = (body: string) => {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const code = joined[i] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3))?.[0] : undefined;
    if (code) {
      bytes.push(Number.parseInt(code, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
};

/** A real SMTP server in this process: the app sends through SMTP_URL as it would in production. */
export async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk) => {
        body += chunk;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
