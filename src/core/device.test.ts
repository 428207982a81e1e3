import { describe, expect, it } from 'vitest';
import { describeDevice, deviceParts, shownAddress } from './device.ts';
import { translator } from './i18n/translator.ts';

const names: Record<string, string> = {
  'shell.sessions.unknownDevice': 'Dispositivo desconocido',
  'shell.sessions.apiClient': 'Cliente de la API',
  'shell.sessions.someBrowser': 'Navegador',
};
// A Spanish reader's words, without the catalogues' files (the core reads none).
const spanish = translator(
  (id, values) => (id === 'shell.sessions.browserOn' ? `${values?.browser} en ${values?.system}` : (names[id] ?? id)),
  'es',
);

describe('describeDevice', () => {
  it("names a device in the reader's language, the browser and system by their own names", () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
    expect(describeDevice(spanish, chrome)).toBe('Chrome en Windows');
    expect(describeDevice(spanish, 'node')).toBe('Cliente de la API');
    expect(describeDevice(spanish, 'SomethingElse/1.0')).toBe('Navegador');
    expect(describeDevice(spanish, null)).toBe('Dispositivo desconocido');
    expect(deviceParts('curl/8.5.0')).toEqual({ browser: 'curl', apiClient: false, system: null });
  });
});

describe('shownAddress', () => {
  it('writes an IPv6 address short, as stored in full', () => {
    expect(shownAddress('0000:0000:0000:0000:0000:0000:0000:0001')).toBe('::1');
    expect(shownAddress('2001:0db8:0000:0000:0000:ff00:0042:8329')).toBe('2001:db8::ff00:42:8329');
    expect(shownAddress('2001:0DB8:000a:000b:0000:0000:0001:0000')).toBe('2001:db8:a:b::1:0');
  });

  it('leaves an IPv4 address, and anything that is no address, as it is', () => {
    expect(shownAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(shownAddress('unknown')).toBe('unknown');
    expect(shownAddress('2001:db8::zz')).toBe('2001:db8::zz');
  });
});
