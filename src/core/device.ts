import type { Translate } from './i18n/translator.ts';

/** What a user agent says of a device: its browser and system, by their own names. */
export interface DeviceParts {
  /** 'Chrome', 'Firefox'…; null for a browser not named here. */
  browser: string | null;
  /** A program calling the API (curl, Node), not a browser. */
  apiClient: boolean;
  /** 'Android', 'Windows'…; null when it does not say. */
  system: string | null;
}

export function deviceParts(userAgent: string | null | undefined): DeviceParts | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : /curl\//.test(userAgent)
            ? 'curl'
            : null;
  const apiClient = browser === null && /node|undici/i.test(userAgent);
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return { browser, apiClient, system };
}

/** A short, human name for a device, in the reader's language ("Chrome on Android", "Chrome en Android"). */
export function describeDevice(t: Translate, userAgent: string | null | undefined): string {
  const parts = deviceParts(userAgent);
  if (!parts) return t('shell.sessions.unknownDevice');
  const browser = parts.browser ?? (parts.apiClient ? t('shell.sessions.apiClient') : t('shell.sessions.someBrowser'));
  return parts.system ? t('shell.sessions.browserOn', { browser, system: parts.system }) : browser;
}

/**
 * A session's address as a person reads it: an IPv6 address in its short form ('2001:db8::1',
 * RFC 5952), as the URL standard writes a host; better-auth stores every group in full
 * ('2001:0db8:0000:…:0001'). Anything else as it is.
 */
export function shownAddress(ip: string): string {
  if (!ip.includes(':')) return ip;
  try {
    return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch {
    return ip;
  }
}
