import { describe, expect, it } from 'vitest';
import { describeDevice, deviceParts } from './device.ts';
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
